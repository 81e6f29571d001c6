import type { Page } from "@playwright/test";
import { customerHref } from "../../app/domain/customer-key";
import { staffPages } from "./pages";
import { salonDate } from "./salon-date";
import { addClassicManicureWithMara, cancelRow } from "./schedule-steps";
import { REGULAR } from "./seed-history";
import { expect, test } from "./staff-session";

// On a phone (390 px wide) every staff page fits the screen: nothing widens the document, so the
// page never scrolls sideways; what is wider than the screen (the day's calendar, a table)
// scrolls inside its own region (issue 29, docs/product.md#staff-screens).

const PHONE = { width: 390, height: 844 };

/** How much wider than the screen the document is (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const PAGES = [
  ...staffPages,
  // Mara's week: a column a day.
  "/scheduleadmin?technician=Mara",
  `/customers?q=${encodeURIComponent(REGULAR.name)}`,
  // The seeded regular's history (yesterday's visit).
  customerHref(REGULAR),
  "/reports",
  "/site/blog/new",
];

for (const path of PAGES) {
  test(`${path} fits a phone screen, signed in`, async ({ page, signIn }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const overflow = await pageOverflow(page);
    expect(overflow, `${path} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
  });
}

test("a contact message with a long link keeps the dashboard within a phone screen", async ({
  page,
  browser,
  signIn,
}) => {
  // A visitor pastes a long link: its row and the email not yet delivered widen their tables,
  // which scroll in their own boxes; the page stays as wide as the screen.
  const visitor = await browser.newPage();
  await visitor.goto("/contact");
  await visitor.getByLabel("Name").fill("Long Link Visitor");
  await visitor.getByLabel("Email").fill(`a-rather-long-address-${Date.now()}@example.com`);
  await visitor.getByLabel("Reason").selectOption("Comment");
  await visitor
    .getByLabel("Message")
    .fill(`Here is my inspiration: https://example.com/${"nail-art-".repeat(30)}photo`);
  await visitor.getByRole("button", { name: "Send" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await visitor.close();

  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto("/dashboard");
  // Its message's row (the owner's email about it, once delivered, has a row of its own).
  await expect(page.getByRole("row", { name: /^Long Link Visitor/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const overflow = await pageOverflow(page);
  expect(overflow, `/dashboard is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
});

test("a booked day's calendar and list scroll inside their own regions; the calendar's takes the keyboard", async ({
  page,
  signInToSchedule,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const customer = { name: `Phone Guest ${stamp}`, email: `phone.${stamp}@example.com` };
  await page.setViewportSize(PHONE);
  await signInToSchedule(page);

  // A customer who phoned, with Mara at 12:30 PM on this file's own day (37 days ahead).
  await addClassicManicureWithMara(page, { date: salonDate(37), time: "12:30 PM", ...customer });
  const row = page.getByRole("row").filter({ hasText: customer.name });
  await expect(row).toBeVisible();
  // The status line says so across the screen's width, not in a narrow column.
  const said = page.getByRole("status").filter({ hasText: `Booked ${customer.name}` });
  await expect(said).toBeVisible();
  expect((await said.boundingBox())?.width).toBeGreaterThan(PHONE.width * 0.75);

  const calendar = page.getByRole("region", { name: "Calendar", exact: true });
  await expect(
    calendar.getByRole("button", { name: new RegExp(`^${customer.name} `) }),
  ).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  // Wider than the screen, within the screen: the calendar scrolls, not the page, and with the
  // keyboard's arrows once it has the focus.
  const size = await calendar.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(size.scroll).toBeGreaterThan(size.client);
  expect(size.client).toBeLessThanOrEqual(PHONE.width);
  await calendar.focus();
  await expect(calendar).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => calendar.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // Clean up: cancel it.
  await cancelRow(page, row);
  await expect(row).toHaveCount(0);
});
