// The owner giving a fee back (docs/payments.md#refunding-a-fee): the desk's no-show fee, the
// customer's page's late cancellation fee. What is left of the fee charged to her card (less what
// was refunded already, here or in Stripe's dashboard) is refunded on its PaymentIntent with a key
// made from the visit, the fee, what was refunded before and the failures so far: two clicks make
// one refund, a try after a failure is asked anew (a new key cannot refund twice: each asks for
// all that is left). Recorded once in the refund ledger (refunds.server.ts) with its log entry.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import { PAID_KIND_WORDS } from "../../domain/payments/payment-policy";
import type { Database } from "../db/client.server";
import {
  paymentDisputes,
  paymentRefunds,
  type StaffUser,
  visitPayments,
} from "../db/schema.server";
import { stripeSettings } from "../platform/env.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { feeAppointment } from "./no-show-fee.server";
import { askRefund, type RefundAsked, recordRefund } from "./refunds.server";
import { stripeClient } from "./stripe-client.server";

type Reader = Pick<Database, "select">;

/** The fees charged to her card that the owner may give back. */
export type RefundableFee = "no_show_fee" | "late_cancel_fee";

/** Each fee's columns, and its appointment's state (a no-show is booked, a late cancel cancelled). */
const FEE = {
  no_show_fee: {
    intentId: visitPayments.noShowFeeIntentId,
    cents: visitPayments.noShowFeeCents,
    state: visitPayments.noShowFeeState,
    attempts: visitPayments.noShowFeeRefundAttempts,
    appointment: "booked",
    key: "no-show-fee",
  },
  late_cancel_fee: {
    intentId: visitPayments.lateFeeIntentId,
    cents: visitPayments.lateFeeCents,
    state: visitPayments.lateFeeState,
    attempts: visitPayments.lateFeeRefundAttempts,
    appointment: "cancelled",
    key: "late-cancel-fee",
  },
} as const;

/** A fee the owner may give back now: on which PaymentIntent, how much is left. */
export interface FeeRefundDue {
  kind: RefundableFee;
  visitId: string;
  name: string;
  startsAt: Date;
  paymentIntentId: string;
  /** What is left of the fee to refund, in cents. */
  cents: number;
  /** Refunded of it before, in cents. */
  before: number;
  /** The owner's refunds of it that failed so far. */
  attempt: number;
}

/** Stripe's answer: refunded, or not (refused, or no answer: the next try gets a new key). */
export type FeeRefundDone = RefundAsked;

/** Why no fee can be refunded for this appointment now. */
export type NoFeeRefund = "off" | "not-found" | "not-charged" | "refunded" | "disputed";

/** What was refunded of each visit's fee of `kind`, by visit id, in cents. */
async function refundedFees(
  db: Reader,
  kind: RefundableFee,
  visitIds: string[],
): Promise<Map<string, number>> {
  if (visitIds.length === 0) return new Map();
  const sums = await db
    .select({
      visitId: paymentRefunds.visitId,
      cents: sql<number>`sum(${paymentRefunds.cents})::int`,
    })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.visitId, visitIds), eq(paymentRefunds.kind, kind)))
    .groupBy(paymentRefunds.visitId);
  return new Map(sums.map((sum) => [sum.visitId, Number(sum.cents)]));
}

/** The visits of `visitIds` whose fee of `kind` was charged (succeeded), with its intent and cents. */
const chargedFees = (db: Reader, kind: RefundableFee, visitIds: string[]) =>
  db
    .select({
      visitId: visitPayments.visitId,
      intentId: FEE[kind].intentId,
      cents: FEE[kind].cents,
      attempt: FEE[kind].attempts,
      // Her bank disputes it (open) or took it back (lost): settled in Stripe, not refunded here.
      disputed: sql<boolean>`exists (select 1 from ${paymentDisputes} where ${and(
        eq(paymentDisputes.visitId, visitPayments.visitId),
        eq(paymentDisputes.kind, kind),
        ne(paymentDisputes.status, "won"),
      )})`,
    })
    .from(visitPayments)
    .where(and(inArray(visitPayments.visitId, visitIds), eq(FEE[kind].state, "succeeded")));

/**
 * The visits of `visitIds` whose fee of `kind` was charged and is not all given back, with what
 * is left in cents ('Refund No-show Fee', 'Refund Late Cancellation Fee'); none without Stripe.
 */
export async function refundableFees(
  db: Reader,
  kind: RefundableFee,
  visitIds: readonly string[],
): Promise<Map<string, number>> {
  const offered = new Map<string, number>();
  if (visitIds.length === 0 || !stripeSettings()) return offered;
  const charged = await chargedFees(db, kind, [...new Set(visitIds)]);
  const refunded = await refundedFees(
    db,
    kind,
    charged.map((fee) => fee.visitId),
  );
  for (const fee of charged) {
    if (!fee.intentId || !fee.cents || fee.disputed) continue;
    const left = fee.cents - (refunded.get(fee.visitId) ?? 0);
    if (left > 0) offered.set(fee.visitId, left);
  }
  return offered;
}

/**
 * For the owner's front desk: each shown appointment marked 'No-show' whose visit's fee was
 * charged and is not all given back, by appointment id, with what is left in cents.
 */
export async function feeRefundsOffered(
  db: Reader,
  shown: readonly { id: string; visitId: string; visitStatus: string | null }[],
): Promise<Map<string, number>> {
  const noShows = shown.filter((a) => a.visitStatus === "no_show");
  const left = await refundableFees(
    db,
    "no_show_fee",
    noShows.map((a) => a.visitId),
  );
  return new Map(
    noShows.flatMap((a) => (left.has(a.visitId) ? [[a.id, left.get(a.visitId) ?? 0]] : [])),
  );
}

