// A visit protected through Stripe as the webhook leaves it once Checkout completed
// (docs/payments.md#booking), for the files that cancel, charge or email one: Stripe connected to
// the local stand-in for each test (connectStripeStandIn), then a customer there with a saved
// card, for a 'deposit' its PaymentIntent paid there, and the visit's payment 'confirmed' with the
// policy agreed to as its evidence and the owner's settings of the moment as its terms
// (protectVisit).
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Database } from "~/services/db/client.server";
import { readPaymentSettings } from "~/services/payments/payment-settings.server";
import { stripeClientFor } from "~/services/payments/stripe-client.server";
import { receiveStripeWebhook } from "~/services/payments/webhooks.server";
import { createVisitPayment } from "./factories";
import { type ChargeOutcome, type StripeStandIn, startStripeStandIn } from "./stripe-stand-in";

type StripeKeys = { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string };

/**
 * The stand-in started for the file, Stripe's `keys` and its address set before each test and
 * removed after (`withoutKeys` removes them inside a test); `client()`: the official package
 * against it.
 */
export function connectStripeStandIn(keys: StripeKeys) {
  let started: StripeStandIn | undefined;
  const standIn = () => {
    if (!started) throw new Error("the Stripe stand-in is started in beforeAll");
    return started;
  };
  const withoutKeys = () => {
    for (const name of [...Object.keys(keys), "STRIPE_API_BASE"]) delete process.env[name];
  };
  beforeAll(async () => {
    started = await startStripeStandIn();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    Object.assign(process.env, keys, { STRIPE_API_BASE: standIn().url });
  });
  afterEach(withoutKeys);
  const settings = () => ({
    secretKey: keys.STRIPE_SECRET_KEY,
    webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
    apiBase: new URL(standIn().url),
  });
  return {
    get standIn() {
      return standIn();
    },
    client: () => stripeClientFor(settings()),
    withoutKeys,
    /** `event` given to the webhook's handler as Stripe sends it, signed with the secret. */
    deliver(db: Database, event: Stripe.Event) {
      const payload = JSON.stringify(event, null, 2);
      const signature = new Stripe(keys.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
        payload,
        secret: keys.STRIPE_WEBHOOK_SECRET,
      });
      return receiveStripeWebhook(db, settings(), payload, signature);
    },
  };
}

type ConnectedStripe = Pick<ReturnType<typeof connectStripeStandIn>, "standIn" | "client">;

export interface Protection {
  kind: "deposit" | "card";
  /** The deposit paid, in cents (default $25.00). */
  depositCents?: number;
  /** What charging the saved card answers (default: it succeeds). */
  outcome?: ChargeOutcome;
  /** The policy she agreed to, one sentence a line (default: the factory's). */
  policyText?: string;
}

/** Protects the visit `visit` (its id and the customer's name) as `protection` says. */
export async function protectVisit(
  db: Database,
  stripe: ConnectedStripe,
  visit: { visitId: string; name: string },
  protection: Protection,
) {
  const { kind } = protection;
  const client = stripe.client();
  const customer = await client.customers.create({ name: visit.name });
  const paymentMethod = `pm_test_${visit.visitId.slice(0, 8)}`;
  const cents = protection.depositCents ?? 2500;
  const deposit =
    kind === "deposit"
      ? await client.paymentIntents.create({
          amount: cents,
          currency: "usd",
          customer: customer.id,
          payment_method: paymentMethod,
          confirm: true,
        })
      : undefined;
  // The terms she agrees to are the owner's settings of the moment, as a booking keeps them.
  const settings = await readPaymentSettings(db);
  const payment = await createVisitPayment(db, {
    visitId: visit.visitId,
    cancellationWindowHours: settings.cancellationWindowHours,
    lateCancelFeePercent: settings.lateCancelFeePercent,
    noShowFeePercent: settings.noShowFeePercent,
    kind,
    amountCents: deposit ? cents : 0,
    stripeCustomerId: customer.id,
    paymentMethodId: paymentMethod,
    paymentIntentId: deposit?.id ?? null,
    setupIntentId: deposit ? null : "seti_test_saved",
    paidCents: deposit ? cents : null,
    ...(protection.policyText ? { policyText: protection.policyText } : {}),
  });
  if (protection.outcome) stripe.standIn.cardOutcomes.set(paymentMethod, protection.outcome);
  return payment;
}
