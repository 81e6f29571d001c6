import { SALON_TIME_ZONE, salonDateOf } from "../../app/domain/booking/time-zone";
import { type StripeShop, stripeKeys } from "../support/stripe-shop";
import AxeBuilder from "./axe-builder";
import { deskPage, deskSession, protectedVisitBegun, shopFixture } from "./checkout-steps";
import { expect, test } from "./fixtures";

// The front desk's no-show fee in Chromium (issue 40, docs/payments.md#no-show-fee): a server of
// its own with Stripe's keys, pointed at the local stand-in, and a protected visit (a $25 deposit
// paid at Checkout on an $80 service) that began half an hour ago. 'No-show' offers 'Charge
// No-show Fee ($15.00)'; pressed, the card is charged once and the appointment says so. The
// owner may then give it back: 'Refund No-show Fee' asks first, then refunds it once.

const KEYS = stripeKeys("e2enoshowfee");
const NAME = "Nora Noshow";

type Desk = StripeShop<{ session: string; startsAt: Date }>;

const deskTest = test.extend<object, { desk: Desk }>({
  desk: shopFixture(KEYS, async (db, standIn) => {
    const { startsAt } = await protectedVisitBegun(db, standIn, {
      name: NAME,
      email: "nora@example.com",
      keys: KEYS,
      paymentMethod: "pm_test_nora",
    });
    return { session: await deskSession(db), startsAt };
  }),
});

deskTest(
  "'No-show' on a protected appointment offers 'Charge No-show Fee ($15.00)', which charges the card once; the owner may refund it",
  async ({ browser, desk }) => {
    const { context, page } = await deskPage(browser, desk, desk.prepared.session);
    await page.goto(`/scheduleadmin?date=${salonDateOf(desk.prepared.startsAt, SALON_TIME_ZONE)}`);
    const row = page.locator("tr", { hasText: NAME });
    await expect(row).toContainText("Deposit $25.00 paid");
    const charge = row.getByRole("button", { name: /^Charge No-show Fee/ });
    await expect(charge).toHaveCount(0);

    // 'Completed' would count the deposit toward the $80.00: the dialog says what is left to pay.
    await row.getByRole("button", { name: /^Completed / }).click();
    const complete = page.getByRole("dialog", { name: "Complete visit" });
    await expect(complete).toContainText(
      "Deposit $25.00 paid at booking counts toward the amount charged: $55.00 left to pay of $80.00.",
    );
    await expect(complete.getByLabel("Amount charged")).toHaveValue("80");
    await page.keyboard.press("Escape");
    await expect(complete).toHaveCount(0);

    await row.getByRole("button", { name: /^No-show/ }).click();
    await expect(charge).toHaveText(`Charge No-show Fee ($15.00) to ${NAME}'s card`);
    await charge.click();
    await expect(
      page.getByRole("status").filter({ hasText: `Charged ${NAME}'s no-show fee of $15.00.` }),
    ).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText("Deposit $25.00 paid, no-show fee $15.00 charged");
    await expect(charge).toHaveCount(0);

    const fees = [...desk.standIn.paymentIntents.values()].filter(
      (intent) => intent.metadata.kind === "no_show_fee",
    );
    expect(fees.map((intent) => [intent.amount, intent.status])).toEqual([[1500, "succeeded"]]);

    // The owner gives it back: a confirm first, which 'Keep it' leaves with nothing done.
    const refund = row.getByRole("button", { name: `Refund No-show Fee of ${NAME}` });
    await refund.click();
    const ask = page.getByRole("dialog", { name: "Refund the no-show fee?" });
    await expect(ask).toContainText(`$15.00 goes back to ${NAME}'s card`);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await ask.getByRole("button", { name: "Keep it" }).click();
    await expect(ask).toHaveCount(0);
    expect(desk.standIn.refunds.size).toBe(0);
    await refund.click();
    await ask.getByRole("button", { name: "Refund $15.00" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Refunded $15.00 of ${NAME}'s no-show fee` }),
    ).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText("no-show fee $15.00 charged ($15.00 refunded)");
    await expect(refund).toHaveCount(0);
    expect([...desk.standIn.refunds.values()].map((r) => r.amount)).toEqual([1500]);
    await context.close();
  },
);
