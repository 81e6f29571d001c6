// Stripe's webhooks (issue 40, docs/payments.md#webhooks): an event is believed only when its
// signature, checked on the raw body with the endpoint's secret, is right; its id is inserted in
// stripe_events in the same transaction as its effect, so a delivery Stripe repeats (or two at
// once) has exactly one effect. A protected visit's Checkout completed confirms it, expired frees
// it (paid-visits.server.ts). Events whose part is not built yet are recorded and answered 200,
// so Stripe stops sending them.
import type Stripe from "stripe";
import { formatCents } from "../../domain/money";
import type { SalonDetails } from "../../domain/salon/salon-details";
import type { Database, Transaction } from "../db/client.server";
import { stripeEvents } from "../db/schema.server";
import type { StripeSettings } from "../platform/env.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { applyDisputeClosed, applyDisputeCreated } from "./disputes.server";
import {
  applyFeeIntent,
  applyFeeLinkExpired,
  applyFeeLinkPaid,
  isFeeSession,
  TooEarly,
} from "./fee-events.server";
import {
  completeCheckout,
  expireCheckout,
  type SavedCard,
  STRIPE_ACTOR,
  savedCardOf,
} from "./paid-visits.server";
import { applyChargeRefunded } from "./refunds.server";
import { stripeClientFor } from "./stripe-client.server";

export type WebhookResult =
  | { status: 200; handled: "applied" | "repeated"; type: string }
  | { status: 400; message: string }
  /** Stripe could not be asked what it needs: nothing recorded, Stripe sends it again later. */
  | { status: 503; message: string };

interface EventContext {
  salon: SalonDetails;
  siteUrl?: string | undefined;
  now: Date;
  /** A completed Checkout's card and payment, read from Stripe before the transaction. */
  card?: SavedCard | undefined;
}

/** Checks and applies one delivery: `payload` is the body exactly as it arrived. */
export async function receiveStripeWebhook(
  db: Database,
  settings: StripeSettings,
  payload: string,
  signature: string | null,
  /** The site's origin: the confirmation email's manage link. */
  options: { siteUrl?: string; now?: Date } = {},
): Promise<WebhookResult> {
  if (!signature) return { status: 400, message: "Missing Stripe-Signature." };
  let event: Stripe.Event;
  try {
    event = stripeClientFor(settings).webhooks.constructEvent(
      payload,
      signature,
      settings.webhookSecret,
    );
  } catch {
    return { status: 400, message: "The signature does not match." };
  }
  // Read before the transaction: the salon's details are cached per site version, and a
  // completed Checkout's card from Stripe (no network wait while rows are locked).
  const salon = (await readSalonFacts(db)).details;
  let card: SavedCard | undefined;
  if (event.type === "checkout.session.completed") {
    try {
      card = await savedCardOf(stripeClientFor(settings), event.data.object);
    } catch {
      return { status: 503, message: "Stripe could not be reached; the event will come again." };
    }
  }
  const context = { salon, siteUrl: options.siteUrl, now: options.now ?? new Date(), card };
  try {
    const applied = await db.transaction(async (tx) => {
      const [first] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (!first) return false;
      await applyEvent(tx, event, context);
      return true;
    });
    return { status: 200, handled: applied ? "applied" : "repeated", type: event.type };
  } catch (error) {
    // Too early to tell (fee-events.server.ts): nothing recorded, and Stripe sends it again later.
    if (error instanceof TooEarly) return { status: 503, message: error.message };
    throw error;
  }
}

/**
 * When what the event tells of happened at Stripe (its `created`), for money counted by day: a
 * delivery Stripe retried after an outage still counts on the day the refund was made.
 */
const happenedAt = (event: Stripe.Event) => new Date(event.created * 1000);

async function applyEvent(tx: Transaction, event: Stripe.Event, context: EventContext) {
  const { salon } = context;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (!context.card) return;
      if (isFeeSession(session)) await applyFeeLinkPaid(tx, session, context.card, context.now);
      else await completeCheckout(tx, session, context.card, context);
      return;
    }
    case "checkout.session.expired":
      if (isFeeSession(event.data.object)) {
        await applyFeeLinkExpired(tx, event.data.object, context.now);
      } else await expireCheckout(tx, event.data.object, context.now);
      return;
    case "charge.dispute.created":
      await applyDisputeCreated(tx, event.data.object, salon, happenedAt(event));
      return;
    case "charge.dispute.closed":
      await applyDisputeClosed(tx, event.data.object, happenedAt(event));
      return;
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
      await applyFeeIntent(
        tx,
        event.data.object,
        event.type === "payment_intent.succeeded",
        context.now,
      );
      return;
    case "charge.refunded": {
      const charge = event.data.object;
      if (await applyChargeRefunded(tx, charge, happenedAt(event))) return;
      await recordStaffAction(
        tx,
        STRIPE_ACTOR,
        `Refunded ${formatCents(charge.amount_refunded)} of a payment of ${formatCents(charge.amount)}`,
      );
      return;
    }
    default:
      // setup_intent.succeeded and the rest: recorded; a Checkout's are answered by its
      // session's events above (docs/payments.md#what-is-built).
      return;
  }
}
