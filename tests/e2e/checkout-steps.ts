import type { Browser, Page } from "@playwright/test";
import Stripe from "stripe";
import { SESSION_COOKIE } from "../../app/lib/staff-cookie.server";
import type { Database } from "../../app/services/db/client.server";
import {
  appointments,
  serviceProtections,
  visitPayments,
} from "../../app/services/db/schema.server";
import { listAppointmentTypes } from "../../app/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import { createOrResetStaffUser } from "../../app/services/staff/auth.server";
import { createSession } from "../../app/services/staff/session.server";
import { type StripeKeys, type StripeShop, startStripeShop } from "../support/stripe-shop";
import { eventOf, type StripeStandIn } from "../support/stripe-stand-in";
import { expect } from "./fixtures";

// Steps the Stripe specs share (docs/payments.md): a worker's shop, a service asking a deposit,
// the desk's account and pages, a visitor's page, a protected visit already begun, and paying on the stand-in's checkout page
// from one of our return pages.

/**
 * A worker's Stripe shop (startStripeShop with `prepare`) as a Playwright fixture, stopped once
 * the worker's tests are done.
 */
export function shopFixture<T>(
  keys: StripeKeys,
  prepare: Parameters<typeof startStripeShop<T>>[1],
): [
  (args: object, use: (shop: StripeShop<T>) => Promise<void>) => Promise<void>,
  { scope: "worker"; timeout: number },
] {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none
    async ({}, use) => {
      const shop = await startStripeShop(keys, prepare);
      await use(shop);
      await shop.stop();
    },
    // As playwright.config.ts's webServer: starting a server on a loaded machine took over 30 s.
    { scope: "worker", timeout: 120_000 },
  ];
}

/** The seed's services in `db`, its Eyebrow Wax asking a $10 deposit: that Eyebrow Wax. */
export async function eyebrowWaxWithDeposit(db: Database) {
  await seedCatalogueOnce(db);
  const wax = (await listAppointmentTypes(db)).find((type) => type.type === "Eyebrow Wax");
  if (!wax) throw new Error("No Eyebrow Wax in the seed");
  await db
    .insert(serviceProtections)
    .values({ typeId: wax.id, kind: "deposit", depositCents: 1000 });
  return wax;
}

/** The desk's staff account in `db` and a session of it: the session's id, its cookie's value. */
export async function deskSession(db: Database): Promise<string> {
  const made = await createOrResetStaffUser(db, "desk@example.com", "a long desk password");
  if (!made.ok) throw new Error(made.error);
  return createSession(db, made.user.id);
}

/** A page of the shop's server signed in as the desk by `session` (deskSession's), in its context. */
export async function deskPage(browser: Browser, shop: StripeShop<unknown>, session: string) {
  const context = await browser.newContext({ baseURL: shop.server.url });
  await context.addCookies([
    { name: SESSION_COOKIE, value: session, url: shop.server.url, httpOnly: true },
  ]);
  return { context, page: await context.newPage() };
}

/** A visitor's page of the shop's server, from her own client `address`, in its context. */
export async function visitorPage(browser: Browser, shop: StripeShop<unknown>, address: string) {
  const context = await browser.newContext({
    baseURL: shop.server.url,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return { context, page: await context.newPage() };
}

/**
 * A Gel Manicure of $80 for `name`, begun half an hour ago, whose $25 deposit was paid at
 * Checkout (its customer made at the stand-in, `paymentMethod` saved), with `payment`'s columns
 * on top (a fee's state, say): its start.
 */
export async function protectedVisitBegun(
  db: Database,
  standIn: StripeStandIn,
  visit: {
    name: string;
    email: string;
    keys: { STRIPE_SECRET_KEY: string };
    paymentMethod: string;
  },
  more: { visitStatus?: "no_show"; payment?: Partial<typeof visitPayments.$inferInsert> } = {},
): Promise<{ startsAt: Date; visitId: string }> {
  const stripe = new Stripe(visit.keys.STRIPE_SECRET_KEY, {
    host: "127.0.0.1",
    port: new URL(standIn.url).port,
    protocol: "http",
  });
  const customer = await stripe.customers.create({ name: visit.name });
  const deposit = await stripe.paymentIntents.create({
    amount: 2500,
    currency: "usd",
    customer: customer.id,
    payment_method: visit.paymentMethod,
    confirm: true,
  });
  const startsAt = new Date(Date.now() - 30 * 60_000);
  const [row] = await db
    .insert(appointments)
    .values({
      name: visit.name,
      email: visit.email,
      typeName: "Gel Manicure",
      category: "Manicures",
      technician: "Tess",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      priceCents: 8000,
      channel: "online",
      ...(more.visitStatus ? { visitStatus: more.visitStatus } : {}),
    })
    .returning();
  if (!row) throw new Error("No appointment");
  await db.insert(visitPayments).values({
    visitId: row.visitId,
    kind: "deposit",
    amountCents: 2500,
    state: "confirmed",
    stripeCustomerId: customer.id,
    paymentMethodId: visit.paymentMethod,
    paymentIntentId: deposit.id,
    paidCents: 2500,
    policyText: "If you do not come, we charge 50% of the visit's price.",
    policyVersion: 1,
    agreedAt: startsAt,
    confirmedAt: startsAt,
    ...more.payment,
  });
  return { startsAt, visitId: row.visitId };
}

/**
 * From our page saying 'Waiting for your payment': 'Continue to Payment', the stand-in's 'Pay
 * `amount`' paid, back to our page still waiting, then Stripe's signed completion delivered and
 * the page reloaded.
 */
export async function payAtStandIn(page: Page, shop: StripeShop<unknown>, amount: string) {
  const waiting = page.getByRole("heading", { level: 1, name: "Waiting for your payment" });
  await expect(waiting).toBeVisible();
  await page.getByRole("link", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: `Pay ${amount}` })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(waiting).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get("session") ?? "";
  const session = shop.standIn.sessions.get(sessionId);
  if (!session) throw new Error(`No session ${sessionId}`);
  expect((await shop.deliver(eventOf("checkout.session.completed", session))).status).toBe(200);
  await page.reload();
}
