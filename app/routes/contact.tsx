import { data, type ShouldRevalidateFunction } from "react-router";
import { ContactForm } from "~/components/contact-form";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { Picture } from "~/components/picture";
import { business } from "~/content/business";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/root";
import { submitContactEntry } from "~/server/contact.server";
import { readForm } from "~/server/form.server";
import { countPageView } from "~/server/page-views.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import type { Route } from "./+types/contact";

/** React in the browser: the form's loading, success and failure overlays. */
export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPageView(context.db, request, "Contact");
  return null;
}

// Generous for people (a visitor rarely writes twice), tight enough to stop a flood.
const CONTACT_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return data({ ok: false as const, formError: "The form could not be read." }, 400);
  // Honeypot: people never fill it. Bots get a quiet "thank you" and nothing is stored.
  if (String(form.get("website") ?? "") !== "") return { ok: true as const };
  const limit = await hitRateLimit(context.db, `contact:${context.clientAddress}`, CONTACT_LIMIT);
  if (!limit.allowed) {
    return data(
      {
        ok: false as const,
        formError: "You have sent several messages in a short time. Please try again later.",
      },
      { status: 429, headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } },
    );
  }
  const result = await submitContactEntry(context.db, {
    name: form.get("name"),
    email: form.get("email"),
    reason: form.get("reason"),
    message: form.get("message"),
  });
  if (!result.ok) return data({ ok: false as const, fieldErrors: result.fieldErrors }, 400);
  context.kickEmail();
  return { ok: true as const };
}

// Sending a message changes nothing this page shows: no reload (and no extra page view).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

// React Router sends an action's headers only through this export: without it the limit's
// Retry-After never left the server.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Contact Us | 2 x 10 Nails & Spa",
    description:
      "Questions, comments or concerns? Write to 2 x 10 Nails & Spa, call (312) 555-0142, or visit us at 1410 N Milwaukee Ave, Chicago.",
    keywords: ["contact nail salon", "nail salon phone Chicago"],
    path: "/contact",
  });

export default function Contact() {
  const { address } = business;
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">Contact</p>
        <h1>We would love to hear from you</h1>
        <p className="lead">Send us a question, a comment or a concern. We reply within one day.</p>
      </header>
      <div className="contact">
        <ContactForm />
        <aside className="contact__aside" aria-label="Salon contact details">
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
