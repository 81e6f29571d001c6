// The production server is started three ways: by an operator with `npm run serve` (or the
// README's command in a process manager), and by the tests, benchmarks and audit with
// scripts/serve-production.ts. Its memory settings only hold if all three are the same command
// (docs/performance.md, "Memory"); what the tests run must be what production runs.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_ARGS } from "../../scripts/serve-production";

const expected = [
  "NODE_ENV=production",
  ...Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`),
  "node",
  ...SERVER_NODE_ARGS,
].join(" ");

describe("the production server's command", () => {
  it("is the same in package.json's serve script as in scripts/serve-production.ts", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(expected);
    expect(pkg.scripts.start).toBe("npm run build && npm run serve");
  });

  it("is the one the README gives for a process manager", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    expect(readme).toContain(`\`${expected}\``);
  });

  it("runs the compiled server that npm run build writes, not TypeScript", () => {
    expect(SERVER_NODE_ARGS.at(-1)).toBe("build/server.js");
    expect(SERVER_NODE_ARGS).not.toContain("tsx");
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.build).toContain("vite build -c vite.server.config.ts");
  });
});
