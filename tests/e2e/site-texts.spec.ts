import type { Page } from "@playwright/test";
import { phoneJpeg } from "../support/photo-files";
import AxeBuilder from "./axe-builder";
import { expect, expectSaid, test } from "./staff-session";

// 'Page Texts' end to end (docs/product.md#page-texts): the owner changes the home heading and /
// shows it at once; an empty heading is refused beside its field and changes nothing; a photo
// for an About section shows on /about with its alt text, and removing it brings the
// illustration back. axe checks the page. Everything is put back at the end; the new heading
// keeps the old one at its start, so the specs that look for it on / meanwhile still find it.

const HEADING = "Beautiful nails, unhurried care.";

// One after the other: each save sends the whole form, so the two must not interleave.
test.describe.configure({ mode: "serial" });

async function expectNoAxeViolations(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
  ).toEqual([]);
}

/** Saves the form with the keyboard and waits for its status line (no overlay). */
async function saveTexts(page: Page) {
  await page.getByRole("button", { name: "Save Texts" }).press("Enter");
  await expectSaid(page, "Saved: the pages show these texts now.");
}

test("the owner changes the home heading and / shows it at once; a wrong field changes nothing", async ({
  page,
  browser,
  signIn,
}) => {
  const stamp = Date.now().toString(36);
  const heading = `${HEADING} Open late on Thursdays ${stamp}`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  await signIn(page);
  await page.goto("/site/texts");
  await expect(page.getByRole("heading", { level: 1, name: "Page Texts" })).toBeVisible();
  await expect(page.getByLabel("Home heading", { exact: true })).toHaveValue(HEADING);
  await expect(page.getByLabel("Show welcome card")).toBeChecked();
  await expectNoAxeViolations(page);

  // An empty heading: marked beside it, the other change kept as typed, nothing saved.
  const homeText = page.getByLabel("Home text", { exact: true });
  const text = await homeText.inputValue();
  await page.getByLabel("Home heading", { exact: true }).fill("");
  await homeText.fill(`${text} Now with evening hours.`);
  await page.getByRole("button", { name: "Save Texts" }).press("Enter");
  await expect(page.getByRole("link", { name: /Home heading: Required/ })).toBeVisible();
  await expect(page.getByLabel("Home heading", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByLabel("Home heading", { exact: true })).toBeFocused();
  await expect(page.locator("#texts-homeHeading-error")).toHaveText("Required");
  await expect(homeText).toHaveValue(`${text} Now with evening hours.`);
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(HEADING);
  await expect(visitor.getByText("Now with evening hours.")).toHaveCount(0);

  // The heading, typed, saved by keyboard: / shows it at once.
  await homeText.fill(text);
  await page.getByLabel("Home heading", { exact: true }).focus();
  await page.keyboard.type(heading);
  await saveTexts(page);
  await expect(page.getByLabel("Home heading", { exact: true })).not.toHaveAttribute(
    "aria-invalid",
  );
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);

  // Back as it was.
  await page.getByLabel("Home heading", { exact: true }).fill(HEADING);
  await saveTexts(page);
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(HEADING);

  await page.goto("/accounts");
  await expect(page.getByRole("table", { name: "Staff activity, newest first" })).toContainText(
    "Changed the page texts: Home heading",
  );
  await visitorContext.close();
});

test("a photo for an About section shows on /about with its alt text, until it is removed", async ({
  page,
  browser,
  signIn,
}) => {
  const alt = `A pedicure chair by the window, morning light ${Date.now().toString(36)}`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  await signIn(page);
  await page.goto("/site/texts");
  await page.getByLabel("About section 3 photo", { exact: true }).setInputFiles({
    name: "window.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg({ colour: "#7a9e7e" }),
  });
  // A photo says what it shows.
  await page.getByRole("button", { name: "Save Texts" }).press("Enter");
  await expect(page.locator("#texts-about3PhotoAlt-error")).toHaveText("Say what the photo shows");
  await page.getByLabel("About section 3 photo alt text").fill(alt);
  await saveTexts(page);
  await expect(page.getByLabel("Remove about section 3 photo")).toBeVisible();

  await visitor.goto("/about");
  const photo = visitor.getByRole("img", { name: alt });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("srcset", /\/photos\/[0-9a-f]+-\d+\.jpg \d+w/);
  await expect(visitor.locator("main source[type='image/avif']").nth(2)).toHaveAttribute(
    "srcset",
    /\/photos\//,
  );

  await page.getByLabel("Remove about section 3 photo").check();
  await saveTexts(page);
  await expect(page.getByLabel("Remove about section 3 photo")).toHaveCount(0);
  await visitor.goto("/about");
  await expect(visitor.getByRole("img", { name: alt })).toHaveCount(0);
  await expect(visitor.locator("main img")).toHaveCount(3);
  await visitorContext.close();
});
