import { Link } from "react-router";
import { HoursList } from "~/components/hours-table";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { MapEmbed } from "~/components/map-embed";
import { business } from "~/content/business";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { jsonForScript, nailSalonJsonLd } from "~/lib/structured-data";
import { countPageView } from "~/services/site/page-views.server";
import type { Route } from "./+types/locations";

export const handle = {
  page: "Locations",
  cache: "static",
  listed: true,
  styles: ["hours", "locations"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPageView(context.db, request, handle.page);
  return { jsonLd: jsonForScript(nailSalonJsonLd(context.siteUrl)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Location and Hours | 2 x 10 Nails & Spa, Chicago",
    description:
      "Find 2 x 10 Nails & Spa on Milwaukee Avenue in Wicker Park, Chicago. Open Mon-Fri 10 AM to 8 PM, Saturday 10 AM to 7 PM, Sunday 10 AM to 6 PM.",
    keywords: ["nail salon Wicker Park", "nail salon hours", "nail salon near me Chicago"],
    path: "/locations",
  });

export default function Locations({ loaderData }: Route.ComponentProps) {
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
        <section className="location__details" aria-labelledby="chicago-title">
          <h2 id="chicago-title">Chicago</h2>
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
          <p className="button-row">
            <Link className="button" to="/schedule">
              Schedule Appointment Now
            </Link>
          </p>
        </section>
        <MapEmbed />
      </div>
    </div>
  );
}
