// The owner's 'Refund Late Cancellation Fee' on the customer's page gives back the whole fee
// (docs/payments.md#refunding-a-fee): what her card was charged of it (refundFeeOf, as the
// no-show fee's refund) and the part of her deposit the salon kept toward it (here), a Refund on
// the deposit's PaymentIntent. Each part is refunded at most once: the kept part with a key made
// from the visit, what was refunded of the deposit before and the late fee's refusals so far,
// recorded once in the refund ledger (refunds.server.ts) with its log entry.
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import type { Database, Transaction } from "../db/client.server";
import { paymentDisputes, type StaffUser, visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { type FeeRefundAnswer, refundableFees, refundFeeOf } from "./fee-refund.server";
import { feeAppointment } from "./no-show-fee.server";
import { recordRefund } from "./refunds.server";
import { stripeClient } from "./stripe-client.server";

type Reader = Pick<Database, "select">;

/** The part of a cancelled visit's deposit kept toward its late fee that is still held. */
interface KeptDeposit {
  visitId: string;
  paymentIntentId: string;
  /** Left to refund: the part kept, less what was refunded of the deposit since. */
  cents: number;
  /** Refunded of the deposit before, in cents (at her cancel, the part the fee did not keep). */
  before: number;
  /** The owner's refusals of the late fee so far. */
  attempt: number;
}

/**
 * The kept deposit part of each of `visitIds` still held: a confirmed deposit whose late fee kept
 * some of it, not disputed by her bank (settled in Stripe then), not all refunded since, and the
 * fee's card part (if any) settled: charged, or failed.
 */
async function keptDeposits(db: Reader, visitIds: string[]): Promise<Map<string, KeptDeposit>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select({
      visitId: visitPayments.visitId,
      paymentIntentId: visitPayments.paymentIntentId,
      kept: visitPayments.lateFeeKeptCents,
      paid: visitPayments.paidCents,
      refunded: visitPayments.refundedCents,
      attempt: visitPayments.lateFeeRefundAttempts,
      cardPart: visitPayments.lateFeeState,
      disputed: sql<boolean>`exists (select 1 from ${paymentDisputes} where ${and(
        eq(paymentDisputes.visitId, visitPayments.visitId),
        eq(paymentDisputes.kind, "deposit"),
        ne(paymentDisputes.status, "won"),
      )})`,
    })
    .from(visitPayments)
    .where(
      and(
        inArray(visitPayments.visitId, visitIds),
        eq(visitPayments.kind, "deposit"),
        eq(visitPayments.state, "confirmed"),
        isNotNull(visitPayments.lateFeeKeptCents),
      ),
    );
  const kept = new Map<string, KeptDeposit>();
  for (const row of rows) {
    const before = row.refunded ?? 0;
    const cents = Math.min(row.kept ?? 0, (row.paid ?? 0) - before);
    // Not while the fee's card part waits for her approval or for Stripe: it is not settled yet.
    const settling = row.cardPart === "awaiting" || row.cardPart === "processing";
    if (!row.paymentIntentId || row.disputed || settling || cents <= 0) continue;
    const { visitId, paymentIntentId, attempt } = row;
    kept.set(visitId, { visitId, paymentIntentId, cents, before, attempt });
  }
  return kept;
}

/**
 * For the owner: each of `visitIds` (cancelled visits) whose late fee is not all given back, with
 * what is left of it in cents, its card part and its kept deposit part together.
 */
export async function lateFeeRefundsOffered(
  db: Reader,
  visitIds: readonly string[],
): Promise<Map<string, number>> {
  const card = await refundableFees(db, "late_cancel_fee", visitIds);
  if (!stripeClient()) return card;
  const offered = new Map(card);
  for (const [visitId, kept] of await keptDeposits(db, [...new Set(visitIds)])) {
    offered.set(visitId, (offered.get(visitId) ?? 0) + kept.cents);
  }
  return offered;
}

/** The idempotency key of the kept part's refund: two clicks share it; a later try has its own. */
const keptRefundKey = (kept: KeptDeposit) =>
  `visit-${kept.visitId}-late-cancel-fee-kept-deposit-refund-${kept.before}-${kept.attempt}`;

