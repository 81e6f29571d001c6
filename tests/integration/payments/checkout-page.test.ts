// A protected booking through the built server (issue 40, docs/payments.md#booking): the dialog
// shows the policy and 'I agree to the cancellation policy'; the island's post goes on to the
// stand-in's Checkout page; the return page says 'Waiting for your payment' until the signed
// webhook arrives at POST /stripe/webhook, then 'Your appointment is booked' with the deposit;
// the form without JavaScript goes to the return page, which links to Checkout. What was agreed
// to is read from the database after the server stops.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { oneService } from "~/domain/booking/visit-request";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, serviceProtections, visitPayments } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { typeNamed } from "../../support/seeded-catalogue";
import { eventOf, type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_checkoutpage",
  STRIPE_WEBHOOK_SECRET: "whsec_checkoutpg",
};
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

let store: ServerStore;
let server: AppServer;
let standIn: StripeStandIn;
let manicure: string;
let times: { dateIso: string; startsAt: string }[];

beforeAll(async () => {
  await ensureProductionBuild();
  standIn = await startStripeStandIn();
  store = await createServerStore();
  ({ manicure, times } = await withStoreDatabase(store, async (db) => {
    await seedCatalogueOnce(db);
    const id = (await typeNamed(db, "Gel Manicure")).id;
    await db.insert(serviceProtections).values({ typeId: id, kind: "deposit", depositCents: 2500 });
    const dateIso = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 7);
    const listed = await listVisitTimes(db, { dateIso, items: oneService(id, "any") });
    if (!listed.ok || listed.slots.length < 3) throw new Error(`No free times on ${dateIso}`);
    const free = listed.slots.map((slot) => ({ dateIso, startsAt: slot.startsAt }));
    // Far enough apart that one visit never overlaps another.
    return { manicure: id, times: [free[0], free[4], free[8]].filter((t) => t !== undefined) };
  }));
  server = await startAppServer(store, {
    TRUST_PROXY: "1",
    ...KEYS,
    STRIPE_API_BASE: standIn.url,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
  await standIn?.close();
});

const fields = (time: { dateIso: string; startsAt: string }, agree: boolean) => ({
  date: time.dateIso,
  service: manicure,
  technician: "any",
  slot: time.startsAt,
  name: "Dana Cole",
  email: "dana@example.com",
  phone: "(312) 555-0123",
  ...(agree ? { agree: "yes" } : {}),
});

let address = 0;
const post = (path: string, body: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    redirect: "manual",
    headers: { "User-Agent": BROWSER, "X-Forwarded-For": `198.18.1.${++address}` },
  });
const page = (path: string) =>
  fetch(`${server.url}${path}`, { headers: { "User-Agent": BROWSER } }).then(async (r) => ({
    status: r.status,
    cache: r.headers.get("Cache-Control"),
    html: await r.text(),
  }));

async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = new Stripe(KEYS.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload,
    secret: KEYS.STRIPE_WEBHOOK_SECRET,
  });
  return fetch(`${server.url}/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

describe("booking a protected service", () => {
  it("shows the policy and 'I agree to the cancellation policy' in the dialog", async () => {
    const time = times[0] as { dateIso: string; startsAt: string };
    const query = new URLSearchParams({
      date: time.dateIso,
      service: manicure,
      technician: "any",
      slot: time.startsAt,
    });
    const { status, html } = await page(`/schedule?${query}`);
    expect(status).toBe(200);
    expect(html).toContain("I agree to the cancellation policy");
    expect(html).toContain("We take a deposit when you book: $25 for Gel Manicure.");
  }, 30_000);

  it("refuses 'Confirm Date/Time' without the agreement, and keeps nothing", async () => {
    const answer = await post("/schedule/book", fields(times[0] as never, false));
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.fieldErrors.agree).toContain("agree to the cancellation policy");
    expect(standIn.requests).toEqual([]);
  });

  it("goes on to Checkout and is booked only once the webhook came", async () => {
    const answer = await post("/schedule/book", fields(times[0] as never, true));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.checkout.url).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_`));
    const sessionId = new URLSearchParams(body.checkout.returnPath.split("?")[1]).get("session");
    if (!sessionId) throw new Error("No session in the return path");
    // What Stripe's return brings her to, before and after she paid: still waiting.
    const returnPath = `/schedule/paid?session=${sessionId}`;
    let back = await page(returnPath);
    expect(back.status).toBe(200);
    expect(back.cache).toBe("no-store");
    expect(back.html).toContain("Waiting for your payment");
    expect(back.html).toMatch(/http-equiv="refresh"/);
    standIn.complete(sessionId);
    expect((await page(returnPath)).html).toContain("Waiting for your payment");

    const session = standIn.sessions.get(sessionId) as Stripe.Checkout.Session;
    const delivered = await deliver(eventOf("checkout.session.completed", session));
    expect(await delivered.json()).toEqual({ received: true, handled: "applied" });
    back = await page(returnPath);
    expect(back.html).toContain("Your appointment is booked");
    expect(back.html).toContain("Deposit $25.00 paid");
    expect(back.html).not.toMatch(/http-equiv="refresh"/);
  }, 30_000);

  it("without JavaScript, goes to the return page, which links to Checkout", async () => {
    const time = times[1] as { dateIso: string; startsAt: string };
    const answer = await post("/schedule", fields(time, true));
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/schedule\/paid\?session=cs_test_/);
    const { html } = await page(location);
    expect(html).toContain("Waiting for your payment");
    expect(html).toContain("Continue to Payment");
    expect(html).toContain(`${standIn.url}/pay/`);
  }, 30_000);

  it("answers an unknown session with 404", async () => {
    expect((await page("/schedule/paid?session=cs_test_unknown000")).status).toBe(404);
  });

  it("kept what she agreed to: the policy and its version, when, her address and browser", async () => {
    await server.stop();
    const { payments, rows } = await withStoreDatabase(store, async (db) => ({
      payments: await db.select().from(visitPayments),
      rows: await db.select().from(appointments),
    }));
    expect(payments).toHaveLength(2);
    for (const payment of payments) {
      expect(payment.policyText).toContain("We take a deposit when you book: $25");
      expect(payment.policyVersion).toBe(1);
      expect(payment.agreedAt).toBeInstanceOf(Date);
      expect(payment.ipAddress).toMatch(/^198\.18\.1\.\d+$/);
      expect(payment.userAgent).toBe(BROWSER);
    }
    expect(payments.map((payment) => payment.state).sort()).toEqual(["awaiting", "confirmed"]);
    expect(rows.filter((row) => row.pendingUntil === null)).toHaveLength(1);
  }, 60_000);
});
