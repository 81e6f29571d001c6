import type { Page } from "@playwright/test";
import { phoneJpeg } from "../support/photo-files";
import AxeBuilder from "./axe-builder";
import { expect, test } from "./staff-session";

// 'Blog Posts' end to end (docs/product.md#blog-posts): a staff member writes a post in Markdown
// with the keyboard (a heading, a list, a link), previews it (the draft is not on /blog), publishes
// it, and /blog features it; the English post's Spanish address redirects to it. axe checks the
// list, the form and its preview.

async function expectNoAxeViolations(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
  ).toEqual([]);
}

test("staff write a post in Markdown, preview it, publish it, and /blog features it", async ({
  page,
  browser,
  signIn,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Nail Care Between Visits ${stamp}`;
  const slug = `nail-care-between-visits-${stamp}`;

  await signIn(page);
  await page.goto("/site/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  // The seeded posts are listed with their status.
  const posts = page.getByRole("table", { name: "Blog posts, newest first" });
  await expect(
    posts.getByRole("row").filter({ hasText: "A Guide to the Different Types of Manicures" }),
  ).toContainText("Published");
  await expectNoAxeViolations(page);

  // By keyboard: 'New Post', then field after field with Tab.
  await page.getByRole("button", { name: "New Post" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/site\/blog\/new/);
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await page.getByLabel("Title").focus();
  await page.keyboard.type(title);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Author")).toBeFocused();
  await page.getByLabel("Author").fill("Mara Lindqvist");
  await page.keyboard.press("Tab");
  // Today's date is filled in; a date field's own Tab steps through month, day and year.
  await expect(page.getByLabel("Date")).toBeFocused();
  await page.getByLabel("Description").focus();
  await page.keyboard.type("Three habits that keep a manicure fresh until the next appointment.");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Tags")).toBeFocused();
  await page.keyboard.type("nail care, aftercare");
  await page
    .getByLabel("Body")
    .fill(
      [
        "## Three habits",
        "",
        "- Oil your cuticles every night",
        "- Wear gloves for the dishes",
        "- File in one direction",
        "",
        "More on [nail health](https://example.org/nails) or [book a visit](/schedule).",
      ].join("\n"),
    );
  await expectNoAxeViolations(page);

  // Preview: the body as the site will show it, nothing saved.
  await page.getByRole("button", { name: "Preview" }).focus();
  await page.keyboard.press("Enter");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { level: 2, name: "Three habits" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await expect(preview.getByRole("link", { name: "nail health" })).toHaveAttribute(
    "rel",
    "noopener noreferrer",
  );
  // The form came back as it was typed.
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Tags")).toHaveValue("nail care, aftercare");
  await expectNoAxeViolations(page);

  // A visitor, in a browser of their own: not on the blog.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/blog");
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(visitorPage.getByText(title)).toHaveCount(0);
  expect((await visitorPage.goto(`/blogpost?post=${slug}`))?.status()).toBe(404);

  // A cover photo, chosen again after the preview (a browser never refills a file field).
  await page.getByLabel("Cover photo").setInputFiles({
    name: "cover.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg(),
  });
  await page.getByLabel("Alt text").fill("Glossy rose nails on a linen towel");

  // Publish.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/site\/blog\/[0-9a-f-]{36}\?saved=published$/);
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toBeVisible();
  await expect(page.getByRole("img", { name: "The current cover photo" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/site/blog");
  await expect(posts.getByRole("row").filter({ hasText: title })).toContainText("Published");

  // /blog features it: the newest post.
  await visitorPage.goto("/blog");
  const featured = visitorPage.locator(".blog-featured");
  await expect(featured.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(
    featured.getByRole("img", { name: "Glossy rose nails on a linen towel" }),
  ).toHaveAttribute("src", /^\/photos\/[0-9a-f]+-\d+\.jpg$/);
  await featured.getByRole("link", { name: title }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`/blogpost\\?post=${slug}$`));
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitorPage.getByRole("heading", { level: 2, name: "Three habits" })).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: "book a visit" })).toHaveAttribute(
    "href",
    "/schedule",
  );
  // An English post is one page (issue 39): 'Español' opens the Spanish blog, and the post's
  // Spanish address brings the visitor back to it.
  await expect(
    visitorPage.getByRole("banner").getByRole("link", { name: "Español", exact: true }),
  ).toHaveAttribute("href", "/es/blog");
  await visitorPage.goto(`/es/blogpost?post=${slug}`);
  expect(new URL(visitorPage.url()).pathname).toBe("/blogpost");
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await visitor.close();
});

test("from the staff navigation (the page running in the browser): a draft saved, a refused save keeping what was typed, the draft deleted", async ({
  page,
  signIn,
}) => {
  const title = `Gloves On for the Dishes ${Date.now().toString(36)}`;
  // The dashboard runs React in the browser: the Site pages open without a new document.
  await signIn(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator('#side-nav a[href="/site"]').click();
  await expect(page).toHaveURL(/\/site$/);
  await page.locator(".site-admin__nav").getByRole("link", { name: "Blog Posts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await page.getByRole("button", { name: "New Post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();

  // A wrong field: told beside it, nothing saved, nothing typed lost.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date").fill("");
  await page.getByLabel("Body").fill("Dish soap dries *cuticles*.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("link", { name: /^Date: / })).toBeVisible();
  await expect(page.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Date")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Body")).toHaveValue("Dish soap dries *cuticles*.");

  await page.getByLabel("Date").fill("2030-03-01");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" }).locator("em")).toHaveText("cuticles");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/site\/blog\/[0-9a-f-]{36}\?saved=draft$/);
  await expect(page.getByRole("status").filter({ hasText: "Saved as a draft" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
  await page.getByRole("link", { name: "Blog Posts" }).first().click();
  const row = page
    .getByRole("table", { name: "Blog posts, newest first" })
    .getByRole("row")
    .filter({ hasText: title });
  await expect(row).toContainText("Draft");

  await row.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete this post?" })
    .getByRole("button", { name: "Yes, Delete" })
    .click();
  await expect(page).toHaveURL(/\/site\/blog\?deleted=/);
  await expect(page.getByRole("status").filter({ hasText: `Deleted “${title}”.` })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});