/** The fee of `kind` the owner may refund for this appointment's visit now, or why not. */
async function feeRefundDue(
  db: Reader,
  kind: RefundableFee,
  appointmentId: unknown,
): Promise<{ ok: true; due: FeeRefundDue } | { ok: false; kind: NoFeeRefund }> {
  const appointment = await feeAppointment(db, appointmentId, FEE[kind].appointment);
  if (typeof appointment === "string") return { ok: false, kind: appointment };
  const [fee] = await chargedFees(db, kind, [appointment.visitId]);
  if (!fee?.intentId || !fee.cents) return { ok: false, kind: "not-charged" };
  if (fee.disputed) return { ok: false, kind: "disputed" };
  const before = (await refundedFees(db, kind, [fee.visitId])).get(fee.visitId) ?? 0;
  if (fee.cents - before <= 0) return { ok: false, kind: "refunded" };
  return {
    ok: true,
    due: {
      kind,
      visitId: fee.visitId,
      name: appointment.name,
      startsAt: appointment.startsAt,
      paymentIntentId: fee.intentId,
      cents: fee.cents - before,
      before,
      attempt: fee.attempt,
    },
  };
}

/** The idempotency key of a fee's refund: two clicks share it; a later refund has its own. */
const feeRefundKey = (due: FeeRefundDue) =>
  `visit-${due.visitId}-${FEE[due.kind].key}-refund-${due.before}-${due.attempt}`;

/** Refunds what is left of the fee on its PaymentIntent; a refusal or no answer is a value. */
const refundFee = (stripe: Stripe, due: FeeRefundDue): Promise<FeeRefundDone> =>
  askRefund(stripe, {
    paymentIntentId: due.paymentIntentId,
    cents: due.cents,
    metadata: { visit_id: due.visitId, kind: `${due.kind}_refund` },
    key: feeRefundKey(due),
  });

/** A failure counted: the owner's next try is a new request with its own key. */
async function recordRefusedRefund(db: Pick<Database, "update">, due: FeeRefundDue) {
  const next = due.attempt + 1;
  await db
    .update(visitPayments)
    .set(
      due.kind === "no_show_fee"
        ? { noShowFeeRefundAttempts: next }
        : { lateFeeRefundAttempts: next },
    )
    .where(and(eq(visitPayments.visitId, due.visitId), eq(FEE[due.kind].attempts, due.attempt)));
}

/** What the owner's refund of a fee came to: done (with the log's and her words), or why not. */
export type FeeRefundAnswer =
  | { ok: true; did: string; said: string; cents: number }
  | { ok: false; why: NoFeeRefund | "forbidden" | "refused"; message: string };

/** Why the owner cannot refund the fee now, as she is told. */
function noRefundMessage(kind: RefundableFee, why: NoFeeRefund): string {
  const words = PAID_KIND_WORDS[kind];
  return {
    off: "Payments are not connected.",
    "not-found":
      kind === "no_show_fee"
        ? "That appointment is no longer booked."
        : "That cancelled appointment could not be found.",
    "not-charged": `No ${words} was charged for this visit.`,
    refunded: `The ${words} was already refunded.`,
    disputed: `Her bank disputes the ${words}: it is settled in Stripe's dashboard.`,
  }[why];
}

/**
 * 'Refund No-show Fee' or 'Refund Late Cancellation Fee', the owner's only (money given back is
 * hers to decide): what is left of the fee given back to her card, recorded with its log entry; a
 * second click of the same refund finds it refunded (one Refund, one entry). Stripe refusing or
 * not answering changes nothing here but the next try's key, and the owner is told why.
 */
export async function refundFeeOf(
  db: Database,
  kind: RefundableFee,
  appointmentId: unknown,
  owner: StaffUser,
): Promise<FeeRefundAnswer> {
  if (owner.role !== "owner") {
    return { ok: false, why: "forbidden", message: "Only the owner can refund a fee." };
  }
  const found = await feeRefundDue(db, kind, appointmentId);
  const stripe = stripeClient();
  if (!found.ok || !stripe) {
    const why = found.ok ? "off" : found.kind;
    return { ok: false, why, message: noRefundMessage(kind, why) };
  }
  const { due } = found;
  const [words, amount] = [PAID_KIND_WORDS[kind], formatCents(due.cents)];
  const whose = `${due.name}'s visit of ${formatDateString(due.startsAt, SALON_TIME_ZONE)}`;
  const refund = await refundFee(stripe, due);
  if (!refund.ok) {
    await db.transaction(async (tx) => {
      await recordRefusedRefund(tx, due);
      const why = `The ${words} of ${amount} of ${whose} was not refunded (${refund.reason})`;
      await recordStaffAction(tx, owner, why);
    });
    const message = `The ${words} of ${amount} was not refunded (${refund.reason}).`;
    return { ok: false, why: "refused", message };
  }
  const did = `Refunded ${amount} of the ${words} of ${whose}`;
  // Recorded already (Stripe's charge.refunded of it came first, or a second click of the same
  // refund): it is refunded all the same, and logged once.
  await db.transaction(async (tx) => {
    const first = await recordRefund(tx, {
      paymentIntentId: due.paymentIntentId,
      totalRefundedCents: due.before + refund.cents,
      visitId: due.visitId,
      kind: due.kind,
      cents: refund.cents,
      refundId: refund.refundId,
      refundedAt: new Date(),
    });
    if (first) await recordStaffAction(tx, owner, did);
  });
  const said = `Refunded ${formatCents(refund.cents)} of ${due.name}'s ${words} to her card.`;
  return { ok: true, did, said, cents: refund.cents };
}
