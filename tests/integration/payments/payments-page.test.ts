// The owner's 'Payments' page and Stripe's webhook through the built server (issue 40,
// docs/payments.md): owner only (403 for a Staff account, page and form alike), in her
// navigation; without keys it says how to connect and customers read no deposit; with keys a
// save shows on /policies and in the activity log, a wrong form is refused and changes nothing,
// and the webhook takes only signed events, each once.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositField, protectionField } from "~/services/payments/payment-settings.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { createService } from "../../support/factories";
import { signInOwnerAndStaff } from "../../support/staff-accounts";
import { eventOf } from "../../support/stripe-stand-in";

const PUBLIC_URL = "https://nails.example.com";
const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_pagetest00",
  STRIPE_WEBHOOK_SECRET: "whsec_pagetest0000",
};
const DEPOSIT_SENTENCE = "We take a deposit when you book: $25 for Acrylic Full Set.";

let store: ServerStore;
let server: AppServer | undefined;
let ownerCookie: string;
let staffCookie: string;
let acrylicId: string;

beforeAll(async () => {
  store = await createServerStore();
  ({ ownerCookie, staffCookie, acrylicId } = await withStoreDatabase(store, async (db) => {
    const acrylic = await createService(db, { type: "Acrylic Full Set", priceCents: 6000 });
    return { ...(await signInOwnerAndStaff(db, "nia@example.com")), acrylicId: acrylic.id };
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

const base = () => server?.url ?? "";
const get = (path: string, cookie?: string) =>
  fetch(`${base()}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (fields: Record<string, string>, cookie = ownerCookie) =>
  fetch(`${base()}/payments`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: PUBLIC_URL },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const saveDeposit = (deposit: string, window = "24") =>
  post({
    cancellationWindowHours: window,
    lateCancelFeePercent: "50",
    noShowFeePercent: "50",
    [protectionField(acrylicId)]: "deposit",
    [depositField(acrylicId)]: deposit,
  });

describe("without Stripe's keys", () => {
  beforeAll(async () => {
    server = await startAppServer(store, { PUBLIC_URL });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    server = undefined;
  });

  it("is the owner's alone: a Staff account gets 403 for the page and the form", async () => {
    expect((await get("/payments", staffCookie)).status).toBe(403);
    expect((await post({ cancellationWindowHours: "1" }, staffCookie)).status).toBe(403);
    const nav = await (await get("/dashboard", ownerCookie)).text();
    expect(nav).toContain('href="/payments"');
  }, 30_000);

  it("says how to connect, and a saved deposit is not yet asked of customers", async () => {
    const page = await (await get("/payments", ownerCookie)).text();
    expect(page).toContain("Connect Stripe");
    expect(page).toContain(`${PUBLIC_URL}/stripe/webhook`);
    expect(page).toContain("STRIPE_SECRET_KEY");
    expect(page).toContain("checkout.session.completed");
    expect((await saveDeposit("25")).status).toBe(200);
    expect(await (await get("/policies")).text()).not.toContain("We take a deposit");
    expect((await fetch(`${base()}/stripe/webhook`, { method: "POST", body: "{}" })).status).toBe(
      404,
    );
  }, 30_000);
});

describe("with Stripe's keys", () => {
  beforeAll(async () => {
    server = await startAppServer(store, { PUBLIC_URL, ...KEYS });
  }, 120_000);

  it("shows the saved deposit on /policies and refuses a wrong form without changing it", async () => {
    const page = await (await get("/payments", ownerCookie)).text();
    expect(page).not.toContain("Connect Stripe");
    expect(await (await get("/policies")).text()).toContain(DEPOSIT_SENTENCE);

    const refused = await saveDeposit("a lot", "9999");
    expect(refused.status).toBe(400);
    const answer = await refused.text();
    expect(answer).toContain("Please check the marked fields.");
    expect(answer).toContain("Enter an amount, like $25, or a percentage of the price, like 20%");
    expect(await (await get("/policies")).text()).toContain(DEPOSIT_SENTENCE);

    const accounts = await (await get("/accounts", ownerCookie)).text();
    // The log as shown (its text after a tag; the page's data repeats it for the browser): one
    // entry, the saved form's, none for the refused one.
    expect(accounts.match(/>Changed the payment settings[^<]*/g)).toEqual([
      ">Changed the payment settings: cancellation window 24 hours, late cancellation fee 50%, no-show fee 50%; Acrylic Full Set: Deposit $25",
    ]);
  }, 30_000);

  it("takes a signed event once and refuses an unsigned one with 400", async () => {
    const stripe = new Stripe(KEYS.STRIPE_SECRET_KEY);
    const session = { id: "cs_test_page", object: "checkout.session" } as Stripe.Checkout.Session;
    const payload = JSON.stringify(eventOf("checkout.session.expired", session, "evt_page_1"));
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
    });
    const deliver = (headers: Record<string, string>) =>
      fetch(`${base()}/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: payload,
      });
    expect((await deliver({})).status).toBe(400);
    expect((await deliver({ "Stripe-Signature": "t=1,v1=00" })).status).toBe(400);
    expect(await (await deliver({ "Stripe-Signature": signature })).json()).toEqual({
      received: true,
      handled: "applied",
    });
    expect(await (await deliver({ "Stripe-Signature": signature })).json()).toEqual({
      received: true,
      handled: "repeated",
    });
  }, 30_000);
});
