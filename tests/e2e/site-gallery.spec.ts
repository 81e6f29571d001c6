import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { phoneJpeg } from "../support/photo-files";
import AxeBuilder from "./axe-builder";
import { expect, test } from "./staff-session";

// 'Gallery' end to end (docs/product.md#gallery-and-photos): staff upload a phone's JPEG carrying
// its GPS position, write its alt text, and /gallery shows it with that alt text as AVIF (WebP
// and JPEG behind it) with a srcset, every file without metadata; a 21 MB file shows "The photo
// is larger than 20 MB" in the page. axe checks the page. The photo is deleted at the end, so the
// other specs on this server see the nine seeded photos.

async function expectNoAxeViolations(page: Page) {
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
  ).toEqual([]);
}

// One after the other, in one worker: both tests count the gallery's photos, and one uploads and
// deletes a photo (run in parallel, the other's "nothing stored" count met that delete).
test.describe.configure({ mode: "default" });

/**
 * A folder of the test's own for the files it uploads, in its output folder (Playwright empties
 * it): with tests run in parallel a folder shared by the file was removed by one test's afterAll
 * while another test of the same technician still wrote to it.
 */
function fileFolder(): string {
  const folder = test.info().outputPath("uploads");
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

test("staff upload a phone's photo, give its alt text, and /gallery shows it without its metadata", async ({
  page,
  browser,
  signIn,
}) => {
  const stamp = Date.now().toString(36);
  const alt = `Glossy cherry red almond nails with a silver chrome tip (${stamp})`;
  const photoFile = path.join(fileFolder(), `IMG_${stamp}.jpg`);
  fs.writeFileSync(photoFile, await phoneJpeg({ width: 1600, height: 1200 }));
  // The file really carries the GPS position a phone writes.
  const exif = (await sharp(photoFile).metadata()).exif?.toString("latin1") ?? "";
  expect(exif).toContain("PhonePro");

  await signIn(page);
  await page.goto("/site/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Choose photos").setInputFiles(photoFile);
  await page.getByRole("button", { name: "Upload Photos" }).click();
  await expect(page.getByText("Uploaded 1 photo.")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "Not shown yet: write its alt text" });
  await expect(item).toHaveCount(1);
  // The cursor waits in the new photo's alt text; an empty one is refused beside the field.
  await expect(item.getByLabel("Alt text")).toBeFocused();
  await item.getByRole("button", { name: "Save Photo" }).click();
  await expect(item.locator('[id$="-alt-error"]')).toContainText("Write what the photo shows");
  await expect(
    item.getByRole("link", { name: /^Alt text: Write what the photo shows/ }),
  ).toBeVisible();
  await expect(item.getByLabel("Alt text")).toHaveAttribute("aria-invalid", "true");
  await expect(item.getByLabel("Alt text")).toBeFocused();
  await expectNoAxeViolations(page);

  await item.getByLabel("Alt text").fill(alt);
  await item.getByLabel("Caption").fill(`Cherry chrome ${stamp}`);
  await item.getByRole("button", { name: "Save Photo" }).click();
  // New photos go first in the order.
  const saved = page.locator("li.site-gallery__item").first();
  await expect(saved.getByLabel("Alt text")).toHaveValue(alt);
  await expect(page.getByText("Saved. The photo is on the gallery.")).toBeVisible();
  await expect(saved).toContainText("On the gallery");

  // A visitor sees it first on /gallery, with its alt text, loaded as AVIF from a srcset.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/gallery");
  const image = visitor.getByRole("img", { name: alt });
  await expect(image).toBeVisible();
  await expect(visitor.locator("main ul.gallery-grid img").first()).toHaveAttribute("alt", alt);
  const picture = visitor.locator("main ul.gallery-grid picture").first();
  const avif = await picture.locator('source[type="image/avif"]').getAttribute("srcset");
  const webp = await picture.locator('source[type="image/webp"]').getAttribute("srcset");
  const jpeg = await image.getAttribute("srcset");
  expect(avif).toMatch(/^\/photos\/[0-9a-f]{20}-480\.avif 480w, /);
  expect(webp).toMatch(/\.webp 480w/);
  expect(jpeg).toMatch(/\.jpg 480w/);
  expect(await image.getAttribute("sizes")).toBeTruthy();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/\.avif$/);
  // No served file carries metadata: every width of every format.
  const urls = [avif, webp, jpeg].flatMap((set) =>
    (set ?? "").split(", ").map((entry) => entry.split(" ")[0] as string),
  );
  for (const url of urls) {
    const response = await visitor.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const bytes = await response.body();
    const meta = await sharp(bytes).metadata();
    expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc, iptc: meta.iptc }).toEqual({
      exif: undefined,
      xmp: undefined,
      icc: undefined,
      iptc: undefined,
    });
    expect(bytes.toString("latin1")).not.toMatch(/PhonePro|GPS/);
  }
  await visitorContext.close();

  // Taken off the gallery again, for the other specs.
  await saved.getByRole("button", { name: "Delete" }).click();
  const ask = page.getByRole("dialog", { name: "Delete this photo?" });
  await expectNoAxeViolations(page);
  await ask.getByRole("button", { name: "Keep" }).press("Enter");
  await expect(ask).toBeHidden();
  await expect(saved.getByLabel("Alt text")).toHaveValue(alt);
  await saved.getByRole("button", { name: "Delete" }).click();
  await ask.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByText("Deleted: the photo is gone from the gallery.")).toBeVisible();
  await expect(
    page.locator("li.site-gallery__item").first().getByLabel("Alt text"),
  ).not.toHaveValue(alt);
});

test("a photo over 20 MB is refused in the browser with 'The photo is larger than 20 MB' beside the file input, and nothing is sent", async ({
  page,
  signIn,
}) => {
  // A real 21 MB file: a JPEG's bytes, then padding to 21 MB.
  const bigFile = path.join(fileFolder(), "big-photo.jpg");
  const start = await phoneJpeg({ width: 400, height: 300 });
  const big = Buffer.alloc(21 * 1024 * 1024, 0);
  start.copy(big);
  fs.writeFileSync(bigFile, big);

  await signIn(page);
  await page.goto("/site/gallery");
  const before = await page.getByRole("listitem").count();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const input = page.getByLabel("Choose photos");
  await input.setInputFiles(bigFile);
  await page.getByRole("button", { name: "Upload Photos" }).click();
  await expect(page.locator("#gallery-photos-error")).toContainText(
    "The photo is larger than 20 MB in all: nothing was sent.",
  );
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAttribute("aria-describedby", /gallery-photos-error/);
  await expect(input).toBeFocused();
  expect(posts).toEqual([]);
  await expect(page.getByRole("listitem")).toHaveCount(before);
  await expectNoAxeViolations(page);
});
