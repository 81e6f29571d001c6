// The production server is started three ways: by an operator with `npm run serve` (or a process
// manager), and by the tests, benchmarks and audit through scripts/serve-production.ts. Its memory
// settings only hold, and the tests only test production, if all three run one command:
// scripts/serve.sh.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVE_COMMAND } from "../../../scripts/serve-production";

const scripts = (
  JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }
).scripts;

describe("the production server's command", () => {
  it("is scripts/serve.sh for npm run serve, npm start and the tests alike", () => {
    expect(scripts.serve).toBe(SERVE_COMMAND.join(" "));
    expect(scripts.start).toBe("npm run build && npm run serve");
  });

  it("execs node on the compiled server that npm run build writes, not TypeScript", () => {
    const lines = fs.readFileSync("scripts/serve.sh", "utf8").split("\n");
    const code = lines.filter((line) => !line.startsWith("#")).join("\n");
    expect(code).toMatch(/^exec node [^\n]*\\\n\s*build\/server\.js$/m);
    expect(code).not.toContain("tsx");
    expect(code).toContain("export NODE_ENV=production");
    expect(scripts.build).toContain("vite build -c vite.server.config.ts");
  });
});
