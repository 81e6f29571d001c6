import {
  addDaysIso,
  SALON_TIME_ZONE,
  salonDateOf,
  zonedDateTime,
} from "../../app/domain/booking/time-zone";
import { hashManageToken, newManageToken } from "../../app/services/booking/manage-token.server";
import { appointments, secureBookingLinks } from "../../app/services/db/schema.server";
import { type StripeShop, stripeKeys } from "../support/stripe-shop";
import AxeBuilder from "./axe-builder";
import {
  deskPage,
  deskSession,
  eyebrowWaxWithDeposit,
  payAtStandIn,
  shopFixture,
  visitorPage,
} from "./checkout-steps";
import { expect, test } from "./fixtures";

// 'Secure Your Booking' in Chromium (issue 40, docs/payments.md#secure-your-booking): a server
// of its own with Stripe's keys, pointed at the local stand-in, and a visit the desk booked for a
// service asking a $10 deposit. The desk sees 'Not secured' with its two buttons and emails the
// link; the customer's page (its token made here, as the email's is) passes axe, takes her
// agreement, goes on to the stand-in's checkout page and, once the signed webhook has come,
// says 'Your booking is secured'; the desk then sees 'Deposit $10.00 paid'.

const KEYS = stripeKeys("e2esecurelink");
const NAME = "Sofia Secure";

type Shop = StripeShop<{ session: string; token: string; id: string; dateIso: string }>;

const secureTest = test.extend<object, { shop: Shop }>({
  shop: shopFixture(KEYS, async (db) => {
    const wax = await eyebrowWaxWithDeposit(db);
    const dateIso = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 8);
    const startsAt = zonedDateTime(dateIso, "11:00", SALON_TIME_ZONE);
    const [row] = await db
      .insert(appointments)
      .values({
        name: NAME,
        email: "sofia@example.com",
        typeId: wax.id,
        typeName: wax.type,
        category: wax.category,
        technician: "Mara",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60_000),
        priceCents: 2000,
        channel: "staff",
      })
      .returning();
    if (!row) throw new Error("No appointment");
    const token = newManageToken();
    await db.insert(secureBookingLinks).values({
      tokenHash: hashManageToken(token),
      visitId: row.visitId,
      sentBy: "desk@example.com",
    });
    return { session: await deskSession(db), token, id: row.id, dateIso };
  }),
});

secureTest(
  "the desk emails 'Secure Your Booking'; she agrees on our page, pays at Checkout, and the visit is secured",
  async ({ browser, shop }) => {
    const { prepared } = shop;
    const { context: desk, page: staff } = await deskPage(browser, shop, prepared.session);
    await staff.goto(`/scheduleadmin?date=${prepared.dateIso}`);
    await staff.locator(`button[data-appointment="${prepared.id}"]`).click();
    const details = staff.getByRole("dialog", { name: NAME });
    await expect(details).toContainText("Not secured");
    await expect(details.getByRole("button", { name: /^Waive Protection/ })).toBeVisible();
    const axeDetails = await new AxeBuilder({ page: staff }).include("dialog[open]").analyze();
    expect(axeDetails.violations).toEqual([]);
    await details.getByRole("button", { name: /^Email Secure Your Booking/ }).click();
    await expect(
      staff.getByRole("status").filter({ hasText: `Emailed Secure Your Booking to ${NAME}.` }),
    ).toBeVisible({ timeout: 10_000 });

    const { context, page } = await visitorPage(browser, shop, "10.252.0.1");
    await page.goto(`/schedule/secure?token=${prepared.token}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Secure Your Booking" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Eyebrow Wax" })).toBeVisible();
    await expect(page.locator(".manage__card")).toContainText(
      "We take a deposit when you book: $10 for Eyebrow Wax.",
    );
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // Not agreed yet: the browser keeps the form.
    const agree = page.getByLabel("I agree to the cancellation policy");
    await page.getByRole("button", { name: "Continue to Card Payment" }).click();
    await expect(agree).toBeFocused();
    expect(shop.standIn.sessions.size).toBe(0);
    await agree.check();
    await page.getByRole("button", { name: "Continue to Card Payment" }).click();

    await payAtStandIn(page, shop, "$10.00");
    await expect(
      page.getByRole("heading", { level: 1, name: "Your booking is secured" }),
    ).toBeVisible();
    await expect(page.locator(".manage__card")).toContainText("Deposit $10.00 paid");

    await staff.reload();
    await expect(staff.locator(`button[data-appointment="${prepared.id}"]`)).toContainText(
      "Deposit $10.00 paid",
    );
    await context.close();
    await desk.close();
  },
);
