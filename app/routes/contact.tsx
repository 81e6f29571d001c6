import { data } from "react-router";
import { ContactIsland } from "~/components/contact-form";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { Island } from "~/components/island";
import { Paragraphs } from "~/components/page-text";
import { Picture } from "~/components/picture";
import { localeOfPath } from "~/domain/i18n/locale-path";
import type { SalonDetails } from "~/domain/salon/salon-details";
import { useLocale } from "~/lib/i18n";
import { localeOfMatches, pageMeta, salonOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { islandAssets } from "~/services/platform/islands.server";
import { readPageTexts } from "~/services/site/page-texts.server";
import type { Route } from "./+types/contact";
import { attemptContact, contactValuesOf } from "./contact-send.server";

export const handle = {
  page: "Contact",
  cache: "static",
  listed: true,
  island: "contact",
  styles: ["forms", "contact"],
} satisfies RouteHandle;

// React in the browser only for the form and its loading, success and failure overlays: an
// island (docs/decisions/014-islands.md), so the page is sent without React Router's client.

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  // The introduction is the owner's ('Page Texts', docs/product.md#page-texts).
  const intro = (await readPageTexts(context.db, locale)).contactIntro;
  return { island: islandAssets(handle.island), intro };
}

// The form without JavaScript posts here, and the page shows the answer with what was typed
// (nothing sent is lost); the contact island posts to /contact/send.
export async function action({ request, context }: Route.ActionArgs) {
  const attempt = await attemptContact(request, context);
  const body =
    !attempt.body.ok && attempt.form
      ? { ...attempt.body, values: contactValuesOf(attempt.form) }
      : attempt.body;
  return data(body, { status: attempt.status, headers: attempt.headers });
}

// React Router sends an action's headers only through this export: without it the limit's
// Retry-After never left the server.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  const salon = salonOf(matches);
  return pageMeta(matches, {
    title: titled(matches, m.nav_contact_us({}, { locale })),
    description:
      locale === "es" && salon
        ? m.contact_description(
            {
              name: salon.name,
              phone: salon.phone,
              street: salon.address.street,
              city: salon.address.city,
            },
            { locale },
          )
        : describeContact(salon),
    path: "/contact",
  });
};

/** "Questions, comments or concerns? Write to <name>, call <phone>, or visit us at <street>, <city>." */
function describeContact(salon: SalonDetails | undefined): string {
  if (!salon) return "Questions, comments or concerns? Write to us, call or visit.";
  const { name, phone, address } = salon;
  return `Questions, comments or concerns? Write to ${name}, call ${phone}, or visit us at ${address.street}, ${address.city}.`;
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const business = useSalon();
  const { address } = business;
  const locale = useLocale();
  // Without JavaScript the form posts to this page, which shows the answer.
  const props = { answer: actionData ?? null, locale };
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">{m.contact_eyebrow({}, { locale })}</p>
        <h1>{m.contact_heading({}, { locale })}</h1>
        <Paragraphs text={loaderData.intro} className="lead" />
      </header>
      <div className="contact">
        <Island name="contact" props={props} assets={loaderData.island}>
          <ContactIsland {...props} />
        </Island>
        <aside className="contact__aside" aria-label={m.contact_details({}, { locale })}>
          <Picture image="contact" sizes="(min-width: 900px) 360px, 100vw" priority />
          <address>
            <p className="with-icon">
              <PhoneIcon />
              <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
            </p>
            <p className="with-icon">
              <MailIcon />
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </p>
            <p className="with-icon">
              <PinIcon />
              <span>
                {address.street}, {address.city}, {address.region} {address.postalCode}
              </span>
            </p>
          </address>
        </aside>
      </div>
    </div>
  );
}
