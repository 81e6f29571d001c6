// /scheduleadmin's part of a protected visit booked at the desk (issue 40,
// docs/payments.md#secure-your-booking): 'Email Secure Your Booking' (intent `email-secure-link`)
// and 'Waive Protection' (intent `waive-protection`), any staff account (the front desk's work),
// each in the page's transaction with its log entry (scheduleadmin-change.server.ts). The email is
// limited per visit (RATE_LIMITS.secureBookingEmail), so pressing it again cannot flood her.
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { isUuid } from "~/domain/uuid";
import type { Database, Transaction } from "~/services/db/client.server";
import {
  emailSecureLink,
  type NotSecurable,
  type SecuringResult,
  waiveProtection,
} from "~/services/payments/secure-booking.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import {
  type ChangeBy,
  type Done,
  invalid,
  type Refusal,
  refusal,
} from "./scheduleadmin-change.server";

export const SECURE_INTENTS = ["email-secure-link", "waive-protection"] as const;
export type SecureIntent = (typeof SECURE_INTENTS)[number];

export const isSecureIntent = (intent: string): intent is SecureIntent =>
  (SECURE_INTENTS as readonly string[]).includes(intent);

const IdForm = textFields("id");

/** Why nothing was done, as the desk is told. */
const NOT_SECURABLE: Record<NotSecurable, [status: number, message: string]> = {
  off: [404, "Payments are not connected."],
  "not-found": [404, "That appointment is no longer booked."],
  started: [409, "This visit has begun: there is nothing to secure."],
  "not-desk": [409, "This visit was booked online: its payment was asked then."],
  "not-asked": [409, "This visit's services ask no deposit or card."],
  secured: [409, "This visit's payment is already made, or the customer is paying now."],
  waived: [409, "The protection of this visit was already waived."],
  "no-email": [409, "This customer has no email address: call her, or waive the protection."],
};

/** "Dana Cole's visit of Thursday, November 26 2026, 10:00 AM". */
function visitWords(result: Extract<SecuringResult, { ok: true }>) {
  const first = result.visit.rows[0];
  if (!first) return "the visit";
  const when = `${formatDateString(first.startsAt, SALON_TIME_ZONE)}, ${formatSlotLabel(first.startsAt, SALON_TIME_ZONE)}`;
  return `${first.name}'s visit of ${when}`;
}

export async function performSecure(
  db: Database,
  intent: SecureIntent,
  form: FormData,
  by: ChangeBy,
): Promise<Done | Refusal> {
  const read = parseForm(form, IdForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const id = read.data.id ?? "";
  if (!isUuid(id)) return refusal(...NOT_SECURABLE["not-found"]);
  // The page's action runs this in its transaction (answerChange).
  const tx = db as unknown as Transaction;
  if (intent === "waive-protection") {
    const result = await waiveProtection(tx, id, by.user);
    if (!result.ok) return refusal(...NOT_SECURABLE[result.kind]);
    const name = result.visit.rows[0]?.name ?? "the customer";
    return {
      ok: true,
      id,
      did: `Waived the protection (${result.asked}) of ${visitWords(result)}`,
      said: `Waived the protection of ${name}'s visit.`,
    };
  }
  const salon = (await readSalonFacts(db)).details;
  const limit = await hitRateLimit(db, `secure-email:${id}`, RATE_LIMITS.secureBookingEmail);
  if (!limit.allowed) {
    return refusal(
      429,
      `Secure Your Booking was already emailed for this appointment ${RATE_LIMITS.secureBookingEmail.limit} times in the last hour: please wait before sending it again.`,
    );
  }
  const result = await emailSecureLink(tx, id, { by: by.user, siteUrl: by.siteUrl, salon });
  if (!result.ok) return refusal(...NOT_SECURABLE[result.kind]);
  const first = result.visit.rows[0];
  return {
    ok: true,
    id,
    did: `Emailed Secure Your Booking (${result.asked}) to ${first?.email ?? ""} for ${visitWords(result)}`,
    said: `Emailed Secure Your Booking to ${first?.name ?? "the customer"}.`,
    emails: true,
  };
}
