import { ContactForm } from "~/components/contact-form";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { Picture } from "~/components/picture";
import { business } from "~/content/business";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { Route } from "./+types/contact";

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
          <Picture image="contact" sizes="(min-width: 900px) 360px, 100vw" />
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
