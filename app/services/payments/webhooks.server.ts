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
import { type EmailContent, paragraph, renderEmail, rows } from "../email/email-blocks.server";
import { enqueueEmail } from "../email/outbox.server";
import { formatSalonDateTime } from "../email/templates.server";
import type { StripeSettings } from "../platform/env.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import {
  applyDepositRefunded,
  applyFeeIntent,
  applyFeeLinkExpired,
  applyFeeLinkPaid,
  isFeeSession,
} from "./fee-events.server";
import {
  completeCheckout,
  expireCheckout,
  type SavedCard,
  STRIPE_ACTOR,
  savedCardOf,
} from "./paid-visits.server";
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
}

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
    case "charge.dispute.created": {
      const dispute = event.data.object;
      await enqueueEmail(tx, { to: salon.email, ...disputeEmail(dispute, salon) });
      await recordStaffAction(
        tx,
        STRIPE_ACTOR,
        `A customer disputed a payment of ${formatCents(dispute.amount)} (${dispute.reason}); the owner was emailed`,
      );
      return;
    }
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
      if (await applyDepositRefunded(tx, charge, context.now)) return;
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

/** To the salon: a customer disputed a payment; answer it in Stripe's dashboard in time. */
function disputeEmail(dispute: Stripe.Dispute, salon: SalonDetails): EmailContent {
  const due = dispute.evidence_details.due_by;
  return renderEmail({
    subject: `A payment of ${formatCents(dispute.amount)} was disputed`,
    blocks: [
      paragraph(
        "A customer's bank has opened a dispute about a payment to the salon. Answer it in Stripe's dashboard, under Payments > Disputes, with what the customer agreed to when booking.",
      ),
      rows([
        ["Amount", formatCents(dispute.amount)],
        ["Reason", dispute.reason],
        ["Dispute", dispute.id],
        ...(due ? ([["Answer by", formatSalonDateTime(new Date(due * 1000))]] as const) : []),
      ]),
    ],
    salon,
  });
}
