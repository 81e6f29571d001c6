// The 'Secure Your Booking' email (issue 40, docs/payments.md#secure-your-booking): to the
// customer of a protected visit the front desk booked, in her language (the visit's `language`,
// its services by the owner's Spanish names: inCustomerLanguage), saying the visit, what is asked
// (a deposit or a card on file), the cancellation policy as the booking dialog says it, and the
// link to our page that takes her agreement and goes on to Stripe Checkout.
import { m } from "~/paraglide/messages.js";
import type { Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import { formatCents } from "../../domain/money";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { type BookedAppointment, languageOf } from "../booking/booked-appointment.server";
import { visitCustomerEmail } from "../booking/booking-emails.server";
import { detailLines } from "../booking/visit-lines.server";
import { button, paragraph, rows, salonPhone } from "../email/email-blocks.server";
import type { CustomerMessage } from "../email/outbox.server";
import type { VisitProtection } from "./visit-protection.server";

/**
 * The link the email carries, at the site's configured address (PUBLIC_URL, never a request's
 * Host): /schedule/secure?token=..., or /es/schedule/secure?token=... for a Spanish customer.
 */
export function secureBookingUrl(siteUrl: string, token: string, locale: Locale): string {
  const path = `/schedule/secure?token=${encodeURIComponent(token)}`;
  return `${siteUrl.replace(/\/$/, "")}${localizedPath(path, locale)}`;
}

/** `visit` as inCustomerLanguage names it; `protection` with the policy in her language. */
export function secureBookingEmail(
  visit: readonly BookedAppointment[],
  protection: VisitProtection,
  link: string,
  salon: SalonDetails,
): CustomerMessage {
  const locale = languageOf(visit);
  const { ask } = protection;
  const asks =
    ask.kind === "deposit"
      ? m.email_secure_ask_deposit({ amount: formatCents(ask.cents) }, { locale })
      : m.email_secure_ask_card({}, { locale });
  return visitCustomerEmail(visit, salon, {
    subject: m.email_secure_subject({}, { locale }),
    blocks: [
      paragraph(m.email_secure_intro({}, { locale })),
      rows(detailLines(visit, locale)),
      paragraph(asks),
      paragraph(protection.policy.join("\n")),
      paragraph(m.email_secure_open({}, { locale })),
      button(m.email_secure_button({}, { locale }), link),
      paragraph(m.email_secure_questions({}, { locale }), " ", salonPhone(salon), "."),
    ],
  });
}
