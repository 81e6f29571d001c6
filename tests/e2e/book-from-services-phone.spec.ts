import type { Browser, Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { bookGelManicure, confirmBooking } from "./booking-steps";
import { expect, test } from "./fixtures";
import { salonWeekday } from "./seed-history";

// Issue 29's "Done when" on a phone (the 'phone' project: a Pixel 7's screen and touch): from
// /services, service first, to the booking shown after the reload (docs/product.md#service-first,
// docs/product.md#after-booking); and the spec's date-first path, which still books.

/** After 'Appointment Confirmed' (4 s) the page reloads as bare /schedule with the booking. */
async function bookedViewAfterReload(page: Page) {
  await page.waitForEvent("load", { timeout: 10_000 });
  expect(new URL(page.url()).search).toBe("");
  const view = page.getByRole("region", { name: "Your appointment is booked" });
  await expect(
    page.getByRole("heading", { name: "Your appointment is booked", exact: true }),
  ).toBeVisible();
  await expect(view.getByRole("link", { name: "Add to Calendar" })).toHaveAttribute(
    "href",
    "/schedule/calendar",
  );
  await expect(view.getByRole("link", { name: "Manage Appointment" })).toHaveAttribute(
    "href",
    /^\/manage\?token=[\w-]{43}$/,
  );
  return view;
}

/** Another phone opening the same address sees the empty form, not this browser's booking. */
async function strangerSeesTheForm(browser: Browser, address: string) {
  const other = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
  });
  const stranger = await other.newPage();
  await stranger.goto(address);
  await expect(stranger.getByRole("grid")).toBeVisible();
  await expect(stranger.getByRole("heading", { name: "Your appointment is booked" })).toHaveCount(
    0,
  );
  await expect(stranger.getByLabel("Date", { exact: true })).toHaveValue("");
  await expect(stranger.getByLabel("Category")).toHaveValue("");
  await other.close();
}

test("from /services a visitor books Gel Manicure and a pedicure on a marked day and sees the booking after the reload", async ({
  page,
  browser,
}) => {
  await bookGelManicure(page);
  // The service is chosen; no hint asks for a date first, and the lead says either order works.
  await expect(page.getByLabel("Category")).toHaveValue("Gel Polish");
  await expect(page.locator("#booking-service option:checked")).toHaveText("Gel Manicure");
  await expect(page.getByText(/Choose a date first/)).toHaveCount(0);
  await expect(page.getByText("Choose a service and a date, in either order")).toBeVisible();
  await expect(page.locator(".service-box")).toContainText("45 min · $50");
  const total = page.locator(".visit-total");
  await expect(total).toHaveAttribute("aria-live", "polite");
  await expect(total).toHaveText("Total: $50 · 45 min");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A pedicure as the visit's second service: the running total follows, before any time.
  await page.getByRole("button", { name: "Add Another Service" }).tap();
  await page
    .getByLabel("Second service", { exact: true })
    .selectOption({ label: "Classic Pedicure (40 min, $45)" });
  await expect(total).toHaveText("Total: $95 · 1 h 25 min");

  // A marked day three months on, away from the days the other specs book. The visitor looks at
  // each month's marks on the way, so no month's listing waits behind another's on the server.
  const free = page.locator('.month__day[data-mark="free"]').first();
  const title = page.locator("#month-title");
  await expect(free).toBeVisible();
  for (let month = 0; month < 3; month++) {
    const shown = (await title.textContent()) ?? "";
    await page.getByRole("button", { name: "Next month" }).tap();
    await expect(title).not.toHaveText(shown);
    await expect(free).toBeVisible();
  }
  await expect(free).toHaveAccessibleName(/times free/);
  const day = (await free.getAttribute("data-day")) ?? "";
  await free.tap();

  // The day's times for the visit, the services kept.
  await expect(page).toHaveURL(new RegExp(`date=${day}.*service2=`));
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(day);
  await expect(total).toHaveText("Total: $95 · 1 h 25 min");
  await page.getByRole("list", { name: "Available times" }).getByRole("button").first().tap();
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  await expect(dialog).toContainText("Gel Manicure");
  await expect(dialog).toContainText("Classic Pedicure");
  await confirmBooking(page, "Service First", `first.${Date.now().toString(36)}@example.com`);

  const view = await bookedViewAfterReload(page);
  await expect(view).toContainText("Gel Manicure");
  await expect(view).toContainText("Classic Pedicure");
  await expect(view).toContainText("$95");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await strangerSeesTheForm(browser, page.url());
});

test("the spec's date-first path books on a phone", async ({ page, browser }) => {
  await page.goto("/schedule");
  await expect(page.getByRole("grid")).toBeVisible();
  await page.getByLabel("Date", { exact: true }).fill(salonWeekday(23));
  await page.getByLabel("Category").selectOption("Manicure");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Classic Manicure" });
  await page.getByRole("button", { name: "Get Available Times" }).tap();
  await page.getByRole("button", { name: "11:00 AM", exact: true }).tap();
  await confirmBooking(page, "Date First", `date.${Date.now().toString(36)}@example.com`);

  const view = await bookedViewAfterReload(page);
  await expect(view).toContainText("11:00 AM");
  await expect(view).toContainText("Classic Manicure");
  await strangerSeesTheForm(browser, page.url());
});
