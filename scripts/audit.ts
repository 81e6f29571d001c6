// `npm run audit`: Lighthouse (mobile preset, Debian Chromium) on every public page of the
// production build (AUDIT_PAGES=/,/schedule for some only), and the JavaScript a first visit of a
// few pages downloads (gzip). Prints tables. Each page's scores are the median of AUDIT_RUNS (3)
// Lighthouse runs: on a shared 2-core machine one run's performance score swings by several
// points. The load average is printed with them.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { chromiumArgs, chromiumPath } from "../tests/chromium";
import { builtPublicPaths } from "./public-paths";
import { startProductionServer } from "./serve-production";

const exec = promisify(execFile);
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
// AUDIT_PAGES=/,/schedule audits only those pages.
const pages = process.env.AUDIT_PAGES?.split(",") ?? [
  ...(await builtPublicPaths()),
  "/gallery-photo?photo=classic-french",
  "/blogpost?post=types-of-manicures",
];

async function lighthouse(url: string): Promise<Record<(typeof categories)[number], number>> {
  const profile = mkdtempSync(join(tmpdir(), "lh-chrome-"));
  try {
    const flags = [...chromiumArgs, "--headless=new", `--user-data-dir=${profile}`].join(" ");
    const { stdout } = await exec(
      "npx",
      [
        "lighthouse",
        url,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        `--only-categories=${categories.join(",")}`,
        `--chrome-flags=${flags}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as {
      categories: Record<string, { score: number | null }>;
    };
    return Object.fromEntries(
      categories.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
    ) as Record<(typeof categories)[number], number>;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Every script a first visit of the page loads: module scripts and modulepreloads, and the
 * inline scripts of the HTML (not JSON-LD), each gzipped on its own.
 */
async function firstVisitJavaScript(url: string) {
  const html = await (await fetch(url)).text();
  // Inline: no src, and not a data block (JSON-LD, an island's props).
  const inline = [
    ...html.matchAll(
      /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>(.*?)<\/script>/gs,
    ),
  ]
    .map((match) => Buffer.from(match[1] ?? ""))
    .filter((body) => body.length > 0);
  const sources = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
    if (match[1]) sources.add(match[1]);
  }
  for (const match of html.matchAll(
    /import\("(\/assets\/[^"]+\.js)"\)|from "(\/assets\/[^"]+\.js)"/g,
  )) {
    const src = match[1] ?? match[2];
    if (src) sources.add(src);
  }
  let raw = 0;
  let gzip = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  for (const body of inline) {
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  return { files: sources.size, inline: inline.length, raw, gzip };
}

// AUDIT_DATA_DIR: audit a database prepared beforehand (scripts/audit-photos.ts), not a fresh one.
const server = await startProductionServer(
  Number(process.env.AUDIT_PORT ?? 3190),
  process.env.AUDIT_DATA_DIR ? { DATA_DIR: process.env.AUDIT_DATA_DIR } : {},
);
try {
  // Measure a warm server, as visitors meet it: the first renders after start are slower (JIT).
  for (let round = 0; round < 3; round++) {
    for (const path of pages) await (await fetch(`${server.url}${path}`)).text();
  }
  console.log();
  for (const path of ["/", "/services", "/contact", "/schedule"]) {
    const js = await firstVisitJavaScript(`${server.url}${path}`);
    console.log(
      `JavaScript for a first visit of ${path}: ${js.files} files and ${js.inline} inline scripts, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip`,
    );
  }
  console.log();
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(", ");
  console.log(`Load average before: ${load()}; median of ${RUNS} Lighthouse runs a page\n`);
  console.log(`| page | ${categories.join(" | ")} |`);
  console.log(`|---|${categories.map(() => "---").join("|")}|`);
  for (const path of pages) {
    const runs: Record<(typeof categories)[number], number>[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try again.
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          runs.push(await lighthouse(`${server.url}${path}`));
          break;
        } catch (error) {
          console.error(
            `Lighthouse on ${path}, attempt ${attempt}: ${String(error).slice(0, 200)}`,
          );
        }
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 2)];
    };
    const row =
      runs.length === 0
        ? "every run failed"
        : categories
            .map((c) => {
              const values = runs.map((scores) => scores[c]);
              const spread = new Set(values).size > 1 ? ` (${values.join("/")})` : "";
              return `${median(values)}${spread}`;
            })
            .join(" | ");
    console.log(`| ${path} | ${row} |`);
  }
  console.log(`\nLoad average after: ${load()}`);
} finally {
  await server.stop();
}
