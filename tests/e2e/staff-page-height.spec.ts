import AxeBuilder from "./axe-builder";
import { staffPages } from "./pages";
import { expect, test } from "./staff-session";

// No staff page is taller than three screens at 1366 x 768 with the seeded data (issue 29,
// docs/product.md#staff-screens): each page is opened signed in as the owner (who sees every
// page) and its document measured. STAFF_SCREENSHOTS=<folder> also saves each page at that size
// and at a phone's (390 x 844), to look at.

const SCREEN = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const shots = process.env.STAFF_SCREENSHOTS;

for (const path of staffPages) {
  test(`${path} is at most three screens tall at 1366 x 768`, async ({ page, signIn }) => {
    await page.setViewportSize(SCREEN);
    await signIn(page);
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    if (shots) {
      const name = path.slice(1).replaceAll("/", "-");
      await page.screenshot({ path: `${shots}/${name}-1366.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
      await page.setViewportSize(SCREEN);
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${path}: ${height} px`).toBeLessThanOrEqual(3 * SCREEN.height);
  });
}

test("the schedule's own pages have no accessibility violations", async ({ page, signIn }) => {
  await signIn(page);
  for (const path of [
    "/scheduleadmin/team",
    "/scheduleadmin/categories",
    "/scheduleadmin/waitlist",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${path} ${v.id}: ${v.help}`)).toEqual([]);
  }
});
