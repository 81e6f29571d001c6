// The owner's 'Refund Late Cancellation Fee' on the customer's page gives back the whole fee
// (docs/payments.md#refunding-a-fee): what her card was charged of it (refundFeeOf, as the
// no-show fee's refund) and the part of her deposit the salon kept toward it (here), a Refund on
// the deposit's PaymentIntent. The kept part's own refunds are counted apart
// (`late_fee_kept_refunded_cents`): the deposit's other refunds (what the fee did not keep, the
// dashboard's) are not of it, and what is offered is never more than was kept.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import type { Database, Transaction } from "../db/client.server";
import { noLiveFeeLink } from "../db/fee-link-live.server";
import { paymentDisputes, type StaffUser, visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { type FeeRefundAnswer, refundableFees, refundFeeOf } from "./fee-refund.server";
import { feeAppointment } from "./no-show-fee.server";
import { askRefund, recordRefund } from "./refunds.server";
import { stripeClient } from "./stripe-client.server";

type Reader = Pick<Database, "select">;

/** The part of a cancelled visit's deposit kept toward its late fee that is still held. */
interface KeptDeposit {
  visitId: string;
  paymentIntentId: string;
  /** Left to refund of the kept part, in cents (never more than the deposit has left). */
  cents: number;
  /** The deposit's refunds so far, and the kept part's own, in cents. */
  depositRefunded: number;
  keptRefunded: number;
  /** The owner's refusals of the late fee so far. */
  attempt: number;
}

/** Why no kept part is refunded: none was kept (or recorded), or it is not to be refunded now. */
type NoKept = "none" | "refunded" | "disputed" | "settling";

/**
 * The kept deposit part of each of `visitIds`, or why there is none to refund: all given back;
 * the deposit disputed by her bank (settled in Stripe then); or the fee's card part not settled,
 * at Stripe or waiting for her approval through a link she can still pay (the fee is then not
 * yet what it will be: she may still pay her part, and the owner decides once it is known).
 */
async function keptDeposits(
  db: Reader,
  visitIds: string[],
): Promise<Map<string, KeptDeposit | NoKept>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select({
      visitId: visitPayments.visitId,
      paymentIntentId: visitPayments.paymentIntentId,
      kept: visitPayments.lateFeeKeptCents,
      keptRefunded: visitPayments.lateFeeKeptRefundedCents,
      paid: visitPayments.paidCents,
      refunded: visitPayments.refundedCents,
      attempt: visitPayments.lateFeeRefundAttempts,
      cardPart: visitPayments.lateFeeState,
      linkLapsed: sql<boolean>`${noLiveFeeLink("late_cancel_fee", new Date())}`,
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
      ),
    );
  const kept = new Map<string, KeptDeposit | NoKept>();
  for (const row of rows) {
    if (!row.kept || !row.paymentIntentId) continue;
    const depositRefunded = row.refunded ?? 0;
    const cents = Math.min(row.kept - row.keptRefunded, (row.paid ?? 0) - depositRefunded);
    const settling =
      row.cardPart === "processing" || (row.cardPart === "awaiting" && !row.linkLapsed);
    const { visitId, paymentIntentId, attempt, keptRefunded } = row;
    kept.set(
      visitId,
      cents <= 0
        ? "refunded"
        : row.disputed
          ? "disputed"
          : settling
            ? "settling"
            : { visitId, paymentIntentId, cents, depositRefunded, keptRefunded, attempt },
    );
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
  const offered = await refundableFees(db, "late_cancel_fee", visitIds);
  if (!stripeClient()) return offered;
  for (const [visitId, kept] of await keptDeposits(db, [...new Set(visitIds)])) {
    if (typeof kept === "string") continue;
    offered.set(visitId, (offered.get(visitId) ?? 0) + kept.cents);
  }
  return offered;
}

/**
 * The kept part's refund's idempotency key: two clicks share it, and so does a try after no
 * answer (which may have been made); after a refusal, or once a part was refunded, a new one.
 */
const keptRefundKey = (kept: KeptDeposit) =>
  `visit-${kept.visitId}-late-cancel-fee-kept-deposit-refund-${kept.keptRefunded}-${kept.attempt}`;

/**
 * Records the kept part's refund: the kept part's and the deposit's refunded totals, and a row of
 * the ledger; false when Stripe's charge.refunded of it was recorded first (its log entry then
 * stands for it).
 */
async function recordKeptRefund(
  tx: Transaction,
  kept: KeptDeposit,
  cents: number,
  refundId: string,
  now: Date,
): Promise<boolean> {
  const total = kept.depositRefunded + cents;
  const [payment] = await tx
    .select({ refunded: visitPayments.refundedCents })
    .from(visitPayments)
    .where(eq(visitPayments.visitId, kept.visitId))
    .for("update");
  await tx
    .update(visitPayments)
    .set({
      lateFeeKeptRefundedCents: kept.keptRefunded + cents,
      ...((payment?.refunded ?? 0) < total ? { refundedCents: total, refundedAt: now } : {}),
    })
    .where(
      and(
        eq(visitPayments.visitId, kept.visitId),
        eq(visitPayments.lateFeeKeptRefundedCents, kept.keptRefunded),
      ),
    );
  const { paymentIntentId, visitId } = kept;
  return recordRefund(tx, {
    ...{ paymentIntentId, visitId, kind: "deposit", cents, refundId, refundedAt: now },
    totalRefundedCents: total,
  });
}

/** The owner's answer when no part of the fee is left to refund, by why the kept part is not. */
const NO_KEPT: Record<Exclude<NoKept, "none">, Extract<FeeRefundAnswer, { ok: false }>> = {
  refunded: {
    ok: false,
    why: "refunded",
    message: "The late cancellation fee was already refunded.",
  },
  disputed: {
    ok: false,
    why: "disputed",
    message: "Her bank disputes the deposit: it is settled in Stripe's dashboard.",
  },
  settling: {
    ok: false,
    why: "not-charged",
    message: "Her card's part of the late cancellation fee is not settled yet.",
  },
};

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
  if (owner.role !== "owner") {
    return { ok: false, why: "forbidden", message: "Only the owner can refund a fee." };
  }
  const appointment = await feeAppointment(db, appointmentId, "cancelled");
  const stripe = stripeClient();
  if (typeof appointment === "string" || !stripe) {
    return refundFeeOf(db, "late_cancel_fee", appointmentId, owner);
  }
  const { visitId } = appointment;
  const kept = (await keptDeposits(db, [visitId])).get(visitId) ?? "none";
  const card = (await refundableFees(db, "late_cancel_fee", [visitId])).get(visitId);
  // Nothing kept of a deposit, or nothing to refund of it now: the card part alone, if any.
  if (typeof kept === "string" && (kept === "none" || card)) {
    return refundFeeOf(db, "late_cancel_fee", appointmentId, owner);
  }
  if (typeof kept === "string") return NO_KEPT[kept];
  const cardPart = card ? await refundFeeOf(db, "late_cancel_fee", appointmentId, owner) : null;
  if (cardPart && !cardPart.ok) return cardPart;
  const whose = `${appointment.name}'s visit of ${formatDateString(appointment.startsAt, SALON_TIME_ZONE)}`;
  const amount = formatCents(kept.cents);
  const refund = await askRefund(stripe, {
    paymentIntentId: kept.paymentIntentId,
    cents: kept.cents,
    metadata: { visit_id: visitId, kind: "late_cancel_fee_refund" },
    key: keptRefundKey(kept),
  });
  if (!refund.ok) {
    const did = `${amount} of the deposit kept as the late cancellation fee of ${whose} was not refunded (${refund.reason})`;
    await db.transaction(async (tx) => {
      // Refused: the next try is a new request. No answer: the same one (it may have been made).
      if (refund.answered) {
        await tx
          .update(visitPayments)
          .set({ lateFeeRefundAttempts: kept.attempt + 1 })
          .where(
            and(
              eq(visitPayments.visitId, visitId),
              eq(visitPayments.lateFeeRefundAttempts, kept.attempt),
            ),
          );
      }
      await recordStaffAction(tx, owner, did);
    });
    const done = cardPart ? `${cardPart.said.replace(/\.$/, "")}; ` : "";
    const message = `${done}${amount} of the deposit kept toward the late cancellation fee was not refunded (${refund.reason}).`;
    return { ok: false, why: "refused", message };
  }
  const did = `Refunded ${formatCents(refund.cents)} of the deposit kept as the late cancellation fee of ${whose}`;
  await db.transaction(async (tx) => {
    if (await recordKeptRefund(tx, kept, refund.cents, refund.refundId, new Date())) {
      await recordStaffAction(tx, owner, did);
    }
  });
  const cents = refund.cents + (cardPart?.cents ?? 0);
  return {
    ok: true,
    did: cardPart ? `${cardPart.did}; ${did}` : did,
    said: `Refunded ${formatCents(cents)} of ${appointment.name}'s late cancellation fee to her card.`,
    cents,
  };
}
