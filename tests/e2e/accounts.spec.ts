import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { expect, expectSuccess, staffEmail, test } from "./staff-session";

// 'Accounts' end to end (docs/product.md#accounts): the owner (made by the command-line tool)
// adds a staff account; its holder signs in and cannot open 'Accounts'. Another changes their own
// password; the owner reads what they did, resets their password and removes the account.

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Let's Go" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new staff account's address and passwords, its own in each test. */
function newStaff() {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    staff: `staff-${stamp}@example.com`,
    first: `first password ${stamp}`,
    second: `second password ${stamp}`,
    third: `third password ${stamp}`,
  };
}

test("the owner adds a staff account, which signs in and cannot open Accounts", async ({
  page,
  browser,
  signIn,
}) => {
  const { staff, first } = newStaff();

  await signIn(page);
  await expect(page.locator('#side-nav a[href="/accounts"]')).toHaveText("Accounts");
  await page.goto("/accounts");
  await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
  const accounts = page.getByRole("table", { name: "Accounts, owners first" });
  await expect(accounts.getByRole("row").filter({ hasText: staffEmail })).toContainText("Owner");

  await page.getByRole("button", { name: "Add Account" }).click();
  const add = page.getByRole("dialog", { name: "Add Account" });
  await add.getByLabel("Email").fill(staff);
  await add.getByLabel("Password").fill(first);
  await expect(add.getByLabel("Role")).toHaveValue("staff");
  const violations = (await new AxeBuilder({ page }).include("dialog").analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await add.getByRole("button", { name: "Save Account" }).click();
  await expectSuccess(page);
  await expect(accounts.getByRole("row").filter({ hasText: staff })).toContainText("Staff");
  const activity = page.getByRole("table", { name: "Staff activity, newest first" });
  await expect(activity).toContainText(`Added the account ${staff} (Staff)`);

  // The staff member, in a browser of their own.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAs(staffPage, staff, first);
  await expect(staffPage.locator('#side-nav a[href="/accounts"]')).toHaveCount(0);
  const refused = await staffPage.goto("/accounts");
  expect(refused?.status()).toBe(403);
  await expect(staffPage.getByText("Only the owner can open Accounts.")).toBeVisible();
  await expect(staffPage.getByRole("table", { name: "Accounts, owners first" })).toHaveCount(0);
  // Nor can a form posted to it do anything.
  const posted = await staffPage.request.post("/accounts", {
    form: { intent: "remove-account", id: "00000000-0000-0000-0000-000000000000" },
  });
  expect(posted.status()).toBe(403);
  await staffContext.close();
});

test("a staff member changes their own password; the owner reads it, resets it and removes the account", async ({
  page,
  browser,
  signIn,
}) => {
  const { staff, first, second, third } = newStaff();
  await signIn(page);
  // The account, added as the owner's 'Add Account' adds it (the test above uses the dialog).
  const added = await page.request.post("/accounts", {
    form: { intent: "add-account", email: staff, password: first, role: "staff" },
  });
  expect(added.ok()).toBe(true);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAs(staffPage, staff, first);

  // Their own password: the current one is required.
  await staffPage.getByLabel("Current password").fill("not my password");
  await staffPage.getByLabel("New password").fill(second);
  await staffPage.getByRole("button", { name: "Change Password" }).click();
  await expect(staffPage.getByText("Your current password is incorrect.")).toBeVisible();
  await staffPage.getByLabel("Current password").fill(first);
  await staffPage.getByLabel("New password").fill(second);
  await staffPage.getByRole("button", { name: "Change Password" }).click();
  await expect(staffPage.getByText("Your password was changed.")).toBeVisible();

  // The owner reads what happened: their sign-in and their change, newest first.
  await page.goto("/accounts");
  const accounts = page.getByRole("table", { name: "Accounts, owners first" });
  const row = accounts.getByRole("row").filter({ hasText: staff });
  const activity = page.getByRole("table", { name: "Staff activity, newest first" });
  const theirs = activity.getByRole("row").filter({ hasText: staff });
  await expect(theirs.first()).toContainText("Changed their own password");
  await expect(theirs.filter({ hasText: "Signed in" })).toHaveCount(1);

  // A reset signs them out; removing the account ends it.
  await row.getByRole("button", { name: `Reset Password of ${staff}` }).click();
  const reset = page.getByRole("dialog", { name: `Reset Password of ${staff}` });
  await reset.getByLabel("New password").fill(third);
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expectSuccess(page);
  await staffPage.goto("/dashboard");
  await expect(staffPage).toHaveURL(/\/login$/);

  await row.getByRole("button", { name: `Remove ${staff}` }).click();
  await page
    .getByRole("dialog", { name: `Remove ${staff}?` })
    .getByRole("button", { name: "Remove Account" })
    .click();
  await expectSuccess(page);
  await expect(accounts.getByRole("row").filter({ hasText: staff })).toHaveCount(0);
  await expect(activity).toContainText(`Removed the account ${staff}`);
  await staffContext.close();
});
