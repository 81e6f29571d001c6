import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Integration files that run on the embedded database only, not again in the PostgreSQL pass
 * (`npm test -- --postgres`). Each is about the HTTP layer or the process, not the database:
 * thousands of malformed requests refused before any query, an upload's sockets and memory, the
 * event loop during a Markdown preview, malformed queries answered 400. The database only shows
 * that nothing was stored, which reads the same on both. Whatever is about SQL, transactions,
 * races or several processes (hostile-queries too: its far dates reach the reports' SQL) runs on
 * both. Together these took 153 s of the 981 s the embedded pass spent in its files (2026-12-03).
 */
export const EMBEDDED_PASS_ONLY = [
  "tests/integration/server/bad-input.test.ts",
  "tests/integration/server/malformed-queries.test.ts",
  "tests/integration/site/markdown-stall.test.ts",
  "tests/integration/site/upload-abuse.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    // The services' own log lines (a counter failing on purpose, say) stay out of the test output;
    // the servers the tests start log as in production (tests/support/app-server.ts).
    env: { LOG_LEVEL: "silent" },
    // Vitest's default (one file at a time per core but one), yet at least two, also on 2 cores:
    // most of an integration file's time is a server process starting, answering or backing up,
    // or a client waiting on it, so two files overlap well (the whole run 250 s instead of 420 s
    // on this 2-core machine, 2026-11-26).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two projects, so each kind runs alone (docs/architecture.md#tests): `npm run test:unit`
    // (`--project unit`), `npm run test:integration` (`--project integration`); `npx vitest run`
    // runs both, and a path (`npx vitest run tests/integration`, as .ci/run does) picks its files.
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: process.env.TEST_DATABASE_URL
            ? [...configDefaults.exclude, ...EMBEDDED_PASS_ONLY]
            : configDefaults.exclude,
        },
      },
    ],
  },
});
