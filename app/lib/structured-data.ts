import { addDaysIso, WEEKDAYS } from "~/domain/booking/time-zone";
import type { Locale } from "~/domain/i18n/locale";
import { pickText } from "~/domain/i18n/localized-text";
import type { SalonFacts } from "~/domain/salon/salon-details";

/** How far ahead pages list special hours (docs/product.md#special-hours). */
const SPECIAL_HOURS_DAYS = 60;

/** The special hours that touch the next SPECIAL_HOURS_DAYS days from `today`. */
export function upcomingSpecialHours(facts: SalonFacts, today: string) {
  const last = addDaysIso(today, SPECIAL_HOURS_DAYS - 1);
  return facts.special.filter((entry) => entry.toDate >= today && entry.fromDate <= last);
}

/**
 * schema.org NailSalon description of the business, for home and locations; its one text, the
 * description, in the page's language (the owner's Spanish where written: docs/product.md#languages).
 */
export function nailSalonJsonLd(
  siteUrl: string,
  facts: SalonFacts,
  today: string,
  locale: Locale = "en",
): Record<string, unknown> {
  const business = facts.details;
  return {
    "@context": "https://schema.org",
    "@type": "NailSalon",
    "@id": `${siteUrl}/#salon`,
    name: business.name,
    description: pickText(locale, business.description, business.descriptionEs).text,
    url: `${siteUrl}/`,
    image: `${siteUrl}/images/og.jpg`,
    telephone: business.phoneE164,
    email: business.email,
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: business.geo.latitude,
      longitude: business.geo.longitude,
    },
    // One entry per weekday and range (a midday break is two).
    openingHoursSpecification: WEEKDAYS.flatMap((day) =>
      (business.hours[day] ?? []).map((range) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${day}`,
        opens: range.start,
        closes: range.end,
      })),
    ),
    // Google's reading: a closed day is opens and closes at 00:00.
    specialOpeningHoursSpecification: upcomingSpecialHours(facts, today).map((entry) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: entry.fromDate,
      validThrough: entry.toDate,
      opens: entry.closed ? "00:00" : entry.opens,
      closes: entry.closed ? "00:00" : entry.closes,
    })),
    sameAs: business.social.map((link) => link.url).filter((url) => url !== ""),
  };
}

/** Serialises JSON for a <script type="application/ld+json"> without allowing "</script>". */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
