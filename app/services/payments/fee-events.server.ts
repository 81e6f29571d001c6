// What Stripe's webhook tells of the fees and of refunds (issue 40, docs/payments.md#webhooks),
// applied in the webhook's transaction with the event's id, so a repeated delivery has no second
// effect. payment_intent.succeeded / payment_intent.payment_failed of a fee (the desk's no-show
// fee, or a late cancellation's; found by its PaymentIntent) settle a fee still processing, or
// one later completed or failed; charge.refunded of a deposit records a refund made elsewhere
// (in Stripe's dashboard); checkout.session.completed / .expired of a fee's emailed payment link
// (docs/payments.md#fee-link) records the fee paid, or lets her try again from the same link.
// What the record already says changes nothing and writes no log entry.
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import type { Transaction } from "../db/client.server";
import { appointments, feeLinks, visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { type SavedCard, STRIPE_ACTOR } from "./paid-visits.server";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The visit's customer and its day ("Thursday, November 26 2026"), for the activity log. */
async function customerAndDay(tx: Transaction, visitId: string) {
  const [first] = await tx
    .select({ name: appointments.name, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return first && { name: first.name, day: formatDateString(first.startsAt, SALON_TIME_ZONE) };
}

/** "Dana Cole's visit of Thursday, November 26 2026", for the activity log. */
async function visitWords(tx: Transaction, visitId: string): Promise<string> {
  const first = await customerAndDay(tx, visitId);
  return first ? `${first.name}'s visit of ${first.day}` : "a visit";
}

/**
 * The fees the salon charges off-session, by the `kind` in their PaymentIntent's metadata: the
 * desk's no-show fee, and the late cancellation fee charged when a customer cancels inside the
 * window (customer-cancel.server.ts).
 */
const FEES = {
  no_show_fee: {
    words: "no-show fee",
    intentId: visitPayments.noShowFeeIntentId,
    state: visitPayments.noShowFeeState,
    fields: { state: "noShowFeeState", cents: "noShowFeeCents", at: "noShowFeeAt" },
  },
  late_cancel_fee: {
    words: "late cancellation fee",
    intentId: visitPayments.lateFeeIntentId,
    state: visitPayments.lateFeeState,
    fields: { state: "lateFeeState", cents: "lateFeeCents", at: "lateFeeAt" },
  },
} as const;

/**
 * payment_intent.succeeded or .payment_failed: a fee's outcome, when it is news. A success is
 * recorded whatever the record said (a fee Stripe was processing, or one it later completed); a
 * failure only of a fee still processing, and a failed no-show fee counts as an attempt, so the
 * desk may charge it again.
 */
export async function applyFeeIntent(
  tx: Transaction,
  intent: Stripe.PaymentIntent,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  const kind = intent.metadata?.kind;
  if (kind !== "no_show_fee" && kind !== "late_cancel_fee") return;
  const fee = FEES[kind];
  const ofIntent = eq(fee.intentId, intent.id);
  const cents = intent.amount_received || intent.amount;
  const [row] = succeeded
    ? await tx
        .update(visitPayments)
        .set({ [fee.fields.state]: "succeeded", [fee.fields.cents]: cents, [fee.fields.at]: now })
        .where(and(ofIntent, or(isNull(fee.state), ne(fee.state, "succeeded"))))
        .returning({ visitId: visitPayments.visitId })
    : await tx
        .update(visitPayments)
        .set({
          [fee.fields.state]: "failed",
          ...(kind === "no_show_fee"
            ? { noShowFeeAttempts: sql`${visitPayments.noShowFeeAttempts} + 1` }
            : {}),
        })
        .where(and(ofIntent, eq(fee.state, "processing")))
        .returning({ visitId: visitPayments.visitId });
  if (!row) return;
  const visit = await visitWords(tx, row.visitId);
  const why = intent.last_payment_error?.message;
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    succeeded
      ? `Charged the ${fee.words} of ${formatCents(cents)} for ${visit}`
      : `The ${fee.words} of ${formatCents(intent.amount)} for ${visit} failed${why ? ` (${why})` : ""}; nothing was charged`,
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

/** Whether a Checkout Session is a fee's, made from its emailed payment link (fee-link-page.server.ts). */
export const isFeeSession = (session: Stripe.Checkout.Session) =>
  session.metadata?.kind === "no_show_fee" || session.metadata?.kind === "late_cancel_fee";

/**
 * checkout.session.completed of a fee's payment link: the fee recorded as succeeded (its columns
 * of visit_payments, the Checkout's PaymentIntent) and the link paid, with a log entry by
 * "Stripe". A fee already succeeded (charged again meanwhile) is not recorded twice: the log asks
 * the owner to refund one in Stripe.
 */
export async function applyFeeLinkPaid(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  card: SavedCard,
  now: Date,
): Promise<void> {
  const [link] = await tx
    .select()
    .from(feeLinks)
    .where(eq(feeLinks.checkoutSessionId, session.id))
    .for("update");
  if (!link || link.paidAt) return;
  const cents = card.paidCents ?? session.amount_total ?? link.cents;
  await tx
    .update(feeLinks)
    .set({ paidAt: now, paymentIntentId: card.paymentIntentId })
    .where(eq(feeLinks.tokenHash, link.tokenHash));
  const fee = FEES[link.kind];
  const [row] = await tx
    .update(visitPayments)
    .set({
      [fee.fields.state]: "succeeded",
      [fee.fields.cents]: cents,
      [fee.fields.at]: now,
      [link.kind === "no_show_fee" ? "noShowFeeIntentId" : "lateFeeIntentId"]: card.paymentIntentId,
    })
    .where(
      and(
        eq(visitPayments.visitId, link.visitId),
        or(isNull(fee.state), ne(fee.state, "succeeded")),
      ),
    )
    .returning({ visitId: visitPayments.visitId });
  const first = await customerAndDay(tx, link.visitId);
  const did = `${first?.name ?? "The customer"} paid the ${fee.words} of ${formatCents(cents)} for the visit of ${first?.day ?? "an unknown day"} (emailed payment link)`;
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    row ? did : `${did}, which was already charged; refund one in Stripe's dashboard`,
  );
}

/** checkout.session.expired of a fee's payment link: closed, so the same link may try again. */
export async function applyFeeLinkExpired(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<void> {
  await tx
    .update(feeLinks)
    .set({ checkoutExpiresAt: now })
    .where(and(eq(feeLinks.checkoutSessionId, session.id), isNull(feeLinks.paidAt)));
}
