import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { appointments, visitPayments } from "../../app/services/db/schema.server";
import { type StripeShop, stripeKeys } from "../support/stripe-shop";
import AxeBuilder from "./axe-builder";
import { deskPage, deskSession, protectedVisitBegun, shopFixture } from "./checkout-steps";
import { expect, test } from "./fixtures";

// A late cancellation fee on the customer's page, given back by the owner, in Chromium (issue 40,
// docs/payments.md#refunding-a-fee): a server of its own with Stripe's keys, pointed at the local
// stand-in, and a visit (a $25 deposit paid on an $80 service) she cancelled inside the window,
// whose late fee of $40.00 kept the deposit and charged $15.00 to her card. The desk lists no
// cancelled visit; her page says the fee, and 'Refund Late Cancellation Fee' asks first, then
// refunds the whole fee once: $15.00 on the fee's payment and the $25.00 kept on the deposit's.

const KEYS = stripeKeys("e2elatefeerefund");
/** A folder to keep screenshots in (a person looking at the page), or none. */
const shots = process.env.STAFF_SCREENSHOTS;
const NAME = "Lena Late";
const EMAIL = "lena@example.com";

type Shop = StripeShop<{ session: string }>;

const shopTest = test.extend<object, { shop: Shop }>({
  shop: shopFixture(KEYS, async (db, standIn) => {
    const { visitId } = await protectedVisitBegun(db, standIn, {
      name: NAME,
      email: EMAIL,
      keys: KEYS,
      paymentMethod: "pm_test_lena",
    });
    // Her cancellation's fee, as customer-cancel.server.ts records it: $15.00 charged off-session.
    const stripe = new Stripe(KEYS.STRIPE_SECRET_KEY, {
      host: "127.0.0.1",
      port: new URL(standIn.url).port,
      protocol: "http",
    });
    const [payment] = await db
      .select()
      .from(visitPayments)
      .where(eq(visitPayments.visitId, visitId));
    const fee = await stripe.paymentIntents.create({
      amount: 1500,
      currency: "usd",
      customer: payment?.stripeCustomerId ?? "",
      payment_method: "pm_test_lena",
      off_session: true,
      confirm: true,
      metadata: { visit_id: visitId, kind: "late_cancel_fee" },
    });
    await db
      .update(appointments)
      .set({ status: "cancelled" })
      .where(eq(appointments.visitId, visitId));
    await db
      .update(visitPayments)
      .set({
        lateFeeIntentId: fee.id,
        lateFeeCents: 1500,
        lateFeeKeptCents: 2500,
        lateFeeState: "succeeded",
        lateFeeAt: new Date(),
      })
      .where(eq(visitPayments.visitId, visitId));
    return { session: await deskSession(db) };
  }),
});

shopTest(
  "the customer's page says her late cancellation fee, and the owner refunds it after a confirm",
  async ({ browser, shop }) => {
    const { context, page } = await deskPage(browser, shop, shop.prepared.session);
    await page.goto(`/customers?email=${encodeURIComponent(EMAIL)}`);
    await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
    const visits = page.getByRole("region", { name: "Appointments" });
    const row = visits.getByRole("row").filter({ hasText: "Gel Manicure" });
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("Deposit $25.00 paid, late cancellation fee $15.00 charged");

    // A confirm first, which 'Keep it' leaves with nothing done.
    const refund = row.getByRole("button", { name: /^Refund Late Cancellation Fee/ });
    await refund.click();
    const ask = page.getByRole("dialog", { name: "Refund the late cancellation fee?" });
    await expect(ask).toContainText(`$40.00 goes back to ${NAME}'s card`);
    if (shots) await page.screenshot({ path: `${shots}/late-fee-refund-dialog-1280.png` });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await ask.getByRole("button", { name: "Keep it" }).click();
    await expect(ask).toHaveCount(0);
    expect(shop.standIn.refunds.size).toBe(0);

    await refund.click();
    await ask.getByRole("button", { name: "Refund $40.00" }).click();
    const said = page.getByRole("status").filter({
      hasText: `Refunded $40.00 of ${NAME}'s late cancellation fee to her card.`,
    });
    await expect(said).toBeVisible({ timeout: 10_000 });
    await expect(said).toBeFocused();
    await expect(ask).toHaveCount(0);
    await expect(row).toContainText(
      "Deposit $25.00 paid ($25.00 refunded), late cancellation fee $15.00 charged ($15.00 refunded)",
    );
    await expect(refund).toHaveCount(0);
    expect([...shop.standIn.refunds.values()].map((r) => r.amount)).toEqual([1500, 2500]);
    if (shots) {
      await page.screenshot({ path: `${shots}/late-fee-refunded-1280.png`, fullPage: true });
    }
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // On a phone the visit is a card that fits the screen: its payment is read without
    // scrolling sideways, and the box is named after its table.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = page.getByRole("group", { name: `${NAME}'s appointments, newest first` });
    await expect(box).toBeVisible();
    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const payment = row.getByRole("cell", { name: /\(\$15\.00 refunded\)/ });
    await payment.scrollIntoViewIfNeeded();
    const [shown, screen] = [await payment.boundingBox(), page.viewportSize()];
    expect(shown && screen && shown.x >= 0 && shown.x + shown.width <= screen.width).toBe(true);
    if (shots)
      await page.screenshot({ path: `${shots}/late-fee-refunded-390.png`, fullPage: true });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await context.close();
  },
);
