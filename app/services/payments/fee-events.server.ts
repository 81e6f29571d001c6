// What Stripe's webhook tells of a no-show fee and of refunds (issue 40,
// docs/payments.md#webhooks), applied in the webhook's transaction with the event's id, so a
// repeated delivery has no second effect. payment_intent.succeeded / payment_intent.payment_failed
// of a fee the desk charged (found by its PaymentIntent) settle a fee still processing, or one
// later completed or failed; charge.refunded of a deposit records a refund made elsewhere (in
// Stripe's dashboard). What the record already says changes nothing and writes no log entry.
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import type { Transaction } from "../db/client.server";
import { appointments, visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { STRIPE_ACTOR } from "./paid-visits.server";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** "Dana Cole's visit of Thursday, November 26 2026", for the activity log. */
async function visitWords(tx: Transaction, visitId: string): Promise<string> {
  const [first] = await tx
    .select({ name: appointments.name, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  if (!first) return "a visit";
  return `${first.name}'s visit of ${formatDateString(first.startsAt, SALON_TIME_ZONE)}`;
}

/** payment_intent.succeeded or .payment_failed: a no-show fee's outcome, when it is news. */
export async function applyFeeIntent(
  tx: Transaction,
  intent: Stripe.PaymentIntent,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  if (intent.metadata?.kind !== "no_show_fee") return;
  const fee = eq(visitPayments.noShowFeeIntentId, intent.id);
  const cents = intent.amount_received || intent.amount;
  const [row] = succeeded
    ? await tx
        .update(visitPayments)
        .set({ noShowFeeState: "succeeded", noShowFeeCents: cents, noShowFeeAt: now })
        .where(
          and(
            fee,
            or(isNull(visitPayments.noShowFeeState), ne(visitPayments.noShowFeeState, "succeeded")),
          ),
        )
        .returning({ visitId: visitPayments.visitId })
    : await tx
        .update(visitPayments)
        .set({
          noShowFeeState: "failed",
          noShowFeeAttempts: sql`${visitPayments.noShowFeeAttempts} + 1`,
        })
        .where(and(fee, eq(visitPayments.noShowFeeState, "processing")))
        .returning({ visitId: visitPayments.visitId });
  if (!row) return;
  const visit = await visitWords(tx, row.visitId);
  const why = intent.last_payment_error?.message;
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    succeeded
      ? `Charged the no-show fee of ${formatCents(cents)} for ${visit}`
      : `The no-show fee of ${formatCents(intent.amount)} for ${visit} failed${why ? ` (${why})` : ""}; nothing was charged`,
  );
}

/**
 * charge.refunded: a deposit's refund recorded (its whole refunded amount, as Stripe says it);
 * false when the charge is of no visit's deposit, so the caller logs it as any refund.
 */
export async function applyDepositRefunded(
  tx: Transaction,
  charge: Stripe.Charge,
  now: Date,
): Promise<boolean> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return false;
  const [payment] = await tx
    .select()
    .from(visitPayments)
    .where(and(eq(visitPayments.paymentIntentId, intentId), eq(visitPayments.kind, "deposit")))
    .for("update");
  if (!payment) return false;
  // Already what the record says (the salon's own refund, recorded when it cancelled).
  if (payment.refundedCents === charge.amount_refunded) return true;
  const refundId = payment.refundId ?? idOf(charge.refunds?.data[0]) ?? null;
  await tx
    .update(visitPayments)
    .set({ refundedCents: charge.amount_refunded, refundId, refundedAt: now })
    .where(eq(visitPayments.visitId, payment.visitId));
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    `Refunded ${formatCents(charge.amount_refunded)} of the deposit of ${await visitWords(tx, payment.visitId)}`,
  );
  return true;
}
