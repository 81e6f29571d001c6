// A protected booking through the built server (issue 40, docs/payments.md#booking): the dialog
// shows the policy and 'I agree to the cancellation policy'; the island's post goes on to the
// stand-in's Checkout page; the return page says 'Waiting for your payment' until the signed
// webhook arrives at POST /stripe/webhook, then 'Your appointment is booked' with the deposit;
// the form without JavaScript goes to the return page, which links to Checkout; Checkout's back
// link opens the return page, whose 'Choose Another Time' closes the session and frees the time
// (not once she paid). What was agreed
// to is read from the database after the server stops.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments, visitPayments } from "~/services/db/schema.server";
import { ensureProductionBuild, withStoreDatabase } from "../../support/app-server";
import {
  depositOnGelManicure,
  type StripeShop,
  startStripeShop,
  stripeKeys,
} from "../../support/stripe-shop";
import { eventOf } from "../../support/stripe-stand-in";

const KEYS = stripeKeys("checkoutpage");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

let shop: StripeShop<Awaited<ReturnType<typeof depositOnGelManicure>>>;

beforeAll(async () => {
  await ensureProductionBuild();
  shop = await startStripeShop(KEYS, depositOnGelManicure);
}, 120_000);

afterAll(() => shop?.stop());

const fields = (time: { dateIso: string; startsAt: string }, agree: boolean) => ({
  date: time.dateIso,
  service: shop.prepared.manicure,
  technician: "any",
  slot: time.startsAt,
  name: "Dana Cole",
  email: "dana@example.com",
  phone: "(312) 555-0123",
  ...(agree ? { agree: "yes" } : {}),
});

