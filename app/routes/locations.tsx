import { BookNowLink } from "~/components/book-now-link";
import { HoursList } from "~/components/hours-table";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { MapEmbed } from "~/components/map-embed";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import {
  groupWeeklyHours,
  rangesLabel,
  type SalonDetails,
  type SpecialHoursEntry,
} from "~/domain/salon/salon-details";
import { formatIsoDate } from "~/lib/format";
import { pageMeta, salonOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { jsonForScript, nailSalonJsonLd, upcomingSpecialHours } from "~/lib/structured-data";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/locations";

export const handle = {
  page: "Locations",
  cache: "static",
  listed: true,
  styles: ["hours", "locations"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const facts = await readSalonFacts(context.db);
  const today = salonDateOf(new Date(), SALON_TIME_ZONE);
  return {
    jsonLd: jsonForScript(nailSalonJsonLd(context.siteUrl, facts, today)),
    special: upcomingSpecialHours(facts, today),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `${titled(matches, "Location and Hours")}${cityOf(salonOf(matches))}`,
    description: describeVisit(salonOf(matches)),
    path: "/locations",
  });

/** ", Chicago" after the title: the city the owner keeps in 'Business Details'. */
const cityOf = (business: SalonDetails | undefined) =>
  business ? `, ${business.address.city}` : "";

/** "Find us at 1410 N Milwaukee Ave, Chicago. Open Mon-Fri 10:00 AM to 8:00 PM, ..." */
function describeVisit(business: SalonDetails | undefined): string {
  if (!business) return "Our address, opening hours and map.";
  const open = groupWeeklyHours(business.hours)
    .filter((group) => group.ranges.length > 0)
    .map((group) => `${group.label} ${rangesLabel(group.ranges)}`);
  return `Find ${business.name} at ${business.address.street}, ${business.address.city}. Open ${open.join("; ")}.`;
}

export default function Locations({ loaderData }: Route.ComponentProps) {
  const business = useSalon();
  const { address } = business;
  return (
    <div className="page">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, with "<" escaped.
        dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }}
      />
      <header className="page-header">
        <p className="eyebrow">Visit</p>
        <h1>Locations and Hours</h1>
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
          <h2 id="hours-title">Hours</h2>
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

/** The next 60 days' special hours, with the owner's notes ("Christmas Eve"). */
function SpecialHoursList({ special }: { special: SpecialHoursEntry[] }) {
  if (special.length === 0) return null;
  return (
    <section className="special-hours" aria-labelledby="special-hours-title">
      <h3 id="special-hours-title">Special hours</h3>
      <dl className="hours">
        {special.map((entry) => (
          <div key={entry.id}>
            <dt>
              {entry.fromDate === entry.toDate
                ? formatIsoDate(entry.fromDate)
                : `${formatIsoDate(entry.fromDate)} to ${formatIsoDate(entry.toDate)}`}
              {entry.note ? <span className="special-hours__note">{entry.note}</span> : null}
            </dt>
            <dd>
              {entry.closed || !entry.opens || !entry.closes
                ? "Closed"
                : rangesLabel([{ start: entry.opens, end: entry.closes }])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
