import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeClientFor } from "~/services/payments/stripe-client.server";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";

// The official client against the local stand-in (docs/payments.md#what-was-verified-where): the
// requests it writes are the ones our code means (cents, USD, our idempotency keys), and what it
// reads back is typed by the package.
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const client = () =>
  stripeClientFor({
    secretKey: "sk_test_standin0000",
    webhookSecret: "whsec_standin0000",
    apiBase: new URL(standIn.url),
  });

describe("the Stripe stand-in", () => {
  it("takes a Checkout Session in cents and USD, with our idempotency key, and expires it", async () => {
    const session = await client().checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "usd", unit_amount: 2500, product_data: { name: "Deposit" } },
          },
        ],
        payment_intent_data: { setup_future_usage: "off_session" },
        success_url: "http://localhost/return",
        metadata: { visit: "v1" },
      },
      { idempotencyKey: "checkout-v1" },
    );
    expect(session.amount_total).toBe(2500);
    expect(session.url).toContain(standIn.url);
    const request = standIn.requests.at(-1);
    expect(request?.idempotencyKey).toBe("checkout-v1");
    expect(request?.params).toMatchObject({
      line_items: [{ price_data: { currency: "usd", unit_amount: "2500" } }],
      payment_intent_data: { setup_future_usage: "off_session" },
    });

    const again = await client().checkout.sessions.create(
      { mode: "payment", success_url: "http://localhost/return" },
      { idempotencyKey: "checkout-v1" },
    );
    expect(again.id).toBe(session.id);

    const expired = await client().checkout.sessions.expire(session.id);
    expect(expired.status).toBe("expired");
    await expect(client().checkout.sessions.expire(session.id)).rejects.toThrow(/open/);
  });

  it("completes a paid session and refunds its PaymentIntent", async () => {
    const session = await client().checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 1800, product_data: { name: "Deposit" } },
        },
      ],
      success_url: "http://localhost/return",
    });
    standIn.complete(session.id);
    const paid = await client().checkout.sessions.retrieve(session.id);
    expect(paid.payment_status).toBe("paid");
    const refund = await client().refunds.create(
      { payment_intent: String(paid.payment_intent) },
      { idempotencyKey: "refund-1" },
    );
    expect(refund.amount).toBe(1800);
    await expect(client().paymentIntents.retrieve("pi_missing")).rejects.toThrow(/No such/);
  });
});
