// Vitest's global setup: the messages compiled for the tests, one module per language
// (scripts/compile-messages.ts `--tests`), before any test file imports them. Skipped in a
// moment when the messages have not changed since the last run.
import { execFileSync } from "node:child_process";

export default function compileTestMessages(): void {
  execFileSync("npx", ["tsx", "scripts/compile-messages.ts", "--tests"], { stdio: "inherit" });
}
