import { expect, test } from "./fixtures";
import { publicPages } from "./pages";

// On a phone every page fits the screen (no sideways scrolling) and the menu works.
for (const { path, heading } of publicPages) {
  test(`${path} fits a phone screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("the phone menu fills the screen and navigates", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const nav = page.getByRole("dialog", { name: "Main" });
  await expect(nav).toBeVisible();
  const viewport = page.viewportSize();
  await expect
    .poll(async () => (await nav.boundingBox())?.width)
    .toBeCloseTo(viewport?.width ?? 0, 0);
  await nav.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(nav).toBeHidden();
});
