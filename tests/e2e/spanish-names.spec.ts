import AxeBuilder from "@axe-core/playwright";
import { expect, expectSuccess, test } from "./staff-session";

// The owner writes a service's Spanish name (issue 39, docs/product.md#languages): the Site page's
// 'Missing in Spanish' lists a service without one and links to its form, where 'Type (Spanish)'
// is written and saved; the list then has it no more. Its English name stays as it was.

const SERVICE = "Waxing - Lip Wax";

test("the owner writes a service's Spanish name from 'Missing in Spanish'", async ({
  page,
  signInToSchedule,
}) => {
  await signInToSchedule(page);
  // The first start gave it a Spanish name: take it away, so it is missing.
  await page.getByRole("button", { name: "View Appointment Types" }).click();
  await page.getByRole("button", { name: SERVICE, exact: true }).click();
  await expect(page.getByLabel("Type (Spanish)")).toHaveValue("Cera de labio superior");
  await page.getByLabel("Type (Spanish)").fill("");
  await page.getByRole("button", { name: "Update" }).click();
  await expectSuccess(page);

  await page.goto("/site");
  const missing = page.getByRole("region", { name: "Missing in Spanish" });
  const item = missing.getByRole("listitem").filter({ hasText: SERVICE });
  await expect(item).toContainText("Type (Spanish)");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Its link opens the service's own form.
  await item.getByRole("link", { name: SERVICE }).click();
  await expect(page).toHaveURL(/\/scheduleadmin\?type=[0-9a-f-]{36}#appointment-types$/);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("Lip Wax");
  await page.getByLabel("Type (Spanish)").fill("Depilación de labio superior");
  await page.getByRole("button", { name: "Update" }).click();
  await expectSuccess(page);

  // Saved: the form shows it after a reload, the English is unchanged, and it is missing no more.
  await page.reload();
  await expect(page.getByLabel("Type (Spanish)")).toHaveValue("Depilación de labio superior");
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("Lip Wax");
  await page.goto("/site");
  await expect(page.getByRole("heading", { level: 2, name: "Missing in Spanish" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Missing in Spanish" }).getByText(SERVICE, { exact: true }),
  ).toHaveCount(0);
});
