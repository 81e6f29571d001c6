// What Stripe's webhook tells of the fees and of refunds (issue 40, docs/payments.md#webhooks),
// applied in the webhook's transaction with the event's id, so a repeated delivery has no second
// effect. payment_intent.succeeded / payment_intent.payment_failed of a fee (the desk's no-show
// fee, or a late cancellation's; found by its PaymentIntent) settle a fee still processing, or
// one later completed or failed; checkout.session.completed / .expired of a fee's emailed payment link
// (docs/payments.md#fee-link) records the fee paid, or lets her try again from the same link.
// What the record already says changes nothing and writes no log entry.
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import { PAID_KIND_WORDS } from "../../domain/payments/payment-policy";
import { isUuid } from "../../domain/uuid";
import type { Transaction } from "../db/client.server";
import { noLiveFeeLink } from "../db/fee-link-live.server";
import { appointments, feeLinks, visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { SAVED_CARD } from "./off-session-charge.server";
import { completedUnpaid, type SavedCard, STRIPE_ACTOR } from "./paid-visits.server";

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
export async function visitWords(tx: Transaction, visitId: string): Promise<string> {
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
    words: PAID_KIND_WORDS.no_show_fee,
    intentId: visitPayments.noShowFeeIntentId,
    state: visitPayments.noShowFeeState,
    fields: {
      state: "noShowFeeState",
      cents: "noShowFeeCents",
      at: "noShowFeeAt",
      intent: "noShowFeeIntentId",
    },
  },
  late_cancel_fee: {
    words: PAID_KIND_WORDS.late_cancel_fee,
    intentId: visitPayments.lateFeeIntentId,
    state: visitPayments.lateFeeState,
    fields: {
      state: "lateFeeState",
      cents: "lateFeeCents",
      at: "lateFeeAt",
      intent: "lateFeeIntentId",
    },
  },
} as const;

/** Whether some visit's fee already names the PaymentIntent `intentId`. */
async function isRecorded(
  tx: Transaction,
  column: (typeof FEES)[keyof typeof FEES]["intentId"],
  intentId: string,
) {
  const [found] = await tx
    .select({ visitId: visitPayments.visitId })
    .from(visitPayments)
    .where(eq(column, intentId))
    .limit(1);
  return found !== undefined;
}

/** A fee's PaymentIntent not recorded this long after it was made had its answer lost. */
export const UNRECORDED_AFTER_MS = 10 * 60_000;

/**
 * Thrown from an event's effect that cannot be judged yet: the webhook records nothing and
 * answers 503, and Stripe sends the event again later (its retries go on for days).
 */
export class TooEarly extends Error {
  constructor() {
    super("Not recorded yet; Stripe sends this event again.");
  }
}

/**
 * payment_intent.succeeded or .payment_failed: a fee's outcome, when it is news. A success is
 * recorded whatever the record said (a fee Stripe was processing, or one it later completed),
 * and found by its visit when its PaymentIntent was never recorded (Stripe's answer lost); a
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
  let [row] = succeeded
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
  const visitId = intent.metadata?.visit_id;
  if (!row && succeeded && isUuid(visitId) && !(await isRecorded(tx, fee.intentId, intent.id))) {
    // A charge we never heard back from (Stripe's answer lost): found by the visit its metadata
    // names, while its fee is not charged, failed or asked with no answer; not while an emailed
    // payment link awaits her (its Checkout says it), unless the link lapsed and this is the
    // desk's new charge of the saved card. A young one may only be quicker than the
    // desk's (or her cancel's) own record of it, which writes who charged it: asked again later.
    if (now.getTime() - intent.created * 1000 < UNRECORDED_AFTER_MS) throw new TooEarly();
    [row] = await tx
      .update(visitPayments)
      .set({
        [fee.fields.state]: "succeeded",
        [fee.fields.cents]: cents,
        [fee.fields.at]: now,
        [fee.fields.intent]: intent.id,
      })
      .where(
        and(
          eq(visitPayments.visitId, visitId),
          or(
            isNull(fee.state),
            eq(fee.state, "failed"),
            and(eq(fee.state, "processing"), isNull(fee.intentId)),
            // The desk's charge once her payment link lapsed (not the link's own Checkout).
            intent.metadata?.via === SAVED_CARD
              ? and(eq(fee.state, "awaiting"), noLiveFeeLink(kind, now))
              : undefined,
          ),
        ),
      )
      .returning({ visitId: visitPayments.visitId });
  }
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
  if (await completedUnpaid(tx, session)) return;
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
      [fee.fields.intent]: card.paymentIntentId,
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
