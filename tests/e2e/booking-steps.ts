import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// Steps the booking specs share (book-from-services.spec.ts, book-from-services-phone.spec.ts).

/**
 * /services: the Gel Polish price list opened, 'Book' tapped in Gel Manicure's own row, and
 * /schedule open with that service chosen once its island runs.
 */
export async function bookGelManicure(page: Page) {
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

/** The open 'Before you confirm...' dialog filled in and confirmed, up to 'Appointment Confirmed'. */
export async function confirmBooking(page: Page, name: string, email: string) {
  const dialog = page.getByRole("dialog", { name: "Before you confirm..." });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Confirm Date/Time" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Appointment Confirmed" })).toBeVisible({
    timeout: 6000,
  });
}
