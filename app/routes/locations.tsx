import { BookNowLink } from "~/components/book-now-link";
import { HoursList } from "~/components/hours-table";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { MapEmbed } from "~/components/map-embed";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import type { Locale } from "~/domain/i18n/locale";
import { langWithin, localeOfPath } from "~/domain/i18n/locale-path";
import { pickText } from "~/domain/i18n/localized-text";
import {
  groupWeeklyHours,
  type SalonDetails,
  type SpecialHoursEntry,
} from "~/domain/salon/salon-details";
import { formatIsoDateIn } from "~/lib/format";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, pageMeta, salonOf, titled } from "~/lib/meta";
import { hoursGroupLabel, hoursRangesLabel } from "~/lib/opening-hours-text";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { jsonForScript, nailSalonJsonLd, upcomingSpecialHours } from "~/lib/structured-data";
import { m } from "~/paraglide/messages.js";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/locations";

export const handle = {
  page: "Locations",
  cache: "static",
  listed: true,
  styles: ["hours", "locations"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const facts = await readSalonFacts(context.db);
  const today = salonDateOf(new Date(), SALON_TIME_ZONE);
  return {
    jsonLd: jsonForScript(nailSalonJsonLd(context.siteUrl, facts, today, locale)),
    special: upcomingSpecialHours(facts, today),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return pageMeta(matches, {
    title: `${titled(matches, m.locations_title({}, { locale }))}${cityOf(salonOf(matches))}`,
    description: describeVisit(salonOf(matches), locale),
    path: "/locations",
  });
};

/** ", Chicago" after the title: the city the owner keeps in 'Business Details'. */
const cityOf = (business: SalonDetails | undefined) =>
  business ? `, ${business.address.city}` : "";

/** "Find <name> at 1410 N Milwaukee Ave, Chicago. Open Mon-Fri 10:00 AM to 8:00 PM; ..." */
function describeVisit(business: SalonDetails | undefined, locale: Locale): string {
  if (!business) return m.locations_description_plain({}, { locale });
  const open = groupWeeklyHours(business.hours)
    .filter((group) => group.ranges.length > 0)
    .map((group) => `${hoursGroupLabel(group, locale)} ${hoursRangesLabel(group.ranges, locale)}`);
  const { street, city } = business.address;
  return m.locations_description(
    { name: business.name, street, city, hours: open.join("; ") },
    { locale },
  );
}

export default function Locations({ loaderData }: Route.ComponentProps) {
  const business = useSalon();
  const { address } = business;
  const locale = useLocale();
  return (
    <div className="page">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, with "<" escaped.
        dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }}
      />
      <header className="page-header">
        <p className="eyebrow">{m.locations_eyebrow({}, { locale })}</p>
        <h1>{m.locations_heading({}, { locale })}</h1>
      </header>
      <div className="location">
        <section className="location__details" aria-labelledby="city-title">
          <h2 id="city-title">{address.city}</h2>
          <address>
            <p className="with-icon">
              <PinIcon />
              <span>
                {address.street}
                <br />
                {address.city}, {address.region} {address.postalCode}
              </span>
            </p>
            <p className="with-icon">
              <PhoneIcon />
              <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
            </p>
            <p className="with-icon">
              <MailIcon />
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </p>
          </address>
          <h2 id="hours-title">{m.locations_hours({}, { locale })}</h2>
          <HoursList />
          <SpecialHoursList special={loaderData.special} />
          <p className="button-row">
            <BookNowLink />
          </p>
        </section>
        <MapEmbed />
      </div>
    </div>
  );
}

/**
 * The next 60 days' special hours, with the owner's notes ("Christmas Eve"; her Spanish note on a
 * Spanish page where written, else the English, marked so: docs/product.md#languages).
 */
function SpecialHoursList({ special }: { special: SpecialHoursEntry[] }) {
  const locale = useLocale();
  if (special.length === 0) return null;
  const date = (iso: string) => formatIsoDateIn(iso, locale);
  return (
    <section className="special-hours" aria-labelledby="special-hours-title">
      <h3 id="special-hours-title">{m.locations_special({}, { locale })}</h3>
      <dl className="hours">
        {special.map((entry) => {
          const note = pickText(locale, entry.note, entry.noteEs);
          return (
            <div key={entry.id}>
              <dt>
                {entry.fromDate === entry.toDate
                  ? date(entry.fromDate)
                  : m.locations_dates(
                      { from: date(entry.fromDate), to: date(entry.toDate) },
                      { locale },
                    )}
                {note.text ? (
                  <span className="special-hours__note" lang={langWithin(note.lang, locale)}>
                    {note.text}
                  </span>
                ) : null}
              </dt>
              <dd>
                {entry.closed || !entry.opens || !entry.closes
                  ? m.hours_closed({}, { locale })
                  : hoursRangesLabel([{ start: entry.opens, end: entry.closes }], locale)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
