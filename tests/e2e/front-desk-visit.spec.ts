import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { fictionLine } from "./fiction-phones";
import { salonDate } from "./salon-date";
import { expect, test } from "./staff-session";

// The front desk's 'Add Appointment' (docs/product.md#front-desk), desktop: a caller booked by
// phone alone for a visit of two services, and found again under 'Existing customers' by typing
// part of her phone. The outcome is asserted where it is kept (the day's list), not in an overlay.

/** axe on the open dialog (the page behind it is inert). */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("staff add a phone booking of two services without an email; find an existing customer by typing part of her phone", async ({
  page,
  signInToSchedule,
}) => {
  const stamp = Date.now().toString(36);
  const caller = `Paz Caller ${stamp}`;
  const line = fictionLine("front-desk-visit");
  const shown = `(312) 555-${line}`;
  const date = salonDate(22);
  await signInToSchedule(page);

  const dialog = page.getByRole("dialog", { name: "Add an Appointment" });
  await page.getByRole("button", { name: "Add Appointment" }).click();
  await dialog.getByLabel("Appointment date").fill(date);
  await dialog.getByLabel("Service", { exact: true }).selectOption({
    label: "Gel Polish - Gel Manicure",
  });
  await dialog.getByRole("button", { name: "Add Another Service" }).click();
  await dialog.getByLabel("Second service", { exact: true }).selectOption({
    label: "Classic Pedicure (40 min, $45)",
  });
  const time = dialog.getByLabel("Time");
  await expect(time.locator("option").nth(1)).toBeAttached();
  await time.selectOption({ index: 1 });
  await dialog.getByLabel("Name").fill(caller);

  // Neither an email nor a phone: one message beside them, nothing booked.
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText("Enter an email or a phone number.")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expectNoViolations(page);

  // A phone is enough.
  await dialog.getByLabel("Phone").fill(`312.555.${line}`);
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(date);
  // One visit, two services, each in the day's list with her phone.
  const rows = page.getByRole("row").filter({ hasText: caller });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Gel Manicure" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Classic Pedicure" })).toHaveCount(1);
  await expect(rows.first().getByRole("link", { name: shown })).toHaveAttribute(
    "href",
    `tel:+1312555${line}`,
  );

  // She phones again: typing part of her phone lists her; choosing her fills her details.
  await page.getByRole("button", { name: "Add Appointment" }).click();
  await dialog.getByLabel("Phone").fill(`555-${line}`);
  const existing = dialog.getByRole("list", { name: "Existing customers" });
  const her = existing.getByRole("button", { name: new RegExp(caller) });
  await expect(her).toBeVisible();
  await expect(her).toContainText(shown);
  await expectNoViolations(page);
  await her.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Name")).toHaveValue(caller);
  await expect(dialog.getByLabel("Phone")).toHaveValue(shown);
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await expect(existing).toHaveCount(0);
});
