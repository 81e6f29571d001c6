// `npm run audit:html`: the W3C's Nu Html Checker (the `vnu-jar` package, run with this machine's
// Java; its installer's Java download is never run) on every public page of the production build
// in both languages, and on the pages the emails open (without a token: their 'not found' card)
// and the 404 page. Prints each page's errors and exits 1 when there is one. A fresh seeded
// database, as `npm start` has it; AUDIT_PAGES=/es,/es/services checks only those.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { localizedPath } from "../app/domain/i18n/locale-path";
import { builtPublicPaths } from "./public-paths";
import { startProductionServer } from "./serve-production";

const exec = promisify(execFile);
/** The checker the package ships (its `main` would look for, and maybe download, a Java). */
const vnu = join("node_modules", "vnu-jar", "build", "dist", "vnu.jar");
const EMAILED = ["/manage", "/waitlist", "/waitlist/confirm", "/schedule/confirm", "/nowhere"];
const pages =
  process.env.AUDIT_PAGES?.split(",") ??
  [
    ...new Set([
      ...(await builtPublicPaths()),
      "/gallery-photo?photo=classic-french",
      "/blogpost?post=types-of-manicures",
      ...EMAILED,
    ]),
  ].flatMap((path) => [path, localizedPath(path, "es")]);

interface Message {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const server = await startProductionServer(Number(process.env.AUDIT_PORT ?? 3191));
const folder = mkdtempSync(join(tmpdir(), "salon-html-"));
try {
  const files = new Map<string, string>();
  for (const [n, path] of [...new Set(pages)].entries()) {
    const file = join(folder, `page-${n}.html`);
    writeFileSync(file, await (await fetch(`${server.url}${path}`)).text());
    files.set(`file:${file}`, path);
  }
  // One Java process for every page; it exits 1 when it found an error, and says what in JSON.
  const result = await exec("java", ["-jar", vnu, "--errors-only", "--format", "json", folder], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => error);
  const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as {
    messages: Message[];
  };
  const errors = report.messages.filter((message) => message.type === "error");
  for (const [url, path] of files) {
    const own = errors.filter((message) => message.url === url);
    console.log(
      `${own.length === 0 ? "ok  " : "FAIL"} ${path}${own.length ? `: ${own.length}` : ""}`,
    );
    for (const message of own) {
      console.log(`     line ${message.lastLine ?? "?"}: ${message.message}`);
      if (message.extract) console.log(`       ${message.extract.replace(/\s+/g, " ").trim()}`);
    }
  }
  console.log(`\n${files.size} pages checked, ${errors.length} errors`);
  process.exitCode = errors.length === 0 ? 0 : 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
  await server.stop();
}
