import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { fictionLine } from "./fiction-phones";
import { salonDate } from "./salon-date";
import { cancelRow } from "./schedule-steps";
import { expect, expectSaid, test } from "./staff-session";

// Customers' phones at the front desk (docs/product.md#phone-numbers), desktop: typed in any common
// form in 'Add Appointment', stored once as E.164, shown as "(312) 555-0101" in the day's list,
// and found on the customers page by its digits. Named "phones" so the desktop project runs it
// (playwright.config.ts gives files ending "phone.spec.ts" to the phone project).

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("staff book a caller whose phone is typed with dots; the list shows (312) 555-…; the customers page finds her by its digits", async ({
  page,
  signInToSchedule,
}) => {
  const stamp = Date.now().toString(36);
  const caller = { name: `Pia Phoner ${stamp}`, email: `pia.${stamp}@example.com` };
  const line = fictionLine("front-desk-phones");
  const date = salonDate(13);
  await signInToSchedule(page);
  // Staff pages keep their header without the visitors' section links.
  await expect(page.getByRole("navigation", { name: "Sections" })).toHaveCount(0);

  const dialog = page.getByRole("dialog", { name: "Add an Appointment" });
  await page.getByRole("button", { name: "Add Appointment" }).click();
  await dialog.getByLabel("Appointment date").fill(date);
  await dialog.getByLabel("Service").selectOption({ label: "Add-On Services - French Tip Add-On" });
  await dialog.getByLabel("Worker").selectOption("Jade");
  await expect(dialog.getByLabel("Time").locator("option").nth(1)).toBeAttached();
  await dialog.getByLabel("Time").selectOption({ index: 1 });
  await dialog.getByLabel("Name").fill(caller.name);

  // No email and no phone: a message beside them, not only a red border; nothing is booked.
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Enter an email or a phone number.")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expectNoViolations(page);

  // Not a phone number: the server's message beside the phone field, nothing booked.
  await dialog.getByLabel("Email").fill(caller.email);
  await dialog.getByLabel("Phone").fill("555-01");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText("Enter a valid phone number, like (312) 555-0101")).toBeVisible();
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Phone").fill(`312.555.${line}`);
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectSaid(page, new RegExp(`^Booked ${caller.name} at `));
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: caller.name });
  const shown = `(312) 555-${line}`;
  await expect(row.getByRole("link", { name: shown })).toHaveAttribute(
    "href",
    `tel:+1312555${line}`,
  );

  // Found by the digits as people type them, and shown the one way.
  await page.goto(`/customers?q=${encodeURIComponent(`3125550${line.slice(1, 3)}`)}`);
  const found = page.getByRole("list", { name: "Customers found" });
  const her = found.getByRole("listitem").filter({ hasText: caller.name });
  await expect(her).toContainText(shown);
  await page.goto(`/customers?q=${encodeURIComponent(`+1 (312) 555-${line}`)}`);
  await expect(found.getByRole("link", { name: caller.name })).toBeVisible();
  await expectNoViolations(page);
  await found.getByRole("link", { name: caller.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: caller.name })).toBeVisible();
  await expect(page.getByRole("link", { name: shown })).toHaveAttribute(
    "href",
    `tel:+1312555${line}`,
  );

  // Clean up: cancel it, so the time is free for other runs.
  await signInToSchedule(page);
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByRole("button", { name: "Get Scheduled Appointments" }).click();
  await cancelRow(page, row);
  await expectSaid(page, `Cancelled ${caller.name}'s `);
  await expect(row).toHaveCount(0);
});
