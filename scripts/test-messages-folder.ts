/**
 * Where the tests' compiled messages are (one module per language: scripts/compile-messages.ts
 * `--tests`), relative to the repository; vitest.config.ts reads `~/paraglide` from there.
 */
export const TESTS_OUTDIR = "node_modules/.cache/paraglide-tests/";
