import AxeBuilder from "./axe-builder";
import { bookGelManicure } from "./booking-steps";
import { expect, test } from "./fixtures";

// Service first (issue 29, docs/product.md#service-first): 'Book' on the menu opens /schedule with
// that service chosen; the visit's total shows before a time; the month marks the days with times;
// the technician list offers only the service's technicians. Phone size, production build. The
// whole booking from /services, on a phone, is book-from-services-phone.spec.ts.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the technician list offers only the chosen service's technicians, with and without JavaScript", async ({
  page,
  browser,
}) => {
  await bookGelManicure(page);
  const address = page.url();
  // Gel polish is Mara's, Lena's and Sofia's (the seeded catalogue): not Jade's nor Nina's.
  const technician = page.getByLabel("Worker", { exact: true });
  await expect(technician.locator("option")).toContainText(["Any available", "Mara"]);
  await expect(technician.locator("option", { hasText: "Jade" })).toHaveCount(0);
  await expect(technician.locator("option", { hasText: "Nina" })).toHaveCount(0);

  // A second service lists its own: the pedicure is Nina's too.
  await page.getByRole("button", { name: "Add Another Service" }).tap();
  await page
    .getByLabel("Second service", { exact: true })
    .selectOption({ label: "Classic Pedicure (40 min, $45)" });
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
  const plainTechnician = search.getByLabel("Worker");
  await expect(plainTechnician.locator("option", { hasText: "Mara" })).toHaveCount(1);
  await expect(plainTechnician.locator("option", { hasText: "Jade" })).toHaveCount(0);
  await expect(plainTechnician.locator("option", { hasText: "Nina" })).toHaveCount(0);
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
    // Each 'Book' names its service after the word (issue 38).
    const service = (await cards.nth(index).locator(".card__meta").textContent()) ?? "";
    const book = cards
      .nth(index)
      .getByRole("link", { name: `Book ${service.split("·")[0]?.trim()}`, exact: true });
    await expect(book).toHaveAttribute("href", /^\/schedule\?category=.+&service=.+/);
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The first favourite's service, chosen on /schedule.
  const first = cards.first();
  const name = ((await first.locator(".card__meta").textContent()) ?? "").split("·")[0]?.trim();
  await first.getByRole("link", { name: `Book ${name}`, exact: true }).tap();
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
