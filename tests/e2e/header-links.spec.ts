import AxeBuilder from "./axe-builder";
import { expect, test } from "./fixtures";

// The desktop header (docs/product.md#desktop-header): from 1000 px wide it also links the main
// sections beside 'Book'; narrower, only the menu icon, the logo and 'Book', as before.

const SECTIONS = [
  ["Services", "/services"],
  ["Gallery", "/gallery"],
  ["Blog", "/blog"],
  ["Reviews", "/reviews"],
  ["Locations", "/locations"],
  ["Contact", "/contact"],
] as const;

test("a desktop header links the sections beside 'Book', keeps the menu, and passes axe", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const header = page.getByRole("banner");
  const sections = header.getByRole("navigation", { name: "Sections" });
  for (const [name, href] of SECTIONS) {
    await expect(sections.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    await expect(sections.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(header.getByRole("link", { name: "Book", exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Open menu" })).toBeVisible();
  // All on one line, inside the header.
  const bar = await header.boundingBox();
  const book = await header.getByRole("link", { name: "Book", exact: true }).boundingBox();
  const contact = await sections.getByRole("link", { name: "Contact" }).boundingBox();
  expect(bar && book && contact && contact.x + contact.width <= book.x).toBe(true);
  expect(
    bar && contact && contact.y >= bar.y && contact.y + contact.height <= bar.y + bar.height,
  ).toBe(true);

  await sections.getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(sections.getByRole("link", { name: "Reviews" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test("at 1000 px the links fit; on a phone-wide window they are hidden and the header is as before", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto("/services");
  const header = page.getByRole("banner");
  const sections = header.getByRole("navigation", { name: "Sections" });
  await expect(sections.getByRole("link", { name: "Contact" })).toBeVisible();
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sections).toBeHidden();
  await expect(header.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Book", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
