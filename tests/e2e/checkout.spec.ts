import { type StripeShop, stripeKeys } from "../support/stripe-shop";
import { eventOf } from "../support/stripe-stand-in";
import AxeBuilder from "./axe-builder";
import { findTimes } from "./booking-steps";
import { eyebrowWaxWithDeposit, shopFixture } from "./checkout-steps";
import { expect, test } from "./fixtures";
import { salonDateNotSunday } from "./salon-date";

// A protected service booked in Chromium (issue 40, docs/payments.md#booking): a server of its
// own with Stripe's keys, pointed at the local stand-in (the shared e2e server has no keys, and
// booking there is as before). The visitor agrees to the policy, 'pays' on the stand-in's
// checkout page, comes back to 'Waiting for your payment', and once the signed webhook has
// arrived the page says 'Your appointment is booked' with the deposit.

const checkoutTest = test.extend<object, { shop: StripeShop<void> }>({
  shop: shopFixture(stripeKeys("e2echeckout"), async (db) => {
    await eyebrowWaxWithDeposit(db);
  }),
});

/** Stripe's checkout.session.completed for the session, signed, posted to the site's webhook. */
async function deliverCompleted(shop: StripeShop<void>, sessionId: string) {
  const session = shop.standIn.sessions.get(sessionId);
  if (!session) throw new Error(`No session ${sessionId}`);
  const response = await shop.deliver(eventOf("checkout.session.completed", session));
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

    // Stripe's page (the stand-in's). Going back first: the time is still held for her, and
    // she goes on to pay.
    await expect(page.getByRole("heading", { name: "Pay $10.00" })).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your time is still held" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Choose Another Time" })).toBeVisible();
    await page.getByRole("link", { name: "Continue to Payment" }).click();

    // Back on Stripe's page: she pays, and the site waits for the webhook.
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

checkoutTest(
  "back from the checkout page unpaid, 'Choose Another Time' frees the time and opens the booking form",
  async ({ browser, shop }) => {
    const run = checkoutTest.info().repeatEachIndex;
    const context = await browser.newContext({
      baseURL: shop.server.url,
      extraHTTPHeaders: { "X-Forwarded-For": `10.253.${run}.2` },
    });
    const page = await context.newPage();
    const date = salonDateNotSunday(33 + run);
    await findTimes(page, { date, category: "Waxing", service: "Eyebrow Wax" });
    const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
    const first = (await times.first().textContent())?.trim() ?? "";
    await times.first().click();
    const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
    await dialog.getByLabel("Name").fill("Ana Ruiz");
    await dialog.getByLabel("Email").fill("ana@example.com");
    await dialog.getByLabel("I agree to the cancellation policy").check();
    await dialog.getByRole("button", { name: "Confirm Date/Time" }).click();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your time is still held" }),
    ).toBeVisible();
    await expect(page.locator("main")).toContainText(
      "You left the card payment page before paying.",
    );
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByRole("button", { name: "Choose Another Time" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    // Her time is offered again.
    await findTimes(page, { date, category: "Waxing", service: "Eyebrow Wax" });
    await expect(
      page.getByRole("list", { name: "Available times" }).getByRole("button", { name: first }),
    ).toBeVisible();
    await context.close();
  },
);
