import { firstStyle, watchFirstStyle } from "./first-style";
import { expect, test } from "./fixtures";

test.describe("side navigation", () => {
  test("is closed on load, opens from the menu button, and works with the keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("dialog", { name: "Main" });
    await expect(nav).toBeHidden();

    const menu = page.getByRole("button", { name: /menu/i });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    // Focus moved into the navigation.
    expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    for (const [name, href] of [
      ["About", "/about"],
      ["Services", "/services"],
      ["Gallery", "/gallery"],
      ["Schedule", "/schedule"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }

    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("closes and scrolls to the top on navigation; the logo goes home", async ({ page }) => {
    await page.goto("/services");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("dialog", { name: "Main" });
    await nav.getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    await nav.getByRole("link", { name: /2 x 10/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav).toBeHidden();
  });

  test("on a page React runs, a link closes it and the next page works without a reload", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    // Survives only a client-side navigation, not a new document.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // The menu's stylesheet was not part of this page: it is fetched, and the page shows with it.
    await watchFirstStyle(page, ".service", "border-top-left-radius");
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    const nav = page.getByRole("dialog", { name: "Main" });
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();
    expect(await firstStyle(page)).toBe("14px");
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // The menu's Show More works on the page React rendered, too.
    await page.getByRole("button", { name: "Show More" }).first().click();
    await expect(page.getByRole("button", { name: "Show Less" })).toHaveCount(1);
    await expect(page.getByText("Classic Manicure").first()).toBeVisible();
  });

  test("has the spec's width at each window width", async ({ page }) => {
    const cases: Array<[number, number]> = [
      [420, 1],
      [700, 0.5],
      [900, 0.4],
      [1100, 0.35],
      [1400, 0.2],
    ];
    for (const [width, share] of cases) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      await page.getByRole("button", { name: "Open menu" }).click();
      const nav = page.getByRole("dialog", { name: "Main" });
      await expect(nav).toBeVisible();
      await expect
        .poll(async () => (await nav.boundingBox())?.x ?? -1, { message: `slide-in at ${width}` })
        .toBeCloseTo(0, 0);
      const box = await nav.boundingBox();
      expect(box?.width, `nav width at ${width}px`).toBeCloseTo(width * share, 0);
      await page.keyboard.press("Escape");
    }
  });
});

test("the footer has the business name, its links and this year's copyright, and no social icon the salon has not configured", async ({
  page,
}) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("2 x 10 Nails & Spa", { exact: true })).toBeVisible();
  await expect(footer.getByText(/high-end nail salon/i)).toBeVisible();
  for (const [name, href] of [
    ["Home", "/"],
    ["Locations", "/locations"],
    ["Reviews", "/reviews"],
    ["Contact Us", "/contact"],
    ["Policies", "/policies"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  // The current year in the salon's zone (issue 38), not the year the site first went up.
  const year = new Date().toLocaleString("en-US", { timeZone: "America/Chicago", year: "numeric" });
  await expect(footer).toContainText(`© ${year} 2 x 10 Nails & Spa`);
  // No social link is configured by default (app/content/business.ts): no icon, no empty list.
  await expect(
    footer.getByRole("link", { name: /on (Instagram|Facebook|TikTok|Pinterest)/ }),
  ).toHaveCount(0);
  await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
});

test("content pages load no script files; the public forms load only their island's", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of ["/", "/about", "/services", "/gallery", "/blog", "/reviews", "/locations"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts, path).toEqual([]);
  }
  // React and the form's own part (docs/decisions/014-islands.md), not React Router's client.
  for (const path of ["/schedule", "/contact"]) {
    scripts.length = 0;
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const url of scripts) expect(new URL(url).pathname, path).toMatch(/^\/assets\/island-/);
  }
});
