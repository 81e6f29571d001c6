import { SALON_TIME_ZONE, salonDateOf } from "../../app/domain/booking/time-zone";
import { hashManageToken, newManageToken } from "../../app/services/booking/manage-token.server";
import { feeLinks } from "../../app/services/db/schema.server";
import { type StripeShop, stripeKeys } from "../support/stripe-shop";
import AxeBuilder from "./axe-builder";
import {
  deskPage,
  deskSession,
  payAtStandIn,
  protectedVisitBegun,
  shopFixture,
  visitorPage,
} from "./checkout-steps";
import { expect, test } from "./fixtures";

// A fee's emailed payment link in Chromium (issue 40, docs/payments.md#fee-link): a server of its
// own with Stripe's keys, pointed at the local stand-in, and a protected visit marked 'No-show'
// whose no-show fee of $15.00 awaits her approval (her bank asked her to authenticate), with the
// link's token made here as the email's is. The desk's row says so and offers no button; her
// page passes axe, goes on to the stand-in's checkout page for $15.00 and, once the signed
// webhook has come, says the fee is paid; the desk then sees it charged.

const KEYS = stripeKeys("e2efeelink");
const NAME = "Fiona Feelink";

type Shop = StripeShop<{ session: string; token: string; startsAt: Date }>;

const feeTest = test.extend<object, { shop: Shop }>({
  shop: shopFixture(KEYS, async (db, standIn) => {
    const { startsAt, visitId } = await protectedVisitBegun(
      db,
      standIn,
      { name: NAME, email: "fiona@example.com", keys: KEYS, paymentMethod: "pm_test_fiona" },
      {
        visitStatus: "no_show",
        payment: { noShowFeeState: "awaiting", noShowFeeCents: 1500, noShowFeeAttempts: 1 },
      },
    );
    const token = newManageToken();
    await db.insert(feeLinks).values({
      tokenHash: hashManageToken(token),
      visitId,
      kind: "no_show_fee",
      cents: 1500,
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
    });
    return { session: await deskSession(db), token, startsAt };
  }),
});

feeTest(
  "her page for a no-show fee awaiting her approval goes on to Checkout for $15.00, and the webhook marks it paid",
  async ({ browser, shop }) => {
    const { prepared } = shop;
    const { context: desk, page: staff } = await deskPage(browser, shop, prepared.session);
    await staff.goto(`/scheduleadmin?date=${salonDateOf(prepared.startsAt, SALON_TIME_ZONE)}`);
    const row = staff.locator("tr", { hasText: NAME });
    await expect(row).toContainText(
      "Deposit $25.00 paid, no-show fee $15.00 awaiting her approval",
    );
    await expect(row.getByRole("button", { name: /^Charge No-show Fee/ })).toHaveCount(0);

    const { context, page } = await visitorPage(browser, shop, "10.252.0.2");
    await page.goto(`/schedule/fee?token=${prepared.token}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Approve Your Payment" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Gel Manicure" })).toBeVisible();
    const card = page.locator(".manage__card");
    await expect(card).toContainText("No-show fee of $15.00");
    await expect(card).toContainText("If you do not come, we charge 50% of the visit's price.");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole("button", { name: "Continue to Card Payment" }).click();

    await payAtStandIn(page, shop, "$15.00");
    await expect(
      page.getByRole("heading", { level: 1, name: "Your payment is received" }),
    ).toBeVisible();
    await expect(card).toContainText("This fee is paid");

    await staff.reload();
    await expect(row).toContainText("Deposit $25.00 paid, no-show fee $15.00 charged");
    await context.close();
    await desk.close();
  },
);
