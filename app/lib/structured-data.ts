import { business } from "~/content/business";

/** schema.org NailSalon description of the business, for home and locations. */
export function nailSalonJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NailSalon",
    "@id": `${siteUrl}/#salon`,
    name: business.name,
    description: business.description,
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
    openingHoursSpecification: business.hours.map((hours) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
    sameAs: business.social.map((link) => link.url).filter((url) => url !== ""),
  };
}

/** Serialises JSON for a <script type="application/ld+json"> without allowing "</script>". */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
