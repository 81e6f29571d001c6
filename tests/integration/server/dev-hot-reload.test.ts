// `npm run dev` hot-reloads every page: a content page (plain HTML in production) and an island
// page (/contact's form) alike. Run on a copy of the repository, so that editing a source file
// never touches the checkout under test.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type WebSocket } from "@playwright/test";
import { afterAll, describe, expect, it } from "vitest";
import { TESTS_OUTDIR } from "../../../scripts/test-messages-folder";
import { chromiumArgs, chromiumPath } from "../../chromium";

const copy = fs.mkdtempSync(path.join(os.tmpdir(), "salon-dev-"));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill("SIGKILL");
  fs.rmSync(copy, { recursive: true, force: true });
});

function copyRepository(): void {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0");
  for (const file of files.filter(Boolean)) {
    if (!fs.existsSync(file)) continue; // deleted in the work tree
    fs.mkdirSync(path.join(copy, path.dirname(file)), { recursive: true });
    fs.copyFileSync(file, path.join(copy, file));
  }
  // Vite serves no file from outside the project, so node_modules must be inside the copy, not
  // a symlink to this checkout's: hard links are instant; a real copy where they cannot be made.
  const modules = path.join(copy, "node_modules");
  try {
    execFileSync("cp", ["-al", "node_modules", modules]);
  } catch {
    fs.rmSync(modules, { recursive: true, force: true });
    execFileSync("cp", ["-a", "node_modules", modules]);
  }
}

async function startDevServer(): Promise<string> {
  // As `npm run dev` does: the messages' compiled functions first (app/paraglide, generated and
  // not in git, so not in the copy). Vitest's global setup has compiled the same messages in the
  // same shape (one module per language) into the checkout's tests folder, with the hash of what
  // they were compiled from: given those, the step finds them current, as a developer's second
  // `npm run dev` does, instead of compiling for 8-12 s again.
  fs.cpSync(path.resolve(TESTS_OUTDIR), path.join(copy, "app/paraglide"), { recursive: true });
  execFileSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/compile-messages.ts", "--dev"],
    {
      cwd: copy,
      stdio: "ignore",
    },
  );
  server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server.ts"], {
    cwd: copy,
    // LOG_LEVEL: the tests' own is "silent" (vitest.config.ts); the server must say it is ready.
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      PORT: "0",
      DATA_DIR: path.join(copy, "data"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /ready on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    server?.stdout?.on("data", onData);
    server?.stderr?.on("data", onData);
    server?.on("exit", (code) => reject(new Error(`npm run dev exited ${code}:\n${output}`)));
    // Every wait has its own bound, so a failure says which step stalled.
    setTimeout(() => reject(new Error(`npm run dev not ready in 60 s:\n${output}`)), 60_000);
  });
}

/** Replaces `from` with `to` in the copy's `file`. */
function edit(file: string, from: string, to: string): void {
  const target = path.join(copy, file);
  const source = fs.readFileSync(target, "utf8");
  expect(source).toContain(from);
  fs.writeFileSync(target, source.replace(from, to));
}

// The dev server always runs on its own embedded data folder (DATA_DIR above): CI's second pass, on PostgreSQL
// (TEST_DATABASE_URL), would run the very same test again, so it runs in the first pass only.
const embeddedOnly = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));

embeddedOnly("npm run dev", () => {
  it("shows an edit on a content page and on an island page without reloading it", async () => {
    copyRepository();
    const origin = await startDevServer();
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const page = await browser.newPage();
      const cases = [
        {
          path: "/about",
          file: "app/routes/about.tsx",
          from: "<h1>{m.about_heading({ name }, { locale })}</h1>",
          to: "<h1>{m.about_heading({ name }, { locale })} (edited)</h1>",
        },
        {
          path: "/contact",
          file: "app/components/contact-form.tsx",
          from: "{m.nav_contact_us({}, { locale })}</h2>",
          to: "{m.nav_contact_us({}, { locale })} (edited)</h2>",
        },
      ];
      for (const { path: pagePath, file, from, to } of cases) {
        // Vite's server greets its client's socket ({"type":"connected"}): an edit sent before
        // that reaches no page (on a loaded machine the socket opened after the network was idle).
        // Counted from the page's load: the first render of a fresh clone compiles every module
        // (each message of app/paraglide is one) and may take longer on its own.
        let greeted = false;
        const onSocket = (socket: WebSocket) =>
          socket.on("framereceived", (frame) => {
            if (String(frame.payload).includes('"connected"')) greeted = true;
          });
        page.on("websocket", onSocket);
        await page.goto(`${origin}${pagePath}`);
        const loadedAt = Date.now();
        while (!greeted) {
          if (Date.now() - loadedAt > 20_000) {
            throw new Error(`${pagePath}: no "connected" from Vite within 20 s of the page's load`);
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        page.off("websocket", onSocket);
        await page.waitForLoadState("networkidle");
        // A page load would drop this mark: it shows the edit arrived without one.
        await page.evaluate(() => {
          (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
        });
        edit(file, from, to);
        await page.getByText("(edited)").first().waitFor({ timeout: 20_000 });
        const same = await page.evaluate(
          () => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true,
        );
        expect(same, pagePath).toBe(true);
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});
