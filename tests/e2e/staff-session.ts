import { expect, type Page } from "@playwright/test";

// The staff account the e2e server starts with (playwright.config.ts, made by the real CLI), and
// what the staff specs share.
export const staffEmail = process.env.E2E_STAFF_EMAIL ?? "";
const staffPassword = process.env.E2E_STAFF_PASSWORD ?? "";

/** Signs in at /login and lands on the dashboard. */
export async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(staffEmail);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Let's Go" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in and opens the schedule admin. */
export async function signInToSchedule(page: Page) {
  await signIn(page);
  await page.goto("/scheduleadmin");
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
}

/** The success overlay shows (spec: 3 s) and goes; the page's data is fresh by then. */
export async function expectSuccess(page: Page) {
  const success = page.getByRole("status").filter({ hasText: "Success" });
  await expect(success).toBeVisible();
  await expect(success).toBeHidden({ timeout: 6000 });
}
