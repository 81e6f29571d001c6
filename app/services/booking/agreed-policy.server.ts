// The cancellation policy a protected visit's customer agreed to (issue 40,
// docs/payments.md#policy-in-emails): the sentences the booking dialog showed her, in her language
// at booking time, as the visit's evidence keeps them (visit_payments.policy_text). Every email
// to her about the visit after its confirmation (the reminder, the moved and the cancelled ones)
// repeats them, as the confirmation does; an unprotected visit's emails say nothing of it.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { appointments, visitPayments } from "../db/schema.server";
import { stripeSettings } from "../platform/env.server";

type Reader = Pick<Database, "select">;

/**
 * The policy agreed to for the visit of appointment `appointmentId`, one sentence a line: empty
 * unless its payment is secured (deposit paid or card on file, 'confirmed') while Stripe is
 * connected (without Stripe's keys no fee applies, docs/payments.md#customer-cancels).
 */
export async function agreedPolicy(db: Reader, appointmentId: string): Promise<string[]> {
  if (!stripeSettings()) return [];
  const [payment] = await db
    .select({ state: visitPayments.state, policyText: visitPayments.policyText })
    .from(visitPayments)
    .innerJoin(appointments, eq(appointments.visitId, visitPayments.visitId))
    .where(eq(appointments.id, appointmentId));
  return payment?.state === "confirmed" ? payment.policyText.split("\n") : [];
}
