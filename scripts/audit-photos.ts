// `npm run audit:photos`: Lighthouse on the pages that show the owner's uploads (docs/performance.md,
// "Photos"), with real uploads in them rather than the seeded drawings: a fresh embedded database
// is given an owner, three 12-megapixel photos in the gallery, a welcome card photo and a
// published post with a cover, all through the Site pages in Chromium as the owner would; then
// scripts/audit.ts audits /, /gallery and the post on that database (median of AUDIT_RUNS).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/chromium";
import { largeJpeg } from "../tests/support/photo-files";
import { startProductionServer } from "./serve-production";

const dataDir = mkdtempSync(join(tmpdir(), "salon-audit-photos-"));
const files = mkdtempSync(join(tmpdir(), "salon-audit-files-"));
const owner = { email: "owner@example.com", password: "audit owner password" };
const port = Number(process.env.AUDIT_PORT ?? 3190);

execFileSync(
  "npm",
  ["run", "-s", "staff:create", "--", "--email", owner.email, "--password", owner.password],
  {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: "inherit",
  },
);
const photos = await Promise.all(
  [1, 2, 3, 4, 5].map(async (seed) => {
    const path = join(files, `photo-${seed}.jpg`);
    writeFileSync(path, await largeJpeg(seed));
    return path;
  }),
);

let postPath = "";
const server = await startProductionServer(port, { DATA_DIR: dataDir });
try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ baseURL: server.url });
  await page.goto("/login");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Let's Go" }).click();
  await page.waitForURL(/\/dashboard$/);

  // Three photos of this week's work, first in the gallery, each with its alt text.
  await page.goto("/site/gallery");
  await page.getByLabel("Choose photos").setInputFiles(photos.slice(0, 3));
  await page.getByRole("button", { name: "Upload Photos" }).click();
  for (let i = 0; i < 3; i++) {
    const item = page.locator("li.site-gallery__item").nth(i);
    await item.getByLabel("Alt text").fill(`Hand with glossy nails, design ${i + 1}`);
    await item.getByRole("button", { name: "Save Photo" }).click();
    await page.waitForLoadState("networkidle");
  }

  // The home page's welcome card photo.
  await page.goto("/site/texts");
  await page.getByLabel("Welcome card photo").setInputFiles(photos[3] ?? "");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await page.waitForLoadState("networkidle");

  // A published post with a cover photo.
  await page.goto("/site/blog/new");
  await page.getByLabel("Title").fill("This week's nail art");
  await page.getByLabel("Author").fill("The team");
  await page.getByLabel("Description").fill("Designs our technicians made this week.");
  await page.getByLabel("Cover photo").setInputFiles(photos[4] ?? "");
  await page.getByLabel("Alt text").fill("Close-up of a hand with glossy nails");
  await page
    .getByLabel("Body")
    .fill("## This week\n\n- Chrome tips\n- Milky pink\n\nSee you soon.");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForLoadState("networkidle");
  await page.goto("/blog");
  postPath = (await page.locator('a[href^="/blogpost?post="]').first().getAttribute("href")) ?? "";
  await browser.close();
} finally {
  await server.stop();
}
rmSync(files, { recursive: true, force: true });
if (!postPath) throw new Error("The post was not published");

execFileSync("npx", ["tsx", "scripts/audit.ts"], {
  env: { ...process.env, AUDIT_DATA_DIR: dataDir, AUDIT_PAGES: `/,/gallery,${postPath}` },
  stdio: "inherit",
});
rmSync(dataDir, { recursive: true, force: true });
