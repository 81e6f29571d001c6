// Each refund of a protected visit's money, recorded once (issue 40, docs/payments.md#refunds):
// the salon's own refund of a deposit (deposit-refund.server.ts), and Stripe's charge.refunded
// of a deposit or of a fee, which tells of refunds made in Stripe's dashboard. One row per refund
// in payment_refunds, on the day it was made, which Reports sum by day; a deposit's refunded
// total is also kept on its visit_payments row, which says what is left of it to count or refund.
import { eq, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatCents } from "../../domain/money";
import { PAID_KIND_WORDS } from "../../domain/payments/payment-policy";
import type { Transaction } from "../db/client.server";
import { paymentRefunds, type RefundKind, visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { visitWords } from "./fee-events.server";
import { STRIPE_ACTOR } from "./paid-visits.server";

type RefundRow = typeof paymentRefunds.$inferInsert;

/**
 * Stripe's answer to a refund asked: made, or not: refused (it answered), or no answer at all
 * (`answered` false: it may have been made, so a next try asks again with the same key).
 */
export type RefundAsked =
  | { ok: true; refundId: string; cents: number }
  | { ok: false; reason: string; answered: boolean };

/**
 * Asks Stripe for a Refund of `cents` on a PaymentIntent with an idempotency key (the deposit's
 * and the fees' refunds all ask through here); a refusal or no answer is a value.
 */
export async function askRefund(
  stripe: Stripe,
  ask: { paymentIntentId: string; cents: number; metadata: Record<string, string>; key: string },
): Promise<RefundAsked> {
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: ask.paymentIntentId, amount: ask.cents, metadata: ask.metadata },
      { idempotencyKey: ask.key },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      const reason = refund.failure_reason ?? `the refund ${refund.status}`;
      return { ok: false, reason, answered: true };
    }
    return { ok: true, refundId: refund.id, cents: refund.amount };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const answered = (error as { type?: string }).type !== "StripeConnectionError";
    return { ok: false, reason, answered };
  }
}

/** Stores one refund; false when its intent's total was told before (the same refund). */
export async function recordRefund(tx: Transaction, refund: RefundRow): Promise<boolean> {
  const stored = await tx
    .insert(paymentRefunds)
    .values(refund)
    .onConflictDoNothing()
    .returning({ cents: paymentRefunds.cents });
  return stored.length > 0;
}

/** What the refunds recorded of a PaymentIntent come to, in cents. */
async function refundedOf(tx: Transaction, paymentIntentId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.cents}), 0)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentIntentId, paymentIntentId));
  return Number(row?.cents ?? 0);
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The visit's payment whose deposit, no-show fee or late fee was the PaymentIntent `intentId`
 * (locked for the caller's transaction), and which of them it was; undefined for no visit's.
 */
export async function paymentOfIntent(tx: Transaction, intentId: string) {
  const [payment] = await tx
    .select()
    .from(visitPayments)
    .where(
      or(
        eq(visitPayments.paymentIntentId, intentId),
        eq(visitPayments.noShowFeeIntentId, intentId),
        eq(visitPayments.lateFeeIntentId, intentId),
      ),
    )
    .limit(1)
    .for("update");
  if (!payment) return undefined;
  const kind: RefundKind =
    payment.paymentIntentId === intentId
      ? "deposit"
      : payment.noShowFeeIntentId === intentId
        ? "no_show_fee"
        : "late_cancel_fee";
  return { payment, kind };
}

/**
 * charge.refunded of a visit's deposit or fee (its PaymentIntent is one of the visit's): the
 * refund Stripe newly tells of, the total refunded now less what was recorded, stored on this
 * day and logged ("Refunded $10.00 of the no-show fee of Dana Cole's visit of ..."); a total
 * already recorded (a repeated event, the salon's own refund, an older event arriving late)
 * adds nothing. False when the charge is of no visit, so the caller logs it as any refund.
 */
export async function applyChargeRefunded(
  tx: Transaction,
  charge: Stripe.Charge,
  now: Date,
): Promise<boolean> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return false;
  const found = await paymentOfIntent(tx, intentId);
  if (!found) return false;
  const { payment, kind } = found;
  const cents = charge.amount_refunded - (await refundedOf(tx, intentId));
  if (cents <= 0) return true;
  const refundId = idOf(charge.refunds?.data[0]);
  await recordRefund(tx, {
    paymentIntentId: intentId,
    totalRefundedCents: charge.amount_refunded,
    visitId: payment.visitId,
    kind,
    cents,
    refundId,
    refundedAt: now,
  });
  // The deposit's total (what is left of it to count or refund). Its `refund_id` stays the salon's
  // own refund's: a partial refund in the dashboard does not stop the salon refunding the rest.
  if (kind === "deposit") {
    await tx
      .update(visitPayments)
      .set({ refundedCents: charge.amount_refunded, refundedAt: now })
      .where(eq(visitPayments.visitId, payment.visitId));
  }
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    `Refunded ${formatCents(cents)} of the ${PAID_KIND_WORDS[kind]} of ${await visitWords(tx, payment.visitId)}`,
  );
  return true;
}
