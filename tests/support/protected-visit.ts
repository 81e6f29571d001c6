// A visit protected through Stripe as the webhook leaves it once Checkout completed
// (docs/payments.md#booking), for the files that cancel, charge or email one: a customer at the
// Stripe stand-in with a saved card, for a 'deposit' its PaymentIntent paid there, and the visit's
// payment 'confirmed' with the policy agreed to as its evidence.
import type Stripe from "stripe";
import type { Database } from "~/services/db/client.server";
import { createVisitPayment } from "./factories";
import type { ChargeOutcome, StripeStandIn } from "./stripe-stand-in";

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
  stripe: { client: Stripe; standIn: StripeStandIn },
  visit: { visitId: string; name: string },
  protection: Protection,
) {
  const { kind } = protection;
  const customer = await stripe.client.customers.create({ name: visit.name });
  const paymentMethod = `pm_test_${visit.visitId.slice(0, 8)}`;
  const cents = protection.depositCents ?? 2500;
  const deposit =
    kind === "deposit"
      ? await stripe.client.paymentIntents.create({
          amount: cents,
          currency: "usd",
          customer: customer.id,
          payment_method: paymentMethod,
          confirm: true,
        })
      : undefined;
  const payment = await createVisitPayment(db, {
    visitId: visit.visitId,
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
