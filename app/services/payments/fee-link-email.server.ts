// The 'Approve Your Payment' email (issue 40, docs/payments.md#fee-link): when the bank asks the
// customer to authenticate a fee's off-session charge, she is sent, in her visit's language (its
// services by the owner's Spanish names: inCustomerLanguage), the visit, which fee and its amount,
// the policy she agreed to as it is kept (visit_payments.policy_text), and the link to our page
// that goes on to Stripe Checkout. And 'A Fee Was Charged to Your Card': once the desk's no-show
// fee or her late cancellation's fee is charged to her saved card, she is told so, the same way.
import { m } from "~/paraglide/messages.js";
import type { Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import { formatCents } from "../../domain/money";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { type BookedAppointment, languageOf } from "../booking/booked-appointment.server";
import { visitCustomerEmail } from "../booking/booking-emails.server";
import { detailLines } from "../booking/visit-lines.server";
import type { FeeKind } from "../db/schema.server";
import { button, paragraph, rows, salonPhone } from "../email/email-blocks.server";
import type { CustomerMessage } from "../email/outbox.server";

/** How long an emailed payment link opens its page: then it says it has expired. */
export const FEE_LINK_DAYS = 14;

/**
 * The link the email carries, at the site's configured address (PUBLIC_URL, never a request's
 * Host): /schedule/fee?token=..., or /es/schedule/fee?token=... for a Spanish visit.
 */
export function feeLinkUrl(siteUrl: string, token: string, locale: Locale): string {
  const path = `/schedule/fee?token=${encodeURIComponent(token)}`;
  return `${siteUrl.replace(/\/$/, "")}${localizedPath(path, locale)}`;
}

/** "No-show fee of $15.00" or "Late cancellation fee of $15.00", in `locale`. */
export function feeWords(kind: FeeKind, cents: number, locale: Locale): string {
  const amount = formatCents(cents);
  return kind === "no_show_fee"
    ? m.fee_no_show({ amount }, { locale })
    : m.fee_late({ amount }, { locale });
}

/** `visit` as inCustomerLanguage names it; `policy` as she agreed to it. */
export function feeLinkEmail(
  visit: readonly BookedAppointment[],
  fee: { kind: FeeKind; cents: number; policy: string },
  link: string,
  salon: SalonDetails,
): CustomerMessage {
  const locale = languageOf(visit);
  const amount = formatCents(fee.cents);
  const intro =
    fee.kind === "no_show_fee"
      ? m.email_fee_intro_no_show({ amount }, { locale })
      : m.email_fee_intro_late({ amount }, { locale });
  return visitCustomerEmail(visit, salon, {
    subject: m.email_fee_subject({}, { locale }),
    blocks: [
      paragraph(intro),
      rows(detailLines(visit, locale)),
      paragraph(m.email_fee_bank({}, { locale })),
      paragraph(fee.policy),
      paragraph(m.email_fee_open({ days: FEE_LINK_DAYS }, { locale })),
      button(m.email_fee_button({}, { locale }), link),
      paragraph(m.email_secure_questions({}, { locale }), " ", salonPhone(salon), "."),
    ],
  });
}

/** The receipt of a fee charged to her saved card: `visit` as inCustomerLanguage names it. */
export function feeChargedEmail(
  visit: readonly BookedAppointment[],
  fee: { kind: FeeKind; cents: number; policy: string; depositCents: number },
  salon: SalonDetails,
): CustomerMessage {
  const locale = languageOf(visit);
  const amount = formatCents(fee.cents);
  // A card is charged only beyond the deposit, which the salon keeps whole toward the fee: then
  // the email says the part charged of the whole fee, as her cancellation email said the fee.
  const whole = { amount, fee: formatCents(fee.cents + fee.depositCents) };
  const intro =
    fee.depositCents > 0
      ? fee.kind === "no_show_fee"
        ? m.email_fee_charged_no_show_part(whole, { locale })
        : m.email_fee_charged_late_part(whole, { locale })
      : fee.kind === "no_show_fee"
        ? m.email_fee_charged_no_show({ amount }, { locale })
        : m.email_fee_charged_late({ amount }, { locale });
  const deposit =
    fee.depositCents > 0
      ? m.email_fee_charged_deposit({ deposit: formatCents(fee.depositCents) }, { locale })
      : null;
  return visitCustomerEmail(visit, salon, {
    subject: m.email_fee_charged_subject({}, { locale }),
    blocks: [
      paragraph(intro),
      rows(detailLines(visit, locale)),
      ...(deposit ? [paragraph(deposit)] : []),
      paragraph(m.email_fee_charged_policy({}, { locale })),
      paragraph(fee.policy),
      paragraph(m.email_secure_questions({}, { locale }), " ", salonPhone(salon), "."),
    ],
  });
}
