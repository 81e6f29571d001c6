// A protected visit's Checkout as Stripe's webhook tells it (issue 40, docs/payments.md#booking):
// `checkout.session.completed` confirms the visit kept 'Awaiting payment' (its manage link, the
// confirmation and the salon's notice, as 'Confirm Booking' does) and records the deposit paid
// or the card on file; `checkout.session.expired` frees its time. Each runs in the webhook's
// transaction, with the event's id, so a repeated delivery has no second effect; a visit already
// confirmed or freed is left as it is.
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { confirmVisit, lockVisit, releasePendingVisit } from "../booking/pending-bookings.server";
import type { Transaction } from "../db/client.server";
import { visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";

/** Who the activity log names for what Stripe told us. */
export const STRIPE_ACTOR = { email: "Stripe" };

/** What Stripe says of the card saved: read from its PaymentIntent or SetupIntent first. */
export interface SavedCard {
  paymentMethodId: string | null;
  paymentIntentId: string | null;
  setupIntentId: string | null;
  /** The PaymentIntent's amount received (a deposit), in cents. */
  paidCents: number | null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The card and payment a completed session names (its intent read from Stripe when only an id). */
export async function savedCardOf(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<SavedCard> {
  if (session.mode === "setup") {
    const id = idOf(session.setup_intent);
    const intent =
      typeof session.setup_intent === "object" && session.setup_intent
        ? session.setup_intent
        : id
          ? await stripe.setupIntents.retrieve(id)
          : null;
    return {
      paymentMethodId: idOf(intent?.payment_method),
      paymentIntentId: null,
      setupIntentId: id,
      paidCents: null,
    };
  }
  const id = idOf(session.payment_intent);
  const intent =
    typeof session.payment_intent === "object" && session.payment_intent
      ? session.payment_intent
      : id
        ? await stripe.paymentIntents.retrieve(id)
        : null;
  return {
    paymentMethodId: idOf(intent?.payment_method),
    paymentIntentId: id,
    setupIntentId: null,
    paidCents: intent?.amount_received ?? session.amount_total ?? null,
  };
}

async function awaitingPaymentOf(tx: Transaction, sessionId: string) {
  const [payment] = await tx
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.checkoutSessionId, sessionId))
    .for("update");
  return payment;
}

/**
 * A Checkout in payment mode completed but not paid (a payment method that settles later: not
 * offered, as our Checkout asks a card only): logged, and true, so nothing is confirmed or
 * recorded paid on money not received (a visit's time then lapses as unpaid).
 */
export async function completedUnpaid(
  tx: Transaction,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  if (session.mode !== "payment" || session.payment_status === "paid") return false;
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    `Checkout ${session.id} completed without payment (${session.payment_status}); nothing was confirmed or recorded paid`,
  );
  return true;
}

/** checkout.session.completed: the visit confirmed, with its deposit or card recorded. */
export async function completeCheckout(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  card: SavedCard,
  options: { salon: SalonDetails; siteUrl?: string | undefined; now: Date },
): Promise<void> {
  const payment = await awaitingPaymentOf(tx, session.id);
  if (payment?.state !== "awaiting") return;
  if (await completedUnpaid(tx, session)) return;
  if (payment.origin === "emailed_link") {
    await secureByLink(tx, payment, session, card, options.now);
    return;
  }
  const rows = await lockVisit(tx, payment.visitId);
  const kept = rows.filter((row) => row.status === "booked" && row.pendingUntil !== null);
  const stillKept = kept.length === rows.length && rows.length > 0;
  await tx
    .update(visitPayments)
    .set({
      state: stillKept ? "confirmed" : "expired",
      confirmedAt: stillKept ? options.now : null,
      stripeCustomerId: idOf(session.customer) ?? payment.stripeCustomerId,
      ...card,
    })
    .where(eq(visitPayments.visitId, payment.visitId));
  if (stillKept) {
    // Her confirmation says the policy she agreed to, in the words (and language) she read.
    await confirmVisit(tx, rows, { ...options, policy: payment.policyText.split("\n") });
    const first = rows[0];
    const when = first ? formatDateString(first.startsAt, SALON_TIME_ZONE) : "";
    await recordStaffAction(
      tx,
      STRIPE_ACTOR,
      `${first?.name ?? "A customer"} ${card.paidCents ? `paid a deposit of ${formatCents(card.paidCents)}` : "saved a card on file"} for the visit of ${when} (online booking)`,
    );
    return;
  }
  // Paid after its time was freed (Stripe's event came later than Checkout's close): the owner
  // refunds it in Stripe's dashboard; nothing here books a time that may be someone else's.
  const paid = card.paidCents ? `a deposit of ${formatCents(card.paidCents)}` : "a card on file";
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    `${rows[0]?.name ?? "A customer"} completed Checkout with ${paid} after the time was released; refund it in Stripe if needed`,
  );
}

/** checkout.session.expired: the visit still awaiting its payment is freed for everyone. */
export async function expireCheckout(
  tx: Transaction,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<void> {
  const payment = await awaitingPaymentOf(tx, session.id);
  if (payment?.state !== "awaiting") return;
  await tx
    .update(visitPayments)
    .set({ state: "expired" })
    .where(and(eq(visitPayments.visitId, payment.visitId), eq(visitPayments.state, "awaiting")));
  // An emailed link's visit was booked at the desk: it stays booked, 'Not secured' again.
  if (payment.origin !== "emailed_link") await releasePendingVisit(tx, payment.visitId, now);
}

/**
 * A 'Secure Your Booking' Checkout completed (docs/payments.md#secure-your-booking): the visit,
 * booked at the desk, has its deposit or card recorded ('confirmed'), with a log entry. Paid for a
 * visit cancelled meanwhile: recorded as such, and the log asks the owner to refund it.
 */
async function secureByLink(
  tx: Transaction,
  payment: typeof visitPayments.$inferSelect,
  session: Stripe.Checkout.Session,
  card: SavedCard,
  now: Date,
): Promise<void> {
  const rows = await lockVisit(tx, payment.visitId);
  const booked = rows.filter((row) => row.status === "booked");
  await tx
    .update(visitPayments)
    .set({
      state: booked.length > 0 ? "confirmed" : "expired",
      confirmedAt: booked.length > 0 ? now : null,
      stripeCustomerId: idOf(session.customer) ?? payment.stripeCustomerId,
      ...card,
    })
    .where(eq(visitPayments.visitId, payment.visitId));
  const first = booked[0] ?? rows[0];
  const name = first?.name ?? "A customer";
  const paid = card.paidCents ? `a deposit of ${formatCents(card.paidCents)}` : "a card on file";
  const when = first ? formatDateString(first.startsAt, SALON_TIME_ZONE) : "";
  await recordStaffAction(
    tx,
    STRIPE_ACTOR,
    booked.length > 0
      ? `${name} secured the visit of ${when} with ${paid} (Secure Your Booking)`
      : `${name} paid ${paid} through Secure Your Booking after the visit of ${when} was cancelled; refund it in Stripe if needed`,
  );
}
