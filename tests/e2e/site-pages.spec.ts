import type { Page } from "@playwright/test";
import { phoneJpeg } from "../support/photo-files";
import AxeBuilder from "./axe-builder";
import { expect, expectSaid, test } from "./staff-session";

// The Site pages answer in place (docs/product.md#the-site): a save says so in a status line with
// no overlay; a refused one lists its errors at the top and takes the focus to the first refused
// field; 'Delete' asks 'Delete this post?' with 'Yes, Delete' and 'Keep', with and without
// JavaScript; 'Preview' keeps the chosen cover; 'Insert Photo' writes a gallery photo's Markdown
// where the cursor was; a cover over the upload limit is refused before it is sent. axe checks
// each page and dialog.

// Photos are converted and axe scans whole pages: on a machine shared with other runs these take
// longer than the default 30 s a test.

async function expectNoAxeViolations(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
  ).toEqual([]);
}

test("Business Details confirms a save in place, and a refused one lists its errors at the top with the focus on the first", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/site/details");
  const email = page.getByLabel("Email");
  const kept = await email.inputValue();
  await email.fill("not an email");
  await page.getByLabel("Phone").fill("12");
  await page.getByRole("button", { name: "Save Details" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "2 fields need a change" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveCount(2);
  await expect(page.getByLabel("Phone")).toBeFocused();
  await expect(email).toHaveValue("not an email");
  await expectNoAxeViolations(page);
  // The summary's link takes the focus to its field.
  await summary.getByRole("link", { name: /^Email: / }).click();
  await expect(email).toBeFocused();

  await email.fill(kept);
  await page.getByLabel("Phone").fill("(312) 555-0142");
  await page.getByRole("button", { name: "Save Details" }).click();
  await expectSaid(page, /^Saved: every page/);
  await expect(page.locator(".global-overlay[open]")).toHaveCount(0);
  await expect(summary).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a post: Preview keeps the cover, Insert Photo writes the gallery photo at the cursor, Delete asks first and Keep changes nothing", async ({
  page,
  signIn,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Winter Hands ${stamp}`;
  await signIn(page);
  await page.goto("/site/blog/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Keeping hands soft through the cold months.");
  const body = page.getByLabel("Body");
  await body.fill("Before.\n\nAfter.");

  // Insert Photo: the cursor after "Before.", a gallery photo chosen with the keyboard.
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(7, 7));
  await page.getByRole("button", { name: "Insert Photo" }).click();
  const insert = page.getByRole("dialog", { name: "Insert Photo" });
  await expect(insert).toBeVisible();
  await expectNoAxeViolations(page);
  const first = insert.getByRole("radio").first();
  await first.check();
  const markdown = await first.getAttribute("data-markdown");
  await insert.getByRole("button", { name: "Insert", exact: true }).press("Enter");
  await expect(insert).toBeHidden();
  await expect(body).toHaveValue(`Before.\n\n${markdown}\n\nAfter.`);
  await expect(body).toBeFocused();
  expect(markdown).toMatch(/^!\[.*\]\(\/photos\/[0-9a-f]+-\d+\.(jpg|webp)\)$/);

  // Preview with a cover chosen: the cover is kept for the save.
  await page.getByLabel("Cover photo").setInputFiles({
    name: "cover.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg(),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("img")).toHaveAttribute("src", /^\/photos\//);
  await expect(page.getByRole("img", { name: "The chosen cover photo" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/site\/blog\/[0-9a-f-]{36}\?saved=draft$/);
  await expect(page.getByRole("img", { name: "The current cover photo" })).toBeVisible();
  await expect(page.getByLabel("Body")).toHaveValue(`Before.\n\n${markdown}\n\nAfter.`);

  // Delete asks; 'Keep' (keyboard) changes nothing.
  await page.getByRole("button", { name: "Delete" }).click();
  const ask = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(ask).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await page.getByRole("button", { name: "Delete" }).click();
  await ask.getByRole("button", { name: "Keep" }).focus();
  await page.keyboard.press("Enter");
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/saved=draft$/);
  await page.goto("/site/blog");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // 'Yes, Delete' deletes it.
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await ask.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Deleted “${title}”.` })).toBeVisible();
});

test("without JavaScript a post's Delete is a step of its own: Keep keeps it, Yes, Delete deletes it", async ({
  browser,
  page,
  signIn,
}) => {
  await signIn(page);
  const stamp = Date.now().toString(36);
  const title = `No Script Post ${stamp}`;
  await page.goto("/site/blog/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Body").fill("Plain forms.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/saved=draft$/);
  const address = page.url().replace(/\?.*$/, "");

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(address);
  await noScript.getByRole("button", { name: "Delete" }).click();
  // (axe runs in the page's JavaScript: the same dialog is checked in the test above.)
  const ask = noScript.getByRole("dialog", { name: "Delete this post?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep" }).click();
  await expect(ask).toBeHidden();
  await expect(noScript.getByLabel("Title")).toHaveValue(title);
  await noScript.getByRole("button", { name: "Delete" }).click();
  await noScript
    .getByRole("dialog", { name: "Delete this post?" })
    .getByRole("button", { name: "Yes, Delete" })
    .click();
  await expect(
    noScript.getByRole("status").filter({ hasText: `Deleted “${title}”.` }),
  ).toBeVisible();
  await plain.close();
});

test("a cover over the upload limit is refused in the browser, beside its input, before anything is sent", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await page.goto("/site/blog/new");
  await page.getByLabel("Title").fill("Too big a cover");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const cover = page.getByLabel("Cover photo");
  await cover.setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(21 * 1024 * 1024, 0),
  });
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.locator("#post-cover-too-large")).toContainText(
    "The photo is larger than 20 MB in all: nothing was sent.",
  );
  await expect(cover).toBeFocused();
  await expect(cover).toHaveAttribute("aria-describedby", /post-cover-too-large/);
  await expect(page.getByLabel("Title")).toHaveValue("Too big a cover");
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);
});
