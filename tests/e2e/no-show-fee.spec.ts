import { SALON_TIME_ZONE, salonDateOf } from "../../app/domain/booking/time-zone";
import { SESSION_COOKIE } from "../../app/lib/staff-cookie.server";
import { createOrResetStaffUser } from "../../app/services/staff/auth.server";
import { createSession } from "../../app/services/staff/session.server";
import { type StripeShop, startStripeShop, stripeKeys } from "../support/stripe-shop";
import { protectedVisitBegun } from "./checkout-steps";
import { expect, test } from "./fixtures";

// The front desk's no-show fee in Chromium (issue 40, docs/payments.md#no-show-fee): a server of
// its own with Stripe's keys, pointed at the local stand-in, and a protected visit (a $25 deposit
// paid at Checkout on an $80 service) that began half an hour ago. 'No-show' offers 'Charge
// No-show Fee ($15.00)'; pressed, the card is charged once and the appointment says so.

const KEYS = stripeKeys("e2enoshowfee");
const NAME = "Nora Noshow";

type Desk = StripeShop<{ session: string; startsAt: Date }>;

const deskTest = test.extend<object, { desk: Desk }>({
  desk: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none
    async ({}, use) => {
      const desk = await startStripeShop(KEYS, async (db, standIn) => {
        const { startsAt } = await protectedVisitBegun(db, standIn, {
          name: NAME,
          email: "nora@example.com",
          keys: KEYS,
          paymentMethod: "pm_test_nora",
        });
        const made = await createOrResetStaffUser(db, "desk@example.com", "a long desk password");
        if (!made.ok) throw new Error(made.error);
        return { session: await createSession(db, made.user.id), startsAt };
      });
      await use(desk);
      await desk.stop();
    },
    // As checkout.spec.ts: starting a server on a loaded machine took over 30 s.
    { scope: "worker", timeout: 120_000 },
  ],
});

deskTest(
  "'No-show' on a protected appointment offers 'Charge No-show Fee ($15.00)', which charges the card once",
  async ({ browser, desk }) => {
    const context = await browser.newContext({ baseURL: desk.server.url });
    await context.addCookies([
      { name: SESSION_COOKIE, value: desk.prepared.session, url: desk.server.url, httpOnly: true },
    ]);
    const page = await context.newPage();
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
    await context.close();
  },
);
