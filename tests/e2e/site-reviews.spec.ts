import type { Page } from "@playwright/test";
import AxeBuilder from "./axe-builder";
import { expect, expectSaid, test } from "./staff-session";

// 'Reviews' end to end (docs/product.md#reviews): staff add a review by keyboard and /reviews
// shows it; hidden, it is gone; 'Move Down' / 'Move Up' change the order /reviews shows. axe
// checks the page and its dialog. The review is deleted at the end, and the seeded ones are put
// back in their order, so the other specs on this server see the six seeded reviews.

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const violations = (await builder.analyze()).violations;
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
  ).toEqual([]);
}

/** The names under the quotes on /reviews, in order, as a visitor sees them. */
async function publicNames(visitor: Page): Promise<string[]> {
  await visitor.goto("/reviews");
  await expect(
    visitor.getByRole("heading", { level: 1, name: "See what others are saying." }),
  ).toBeVisible();
  return visitor.locator("main figure .quote__name").allTextContents();
}

test("staff add a review that /reviews shows, hide it, and reorder the reviews", async ({
  page,
  browser,
  signIn,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Rosa ${stamp}`;
  const quote = `The calmest pedicure I have had in years (${stamp}).`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  await signIn(page);
  await page.goto("/site/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const table = page.getByRole("table", { name: "Reviews, in the order the site shows them" });
  await expect(table.getByRole("row").filter({ hasText: "Danielle R." })).toContainText("Shown");
  await expectNoAxeViolations(page);

  // By keyboard: 'Add Review', its fields in order, then 'Save Review'. An empty quote is
  // marked and nothing is sent.
  await page.getByRole("button", { name: "Add Review" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Review" });
  // The dialog opens on its close button; Tab goes on to the first field.
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Quote")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("City")).toBeFocused();
  await page.keyboard.type("Logan Square");
  // The language the guest wrote in: English unless changed (issue 39).
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Language")).toBeFocused();
  await expect(dialog.getByLabel("Language")).toHaveValue("en");
  await dialog.getByRole("button", { name: "Save Review" }).press("Enter");
  await expect(dialog.getByLabel("Quote")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await dialog.getByLabel("Quote").fill(quote);
  await expectNoAxeViolations(page, "dialog");
  await dialog.getByRole("button", { name: "Save Review" }).press("Enter");
  await expectSaid(page, "Added the review.");
  await expect(dialog).toBeHidden();
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Logan Square");

  // Added last, shown at once.
  expect((await publicNames(visitor)).at(-1)).toBe(name);
  await expect(visitor.getByText(quote)).toBeVisible();
  // As written: on /es/reviews it is marked English.
  await expect(visitor.locator("blockquote").filter({ hasText: quote })).not.toHaveAttribute(
    "lang",
    /./,
  );
  await visitor.goto("/es/reviews");
  await expect(visitor.locator("blockquote").filter({ hasText: quote })).toHaveAttribute(
    "lang",
    "en-US",
  );

  // Hidden: gone from /reviews, still listed here.
  await row.getByRole("button", { name: "Hide" }).click();
  await expectSaid(page, `Hid the review by ${name}.`);
  await expect(row).toContainText("Hidden");
  expect(await publicNames(visitor)).not.toContain(name);
  await expect(visitor.getByText(quote)).toHaveCount(0);

  // Reorder: the first review moves down one, and back up.
  const before = await publicNames(visitor);
  const [first, second] = before;
  await table
    .getByRole("row")
    .filter({ hasText: first as string })
    .getByRole("button", { name: "Move Down" })
    .click();
  await expectSaid(page, `Moved down the review by ${first}.`);
  await expect(table.getByRole("row").nth(1)).toContainText(second as string);
  expect((await publicNames(visitor)).slice(0, 2)).toEqual([second, first]);
  await table
    .getByRole("row")
    .filter({ hasText: first as string })
    .getByRole("button", { name: "Move Up" })
    .click();
  await expectSaid(page, `Moved up the review by ${first}.`);
  expect(await publicNames(visitor)).toEqual(before);

  // Delete, asked again: 'Keep' changes nothing, 'Yes, Delete' deletes.
  await row.getByRole("button", { name: "Delete" }).click();
  const remove = page.getByRole("dialog", { name: "Delete this review?" });
  await expectNoAxeViolations(page, "dialog");
  await remove.getByRole("button", { name: "Keep" }).click();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Delete" }).click();
  await remove.getByRole("button", { name: "Yes, Delete" }).click();
  await expectSaid(page, `Deleted the review by ${name}.`);
  await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  // Each change is in the activity log.
  await page.goto("/accounts");
  const activity = page.getByRole("table", { name: "Staff activity, newest first" });
  await expect(activity).toContainText(`Added the review by ${name}`);
  await expect(activity).toContainText(`Hid the review by ${name}`);
  await expect(activity).toContainText(`Deleted the review by ${name}`);
  await visitorContext.close();
});
