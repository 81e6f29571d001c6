// The salon cancelling a protected visit refunds its deposit in full (issue 40,
// docs/payments.md#salon-cancels): once the cancel is committed and no appointment of the visit
// is still booked, a Refund on the deposit's PaymentIntent with an idempotency key made from the
// visit (one refund, however often it is asked), asked outside any transaction, then recorded
// once, in the caller's transaction with its log entry (refunds.server.ts). The webhook's
// charge.refunded agrees.
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database, Transaction } from "../db/client.server";
import { appointments, visitPayments } from "../db/schema.server";
import { stripeSettings } from "../platform/env.server";
import { askRefund, type RefundAsked, recordRefund } from "./refunds.server";

type Reader = Pick<Database, "select">;

export interface RefundDue {
  visitId: string;
  paymentIntentId: string;
  /** What is left of the deposit to refund, in cents. */
  cents: number;
  /** Refunded before (in Stripe's dashboard), in cents. */
  before: number;
  /** Who cancelled, for the refund's metadata (the salon unless said). */
  cancelledBy?: "salon" | "customer";
}

/**
 * The deposit to refund now that the salon cancelled the visit: none without Stripe's keys, for a
 * card on file, an unpaid or already refunded deposit, or while a service of the visit is still
 * booked (its deposit counts toward that one).
 */
export async function depositToRefund(db: Reader, visitId: string): Promise<RefundDue | undefined> {
  if (!stripeSettings()) return undefined;
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(and(eq(visitPayments.visitId, visitId), eq(visitPayments.kind, "deposit")));
  if (payment?.state !== "confirmed" || !payment.paymentIntentId) return undefined;
  if (payment.refundId) return undefined;
  const before = payment.refundedCents ?? 0;
  const cents = (payment.paidCents ?? 0) - before;
  if (cents <= 0) return undefined;
  const [booked] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.visitId, visitId), eq(appointments.status, "booked")))
    .limit(1);
  if (booked) return undefined;
  return { visitId, paymentIntentId: payment.paymentIntentId, cents, before };
}

/** The idempotency key of a visit's deposit refund: one refund per visit. */
export const depositRefundKey = (visitId: string) => `visit-${visitId}-deposit-refund`;

export type RefundDone = RefundAsked;

/** Refunds the rest of the deposit on its PaymentIntent; a refusal or no answer is a value. */
export const refundDeposit = (stripe: Stripe, due: RefundDue): Promise<RefundDone> =>
  askRefund(stripe, {
    paymentIntentId: due.paymentIntentId,
    cents: due.cents,
    metadata: { visit_id: due.visitId, kind: `${due.cancelledBy ?? "salon"}_cancelled` },
    key: depositRefundKey(due.visitId),
  });

/**
 * Records the refund in the caller's transaction: true the first time; false when already known
 * (a second cancel's follow-up, or Stripe's charge.refunded recorded it first: then only its id
 * is added, and the webhook's log entry stands for it).
 */
export async function recordDepositRefund(
  tx: Transaction,
  due: RefundDue,
  refund: Extract<RefundDone, { ok: true }>,
  now: Date,
): Promise<boolean> {
  const [payment] = await tx
    .select({ refundId: visitPayments.refundId, refundedCents: visitPayments.refundedCents })
    .from(visitPayments)
    .where(eq(visitPayments.visitId, due.visitId))
    .for("update");
  if (!payment || payment.refundId) return false;
  const refundedCents = due.before + refund.cents;
  const told = (payment.refundedCents ?? 0) >= refundedCents;
  await tx
    .update(visitPayments)
    .set(
      told
        ? { refundId: refund.refundId }
        : { refundId: refund.refundId, refundedCents, refundedAt: now },
    )
    .where(and(eq(visitPayments.visitId, due.visitId), isNull(visitPayments.refundId)));
  if (!told) {
    await recordRefund(tx, {
      paymentIntentId: due.paymentIntentId,
      totalRefundedCents: refundedCents,
      visitId: due.visitId,
      kind: "deposit",
      cents: refund.cents,
      refundId: refund.refundId,
      refundedAt: now,
    });
  }
  return !told;
}
