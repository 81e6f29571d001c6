import AxeBuilder from "./axe-builder";
import { expect, test } from "./fixtures";
import { publicPages } from "./pages";

for (const { path, heading } of publicPages) {
  test(`${path} has no accessibility violations and no console errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    // Chromium reports CSP violations (an eval probe, say) as issues, not always as console errors.
    const cdp = await page.context().newCDPSession(page);
    cdp.on("Audits.issueAdded", ({ issue }) => {
      if (issue.code === "ContentSecurityPolicyIssue") errors.push(JSON.stringify(issue.details));
    });
    await cdp.send("Audits.enable");
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Let hydration finish so client-only parts (the welcome card) are scanned too.
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("the open side navigation and the overlays of a form have no accessibility violations", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Main" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