let address = 0;
const post = (path: string, body: Record<string, string>) =>
  fetch(`${shop.server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    redirect: "manual",
    headers: { "User-Agent": BROWSER, "X-Forwarded-For": `198.18.1.${++address}` },
  });
const page = (path: string) =>
  fetch(`${shop.server.url}${path}`, { headers: { "User-Agent": BROWSER } }).then(async (r) => ({
    status: r.status,
    cache: r.headers.get("Cache-Control"),
    html: await r.text(),
  }));

const deliver = (event: Stripe.Event) => shop.deliver(event);

describe("booking a protected service", () => {
  it("shows the policy and 'I agree to the cancellation policy' in the dialog", async () => {
    const time = shop.prepared.times[0] as { dateIso: string; startsAt: string };
    const query = new URLSearchParams({
      date: time.dateIso,
      service: shop.prepared.manicure,
      technician: "any",
      slot: time.startsAt,
    });
    const { status, html } = await page(`/schedule?${query}`);
    expect(status).toBe(200);
    expect(html).toContain("I agree to the cancellation policy");
    expect(html).toContain("We take a deposit when you book: $25 for Gel Manicure.");
  }, 30_000);

  it("refuses 'Confirm Date/Time' without the agreement, and keeps nothing", async () => {
    const answer = await post("/schedule/book", fields(shop.prepared.times[0] as never, false));
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.fieldErrors.agree).toContain("agree to the cancellation policy");
    expect(shop.standIn.requests).toEqual([]);
  });

  it("goes on to Checkout and is booked only once the webhook came", async () => {
    const answer = await post("/schedule/book", fields(shop.prepared.times[0] as never, true));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.checkout.url).toMatch(new RegExp(`^${shop.standIn.url}/pay/cs_test_`));
    const sessionId = new URLSearchParams(body.checkout.returnPath.split("?")[1]).get("session");
    if (!sessionId) throw new Error("No session in the return path");
    // What Stripe's return brings her to, before and after she paid: still waiting.
    const returnPath = `/schedule/paid?session=${sessionId}`;
    let back = await page(returnPath);
    expect(back.status).toBe(200);
    expect(back.cache).toBe("no-store");
    expect(back.html).toContain("Waiting for your payment");
    expect(back.html).toMatch(/http-equiv="refresh"/);
    shop.standIn.complete(sessionId);
    expect((await page(returnPath)).html).toContain("Waiting for your payment");

    const session = shop.standIn.sessions.get(sessionId) as Stripe.Checkout.Session;
    const delivered = await deliver(eventOf("checkout.session.completed", session));
    expect(await delivered.json()).toEqual({ received: true, handled: "applied" });
    back = await page(returnPath);
    expect(back.html).toContain("Your appointment is booked");
    expect(back.html).toContain("Deposit $25.00 paid");
    expect(back.html).not.toMatch(/http-equiv="refresh"/);
  }, 30_000);

  it("without JavaScript, goes to the return page, which links to Checkout", async () => {
    const time = shop.prepared.times[1] as { dateIso: string; startsAt: string };
    const answer = await post("/schedule", fields(time, true));
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/schedule\/paid\?session=cs_test_/);
    const { html } = await page(location);
    expect(html).toContain("Waiting for your payment");
    expect(html).toContain("Continue to Payment");
    expect(html).toContain(`${shop.standIn.url}/pay/`);
  }, 30_000);

  it("back from Checkout unpaid, 'Choose Another Time' frees the time at once", async () => {
    const time = shop.prepared.times[2] as { dateIso: string; startsAt: string };
    const book = async () => {
      const answer = await post("/schedule/book", fields(time, true));
      expect(answer.status).toBe(200);
      const { checkout } = await answer.json();
      const sessionId = new URLSearchParams(checkout.returnPath.split("?")[1]).get("session");
      const session = shop.standIn.sessions.get(sessionId ?? "") as Stripe.Checkout.Session;
      // Checkout's back link: the return page by the visit's own token.
      const back = new URL(session.cancel_url ?? "");
      expect(back.pathname).toBe("/schedule/paid");
      return {
        session,
        backPath: `${back.pathname}${back.search}`,
        token: back.searchParams.get("back") ?? "",
      };
    };
    const first = await book();
    const shown = await page(first.backPath);
    expect(shown.status).toBe(200);
    expect(shown.cache).toBe("no-store");
    for (const words of ["Your time is still held", "Continue to Payment", "Choose Another Time"]) {
      expect(shown.html).toContain(words);
    }
    expect(shown.html).not.toMatch(/http-equiv="refresh"/);

    const released = await post("/schedule/paid", { back: first.token });
    expect(released.status).toBe(303);
    expect(released.headers.get("Location")).toBe("/schedule");
    expect(shop.standIn.sessions.get(first.session.id)?.status).toBe("expired");
    expect((await page(first.backPath)).html).toContain("The time to pay is over");

    // The same time is free for the next booking; paid before she asks, it is not freed.
    const second = await book();
    shop.standIn.complete(second.session.id);
    const paid = await post("/schedule/paid", { back: second.token });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`/schedule/paid?session=${second.session.id}`);
    expect(shop.standIn.sessions.get(second.session.id)?.status).toBe("complete");
    expect((await page(`/schedule/paid?session=${second.session.id}`)).html).toContain(
      "Waiting for your payment",
    );
    expect((await post("/schedule/paid", { back: "x".repeat(43) })).status).toBe(404);
  }, 30_000);

  it("answers an unknown session with 404", async () => {
    expect((await page("/schedule/paid?session=cs_test_unknown000")).status).toBe(404);
  });

  it("kept what she agreed to: the policy and its version, when, her address and browser", async () => {
    await shop.server.stop();
    const { payments, rows } = await withStoreDatabase(shop.store, async (db) => ({
      payments: await db.select().from(visitPayments),
      rows: await db.select().from(appointments),
    }));
    expect(payments).toHaveLength(4);
    for (const payment of payments) {
      expect(payment.policyText).toContain("We take a deposit when you book: $25");
      expect(payment.policyVersion).toBe(1);
      expect(payment.agreedAt).toBeInstanceOf(Date);
      expect(payment.ipAddress).toMatch(/^198\.18\.1\.\d+$/);
      expect(payment.userAgent).toBe(BROWSER);
    }
    expect(payments.map((payment) => payment.state).sort()).toEqual([
      "awaiting",
      "awaiting",
      "confirmed",
      "expired",
    ]);
    expect(rows.filter((row) => row.pendingUntil === null)).toHaveLength(1);
  }, 60_000);
});
