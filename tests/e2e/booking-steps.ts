import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// Steps the booking specs share.

/**
 * /schedule's search: the date, category and service (and a technician) chosen, 'Get Available
 * Times' pressed, and the day's times listed on the new page once its script runs. A time clicked
 * before then is the plain form's: the server opens the dialog only for a time it still offers, so
 * a time another visitor holds would come back without one (as it should without JavaScript).
 * `path`: "/schedule?another=1" for a browser that has booked (its booked view is shown otherwise).
 */
export async function findTimes(
  page: Page,
  search: { date: string; category: string; service: string; technician?: string; path?: string },
) {
  await page.goto(search.path ?? "/schedule");
  await page.getByLabel("Date").fill(search.date);
  await page.getByLabel("Category").selectOption(search.category);
  await page.getByLabel("Service").selectOption({ label: search.service });
  if (search.technician) await page.getByLabel("Worker").selectOption(search.technician);
  await page.getByRole("button", { name: "Get Available Times" }).click();
  await expect(page.getByRole("heading", { name: "Available times" })).toBeVisible();
  // The month becomes a grid once the script runs.
  await expect(page.getByRole("grid")).toBeVisible();
}

/**
 * /services: 'Book Gel Manicure' tapped in the Gel Polish price list, in view without 'Show More'
 * (issue 38), and /schedule open with that service chosen once its island runs.
 */
export async function bookGelManicure(page: Page) {
  await page.goto("/services");
  const category = page.locator("li.service").filter({
    has: page.getByRole("heading", { name: "Gel Polish", exact: true }),
  });
  const row = category.getByRole("listitem").filter({
    has: page.getByRole("link", { name: "Book Gel Manicure", exact: true }),
  });
  await expect(row).toContainText("$50");
  await expect(row).toContainText(/\d+ min/);
  await row.getByRole("link", { name: "Book Gel Manicure", exact: true }).tap();
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
