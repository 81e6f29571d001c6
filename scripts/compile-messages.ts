// Compiles app/messages/{en,es}.json into typed message functions in app/paraglide (Paraglide JS,
// docs/decisions/018-languages.md). The output is generated, never committed: `npm run build`,
// `typecheck`, `dev` and the test scripts run this first. Compiling takes 2-5 s on these
// machines, so it is skipped when the messages, the settings and the compiler are unchanged since
// the last run (a hash kept beside the output).
//
// `--dev` (as `npm run dev` calls it) writes one module per language instead of one per message,
// as Paraglide recommends for a dev server: Vite serves each module of a page on its own, and one
// per message made a page's first load in `npm run dev` ask for some 300 of them (in a fresh
// clone under load, more than 20 s before the page could take a hot update). The build and the
// typecheck use one module per message, which the bundler tree-shakes per island.
//
// `--tests` (Vitest's global setup, tests/support/compile-test-messages.ts) writes one module per
// language too, into .cache/paraglide-tests, which vitest.config.ts puts in place of
// app/paraglide: Vitest evaluates a test file's modules anew in each file, and the 432 message
// modules cost about 1 s of every file that imports them (measured 2026-12-03: five files
// importing them, 5.2 s of imports, against 0.9 s as one module per language). The same
// compiler, the same messages: only how they are split into files differs. The servers the
// integration tests start run the production build, with one module per message.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { TESTS_OUTDIR } from "./test-messages-folder";

const root = new URL("../", import.meta.url);
const forTests = process.argv.includes("--tests");
const outdir = new URL(forTests ? TESTS_OUTDIR : "app/paraglide/", root);
const outputStructure =
  forTests || process.argv.includes("--dev") ? "locale-modules" : "message-modules";
const stamp = new URL(".source-hash", outdir);

function sourceHash(): string {
  const hash = createHash("sha256").update(outputStructure);
  const inputs = [
    "project.inlang/settings.json",
    "scripts/compile-messages.ts",
    "node_modules/@inlang/paraglide-js/package.json",
    ...readdirSync(new URL("app/messages/", root)).map((file) => `app/messages/${file}`),
  ];
  for (const file of inputs.sort()) hash.update(file).update(readFileSync(new URL(file, root)));
  return hash.digest("hex");
}

const wanted = sourceHash();
if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) process.exit(0);

// Loaded only when needed: the compiler takes seconds to load.
const { compile } = await import("@inlang/paraglide-js");
await compile({
  project: new URL("project.inlang", root).pathname,
  outdir: outdir.pathname,
  // The locale is always passed to a message by its caller (app/lib/i18n.ts); the runtime's own
  // fallback never reads a cookie, a global or the URL, so no request can set it for another.
  strategy: ["baseLocale"],
  outputStructure,
  emitTsDeclarations: true,
  emitReadme: false,
  emitPrettierIgnore: false,
  includeEslintDisableComment: false,
});
writeFileSync(stamp, wanted);
// The compiler leaves a handle open that keeps Node alive for about 30 s after it has written
// everything (measured: compiled in 2-5 s, exited at 32 s); nothing is left to wait for.
process.exit(0);
