import Stripe from "stripe";
import { serviceProtections } from "../../app/services/db/schema.server";
import { listAppointmentTypes } from "../../app/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  startAppServer,
  withStoreDatabase,
} from "../support/app-server";
import { eventOf, type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in";
import { findTimes } from "./booking-steps";
import { expect, test } from "./fixtures";
import { salonDateNotSunday } from "./salon-date";

// A protected service booked in Chromium (issue 40, docs/payments.md#booking): a server of its
// own with Stripe's keys, pointed at the local stand-in (the shared e2e server has no keys, and
// booking there is as before). The visitor agrees to the policy, 'pays' on the stand-in's
// checkout page, comes back to 'Waiting for your payment', and once the signed webhook has
// arrived the page says 'Your appointment is booked' with the deposit.

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_e2echeckout",
  STRIPE_WEBHOOK_SECRET: "whsec_e2echeckout",
};

interface Shop {
  server: AppServer;
  standIn: StripeStandIn;
}

const checkoutTest = test.extend<object, { shop: Shop }>({
  shop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none
    async ({}, use) => {
      const standIn = await startStripeStandIn();
      const store = await createServerStore();
      await withStoreDatabase(store, async (db) => {
        await seedCatalogueOnce(db);
        const wax = (await listAppointmentTypes(db)).find((type) => type.type === "Eyebrow Wax");
        if (!wax) throw new Error("No Eyebrow Wax in the seed");
        await db
          .insert(serviceProtections)
          .values({ typeId: wax.id, kind: "deposit", depositCents: 1000 });
      });
      const server = await startAppServer(store, {
        ...KEYS,
        STRIPE_API_BASE: standIn.url,
        TRUST_PROXY: "1",
      });
      await use({ server, standIn });
      await server.stop("SIGKILL");
      await store.remove();
      await standIn.close();
    },
    // As playwright.config.ts's webServer: starting a server on a loaded machine took over 30 s.
    { scope: "worker", timeout: 120_000 },
  ],
});

/** Stripe's checkout.session.completed for the session, signed, posted to the site's webhook. */
async function deliverCompleted(shop: Shop, sessionId: string) {
  const session = shop.standIn.sessions.get(sessionId);
  if (!session) throw new Error(`No session ${sessionId}`);
  const payload = JSON.stringify(eventOf("checkout.session.completed", session));
  const signature = new Stripe(KEYS.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload,
    secret: KEYS.STRIPE_WEBHOOK_SECRET,
  });
  const response = await fetch(`${shop.server.url}/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}

checkoutTest(
  "a visitor agrees to the policy, pays the deposit on the checkout page and returns to 'Your appointment is booked'",
  async ({ browser, shop }) => {
    const run = checkoutTest.info().repeatEachIndex;
    const context = await browser.newContext({
      baseURL: shop.server.url,
      extraHTTPHeaders: { "X-Forwarded-For": `10.253.${run}.1` },
    });
    const page = await context.newPage();
    await findTimes(page, {
      date: salonDateNotSunday(31 + run),
      category: "Waxing",
      service: "Eyebrow Wax",
    });
    await page.getByRole("list", { name: "Available times" }).getByRole("button").first().click();
    const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
    await expect(dialog).toContainText("We take a deposit when you book: $10 for Eyebrow Wax.");
    await dialog.getByLabel("Name").fill("Dana Cole");
    await dialog.getByLabel("Email").fill("dana@example.com");
    // Not agreed yet: said beside the box, nothing sent.
    await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();
    await expect(
      dialog.getByText("Please agree to the cancellation policy to book this service."),
    ).toBeVisible();
    await dialog.getByLabel("I agree to the cancellation policy").check();
    await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();

    // Stripe's page (the stand-in's), then back to the site, which waits for the webhook.
    await expect(page.getByRole("heading", { name: "Pay $10.00" })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Waiting for your payment" }),
    ).toBeVisible();
    const sessionId = new URL(page.url()).searchParams.get("session") ?? "";
    expect(sessionId).toMatch(/^cs_test_/);

    await deliverCompleted(shop, sessionId);
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your appointment is booked" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Eyebrow Wax" })).toBeVisible();
    await expect(page.locator(".manage__card")).toContainText("Deposit $10.00 paid");
    await context.close();
  },
);
