/**
 * Where the tests' compiled messages are (one module per language: scripts/compile-messages.ts
 * `--tests`), relative to the repository; vitest.config.ts reads `~/paraglide` from there. In the
 * checkout, not in node_modules: git worktrees that share one node_modules each have their own.
 */
export const TESTS_OUTDIR = ".cache/paraglide-tests/";
