import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Service first (issue 29, docs/product.md#service-first): 'Book' on the menu opens /schedule with
// that service chosen; the visit's total shows before a time; the month marks the days with times;
// the technician list offers only the service's technicians. Phone size, production build.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** /services: the Gel Polish price list opened, and 'Book' in Gel Manicure's own row. */
async function bookGelManicure(page: Page) {
  await page.goto("/services");
  const category = page.locator("li.service").filter({
    has: page.getByRole("heading", { name: "Gel Polish", exact: true }),
  });
  await category.getByRole("button", { name: "Show More" }).tap();
  const row = category
    .locator(".price-list li")
    .filter({ has: page.getByText("Gel Manicure", { exact: true }) });
  await expect(row).toContainText("$50");
  await row.getByRole("link", { name: "Book", exact: true }).tap();
  await expect(page).toHaveURL(/\/schedule\?category=Gel\+Polish&service=/);
  // The month is drawn once the island runs: the form's buttons answer from then on.
  await expect(page.getByRole("grid")).toBeVisible();
}

test("from /services a visitor books Gel Manicure and a pedicure, service first, on a marked day", async ({
  page,
}) => {
  await bookGelManicure(page);
  // The service is chosen; no hint asks for a date first.
  await expect(page.getByLabel("Category")).toHaveValue("Gel Polish");
  await expect(page.getByLabel("Service", { exact: true })).toHaveValue(/.+/);
  await expect(page.locator("#booking-service option:checked")).toHaveText("Gel Manicure");
  await expect(page.getByText(/Choose a date first/)).toHaveCount(0);
  await expect(page.locator(".service-box")).toContainText("45 min · $50");
  const total = page.locator(".visit-total");
  await expect(total).toHaveAttribute("aria-live", "polite");
  await expect(total).toHaveText("Total: $50 · 45 min");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  // A pedicure as the visit's second service: the total follows.
  await page.getByRole("button", { name: "Add Another Service" }).tap();
  await page
    .getByLabel("Second service", { exact: true })
    .selectOption({ label: "Classic Pedicure" });
  await expect(total).toHaveText("Total: $95 · 1 h 25 min");

  // A marked day three months on, away from the days the other specs book.
  for (let month = 0; month < 3; month++) {
    await page.getByRole("button", { name: "Next month" }).tap();
  }
  const free = page.locator('.month__day[data-mark="free"]').first();
  await expect(free).toBeVisible();
  await expect(free).toHaveAccessibleName(/times free/);
  const day = (await free.getAttribute("data-day")) ?? "";
  await free.tap();

  // The day's times for the visit, the services kept.
  await expect(page).toHaveURL(new RegExp(`date=${day}.*service2=`));
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(day);
  await expect(total).toHaveText("Total: $95 · 1 h 25 min");
  const first = page.getByRole("list", { name: "Available times" }).getByRole("button").first();
  await first.tap();
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  await expect(dialog).toContainText("Gel Manicure");
  await expect(dialog).toContainText("Classic Pedicure");
  await dialog.getByLabel("Name").fill("Service First");
  await dialog.getByLabel("Email").fill(`first.${Date.now().toString(36)}@example.com`);
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Appointment Confirmed" })).toBeVisible({
    timeout: 6000,
  });
});

test("the technician list offers only the chosen service's technicians, with and without JavaScript", async ({
  page,
  browser,
}) => {
  await bookGelManicure(page);
  const address = page.url();
  // Gel polish is Mara's, Lena's and Sofia's (the seeded catalogue): not Jade's nor Nina's.
  const worker = page.getByLabel("Worker", { exact: true });
  await expect(worker.locator("option")).toContainText(["Any available", "Mara"]);
  await expect(worker.locator("option", { hasText: "Jade" })).toHaveCount(0);
  await expect(worker.locator("option", { hasText: "Nina" })).toHaveCount(0);

  // A second service lists its own: the pedicure is Nina's too.
  await page.getByRole("button", { name: "Add Another Service" }).tap();
  await page
    .getByLabel("Second service", { exact: true })
    .selectOption({ label: "Classic Pedicure" });
  const second = page.getByLabel("Second service technician");
  await expect(second.locator("option", { hasText: "Nina" })).toHaveCount(1);
  await expect(second.locator("option", { hasText: "Jade" })).toHaveCount(0);

  // A first date typed after the services keeps them (every day offers both).
  const dateField = page.getByLabel("Date", { exact: true });
  const min = (await dateField.getAttribute("min")) ?? "";
  const later = new Date(Date.parse(`${min}T12:00:00Z`) + 100 * 86_400_000);
  await dateField.fill(later.toISOString().slice(0, 10));
  await expect(page.locator("#booking-service option:checked")).toHaveText("Gel Manicure");
  await expect(page.getByLabel("Second service", { exact: true })).not.toHaveValue("");
  await expect(page.locator(".visit-total")).toHaveText("Total: $95 · 1 h 25 min");

  // Without JavaScript the plain form, opened by the same 'Book' address, lists the same.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(address);
  const search = plain.locator("form.booking__form--plain");
  await expect(search.getByLabel("Service")).toHaveValue(/.+/);
  await expect(search.locator("#plain-service option:checked")).toContainText("Gel Manicure");
  const plainWorker = search.getByLabel("Worker");
  await expect(plainWorker.locator("option", { hasText: "Mara" })).toHaveCount(1);
  await expect(plainWorker.locator("option", { hasText: "Jade" })).toHaveCount(0);
  await expect(plainWorker.locator("option", { hasText: "Nina" })).toHaveCount(0);
  await expect(search.locator(".visit-total")).toHaveText("Total: $50 · 45 min");
  // No service named yet: no technician is offered who might not do it.
  await plain.goto("/schedule");
  const none = plain.locator("form.booking__form--plain").getByLabel("Worker");
  await expect(none.locator("option")).toHaveText(["Any available"]);
  await context.close();
});

test("each favourite on the home page has 'Book' with its service chosen; the pages stay accessible", async ({
  page,
}) => {
  await page.goto("/");
  const favourites = page.getByRole("region", { name: "Favorites from our menu" });
  const cards = favourites.getByRole("listitem");
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const book = cards.nth(index).getByRole("link", { name: "Book", exact: true });
    await expect(book).toHaveAttribute("href", /^\/schedule\?category=.+&service=.+/);
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The first favourite's service, chosen on /schedule.
  const first = cards.first();
  const name = ((await first.locator(".card__meta").textContent()) ?? "").split("·")[0]?.trim();
  await first.getByRole("link", { name: "Book", exact: true }).tap();
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.locator("#booking-service option:checked")).toHaveText(name ?? "");
  await expect(page.locator(".visit-total")).toContainText("Total: $");

  await page.goto("/services");
  const more = page.getByRole("button", { name: "Show More" }).first();
  await more.tap();
  await expect(page.locator("[data-expanded='true']").first()).toBeVisible();
  // The tapped button eases into its hover colours: axe reads them once the transition is over
  // (mid-way, the text and background were 2.86:1).
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