/** Refunds the kept part on the deposit's PaymentIntent; a refusal or no answer is a value. */
async function refundKept(stripe: Stripe, kept: KeptDeposit) {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: kept.paymentIntentId,
        amount: kept.cents,
        metadata: { visit_id: kept.visitId, kind: "late_cancel_fee_refund" },
      },
      { idempotencyKey: keptRefundKey(kept) },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      return { ok: false as const, reason: refund.failure_reason ?? `the refund ${refund.status}` };
    }
    return { ok: true as const, refundId: refund.id, cents: refund.amount };
  } catch (error) {
    return { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Records the kept part's refund on the deposit: its total refunded and a row of the ledger; false
 * when Stripe's charge.refunded of it was recorded first (then it is logged by Stripe's entry).
 */
async function recordKeptRefund(
  tx: Transaction,
  kept: KeptDeposit,
  refund: { refundId: string; cents: number },
  now: Date,
): Promise<boolean> {
  const total = kept.before + refund.cents;
  const [payment] = await tx
    .select({ refunded: visitPayments.refundedCents })
    .from(visitPayments)
    .where(eq(visitPayments.visitId, kept.visitId))
    .for("update");
  if ((payment?.refunded ?? 0) < total) {
    await tx
      .update(visitPayments)
      .set({ refundedCents: total, refundedAt: now })
      .where(eq(visitPayments.visitId, kept.visitId));
  }
  return recordRefund(tx, {
    paymentIntentId: kept.paymentIntentId,
    totalRefundedCents: total,
    visitId: kept.visitId,
    kind: "deposit",
    cents: refund.cents,
    refundId: refund.refundId,
    refundedAt: now,
  });
}

/**
 * 'Refund Late Cancellation Fee', the owner's only: what is left of the fee's card part (as
 * refundFeeOf does it), then of the deposit kept toward it, given back to her card. A refusal of
 * the kept part, after the card part was refunded, says both; the next try asks only what is left.
 */
export async function refundLateFeeOf(
  db: Database,
  appointmentId: unknown,
  owner: StaffUser,
): Promise<FeeRefundAnswer> {
  const appointment =
    owner.role === "owner" && (await feeAppointment(db, appointmentId, "cancelled"));
  const stripe = stripeClient();
  const kept =
    appointment && typeof appointment !== "string" && stripe
      ? (await keptDeposits(db, [appointment.visitId])).get(appointment.visitId)
      : undefined;
  // Nothing kept of a deposit (or not the owner, not found, Stripe off): the card part alone.
  if (!kept || !stripe || !appointment || typeof appointment === "string") {
    return refundFeeOf(db, "late_cancel_fee", appointmentId, owner);
  }
  const card = (await refundableFees(db, "late_cancel_fee", [kept.visitId])).get(kept.visitId);
  let cardPart: Extract<FeeRefundAnswer, { ok: true }> | undefined;
  if (card) {
    const answer = await refundFeeOf(db, "late_cancel_fee", appointmentId, owner);
    if (!answer.ok) return answer;
    cardPart = answer;
  }
  const whose = `${appointment.name}'s visit of ${formatDateString(appointment.startsAt, SALON_TIME_ZONE)}`;
  const amount = formatCents(kept.cents);
  const refund = await refundKept(stripe, kept);
  const done = cardPart ? `${cardPart.said.replace(/\.$/, "")}; ` : "";
  if (!refund.ok) {
    const did = `${amount} of the deposit kept as the late cancellation fee of ${whose} was not refunded (${refund.reason})`;
    await db.transaction(async (tx) => {
      await tx
        .update(visitPayments)
        .set({ lateFeeRefundAttempts: kept.attempt + 1 })
        .where(
          and(
            eq(visitPayments.visitId, kept.visitId),
            eq(visitPayments.lateFeeRefundAttempts, kept.attempt),
          ),
        );
      await recordStaffAction(tx, owner, did);
    });
    const message = `${done}${amount} of the deposit kept toward the late cancellation fee was not refunded (${refund.reason}).`;
    return { ok: false, why: "refused", message };
  }
  const did = `Refunded ${amount} of the deposit kept as the late cancellation fee of ${whose}`;
  await db.transaction(async (tx) => {
    if (await recordKeptRefund(tx, kept, refund, new Date())) {
      await recordStaffAction(tx, owner, did);
    }
  });
  const total = formatCents(refund.cents + (card ?? 0));
  return {
    ok: true,
    did: cardPart ? `${cardPart.did}; ${did}` : did,
    said: `Refunded ${total} of ${appointment.name}'s late cancellation fee to her card.`,
  };
}
