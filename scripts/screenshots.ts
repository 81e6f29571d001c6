// Screenshots of pages at phone and desktop widths, to look at what visitors see:
//   npx tsx scripts/screenshots.ts [baseUrl] [outDir] [path ...]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/chromium";
import { builtPublicPaths } from "./public-paths";

const [baseUrl = "http://localhost:3000", outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : await builtPublicPaths();
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [label, viewport] of Object.entries(widths)) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    const name = path === "/" ? "home" : path.slice(1).replace(/[^a-z0-9]+/gi, "-");
    await page.screenshot({ path: `${outDir}/${name}-${label}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
console.log(`Screenshots in ${outDir}`);
