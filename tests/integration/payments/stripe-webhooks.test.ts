// Stripe's webhooks on a real database (issue 40, docs/payments.md#webhooks): the signature is
// checked on the raw body (a wrong one: 400 and nothing changed), and each event id is recorded
// with its effect in one transaction, so the same event delivered twice, even at once, has one
// effect. Events are signed as Stripe signs them, with the official package.
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { emailOutbox, staffActions, stripeEvents } from "~/services/db/schema.server";
import { receiveStripeWebhook } from "~/services/payments/webhooks.server";
import { eventOf } from "../../support/stripe-stand-in";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const settings = { secretKey: "sk_test_webhooks00", webhookSecret: "whsec_webhooks0000" };
const stripe = new Stripe(settings.secretKey);

/** The body and Stripe-Signature header Stripe would send for `event`. */
function signed(event: object, secret = settings.webhookSecret) {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

// Only the fields the salon reads of a dispute; the rest of Stripe's object does not matter here.
const dispute = {
  id: "dp_1",
  object: "dispute",
  amount: 2500,
  charge: "ch_1",
  currency: "usd",
  reason: "fraudulent",
  status: "needs_response",
  evidence_details: { due_by: 1_900_000_000 },
} as unknown as Stripe.Dispute;

async function effects() {
  return {
    events: await database.db.select().from(stripeEvents),
    emails: await database.db.select().from(emailOutbox),
    log: await database.db.select().from(staffActions),
  };
}

const receive = (body: { payload: string; signature: string | null }) =>
  receiveStripeWebhook(database.db, settings, body.payload, body.signature);

describe("Stripe's webhook", () => {
  it("refuses a wrong or missing signature, or a body changed after signing, and changes nothing", async () => {
    const event = eventOf("charge.dispute.created", dispute);
    const forged = signed(event, "whsec_someoneelse00");
    expect(await receive(forged)).toEqual({
      status: 400,
      message: "The signature does not match.",
    });
    const good = signed(event);
    const tampered = { ...good, payload: good.payload.replace("2500", "1") };
    expect((await receive(tampered)).status).toBe(400);
    expect((await receive({ payload: good.payload, signature: null })).status).toBe(400);
    expect(await effects()).toEqual({ events: [], emails: [], log: [] });
  });

  it("emails the owner once about a dispute, however often and however concurrently it arrives", async () => {
    const body = signed(eventOf("charge.dispute.created", dispute, "evt_dispute_1"));
    const answers = await Promise.all([receive(body), receive(body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => "handled" in answer && answer.handled).sort()).toEqual([
      "applied",
      "repeated",
    ]);
    expect(await receive(body)).toMatchObject({ status: 200, handled: "repeated" });

    const { events, emails, log } = await effects();
    expect(events.map((event) => [event.id, event.type])).toEqual([
      ["evt_dispute_1", "charge.dispute.created"],
    ]);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("A payment of $25.00 was disputed");
    expect(emails[0]?.textBody).toContain("fraudulent");
    expect(log.map((entry) => [entry.actorEmail, entry.action])).toEqual([
      ["Stripe", "A customer disputed a payment of $25.00 (fraudulent); the owner was emailed"],
    ]);
  });

  it("records a Checkout event that names no booking of ours, so Stripe stops sending it", async () => {
    const session = { id: "cs_test_1", object: "checkout.session" } as Stripe.Checkout.Session;
    const body = signed(eventOf("checkout.session.completed", session, "evt_session_1"));
    expect(await receive(body)).toEqual({
      status: 200,
      handled: "applied",
      type: "checkout.session.completed",
    });
    expect((await effects()).events.map((event) => event.id)).toEqual(["evt_session_1"]);
  });
});
