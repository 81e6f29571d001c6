import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { salonDate } from "./salon-date";
import { chooseRowAction, rowActions } from "./schedule-steps";
import { REGULAR } from "./seed-history";
import { expect, staffEmail, test } from "./staff-session";

// 'Find Customer' and a customer's page, end to end, on yesterday's seeded visit of a regular
// (tests/e2e/seed-history.ts); and axe on every staff screen with its dialogs open.

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test("staff find a customer by phone, see their visits and keep a note across visits", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/scheduleadmin");
  await page.getByLabel("Name, email or phone").fill("555-0166");
  await page.getByRole("button", { name: "Find Customer" }).click();
  await expect(page).toHaveURL(/\/customers\?q=555-0166/);
  const found = page.getByRole("list", { name: "Customers found" });
  await expect(found).toContainText(REGULAR.email);
  await expectNoViolations(page);

  await found.getByRole("link", { name: REGULAR.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: REGULAR.name })).toBeVisible();
  const visits = page.getByRole("region", { name: "Appointments" });
  await expect(visits.getByRole("row").filter({ hasText: "Classic Manicure" })).toHaveCount(1);
  const note = `Almond shape, no acetone ${Date.now()}`;
  await page.getByLabel("Client Notes").fill(note);
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Client Notes")).toHaveValue(note);
  await expect(page.getByText(`Saved by ${staffEmail}`)).toBeVisible();
  await expectNoViolations(page);
});

test("the dashboard and the schedule admin's customer dialog have no accessibility violations; the dialog closes with Escape", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await expectNoViolations(page);
  const yesterday = salonDate(-1);
  await page.goto(`/scheduleadmin?date=${yesterday}`);
  const row = page.getByRole("row").filter({ hasText: REGULAR.name });
  await chooseRowAction(row, "Edit Customer");
  const dialog = page.getByRole("dialog", { name: "Edit customer" });
  await expect(dialog.getByLabel("Email")).toHaveValue(REGULAR.email);
  await expectNoViolations(page);
  // Keyboard: Escape closes it and the row's 'Actions', whose menu opened it, has the focus again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(rowActions(row)).toBeFocused();
});
