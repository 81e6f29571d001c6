import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { TESTS_OUTDIR } from "./scripts/test-messages-folder";

/**
 * Integration files that run once in `npm test -- --postgres` (as CI calls it), on PostgreSQL, and
 * not also in the embedded pass before it; `npm test` alone runs them on the embedded database.
 * Each is about the HTTP layer, where the database only stores what the test checks was left
 * unchanged: malformed and hostile-looking requests refused before any query, the request guard,
 * security and cache headers, precompressed files, the proxies' addresses, the staff pages'
 * doors and navigation, the metrics, the event loop during a Markdown preview. A server on the
 * embedded database starts in about 4.5 s (PostgreSQL's WebAssembly compiled again in each
 * process), on PostgreSQL in under one; these files took 210 s of the embedded pass's 981 s of
 * files and a third of that on PostgreSQL (2026-12-03). hostile-queries (every route's queries
 * and fields given hostile values, as bad-input and malformed-queries do for forms and
 * addresses) joined them later that day: 42 s in the embedded pass, 44 s on PostgreSQL.
 * Whatever is about SQL, transactions, races, rate limits or several processes runs in both
 * passes.
 */
const ONCE_ON_POSTGRES = [
  "tests/integration/server/bad-input.test.ts",
  "tests/integration/server/behind-tls-proxy.test.ts",
  "tests/integration/server/hostile-queries.test.ts",
  "tests/integration/server/malformed-queries.test.ts",
  "tests/integration/server/metrics.test.ts",
  "tests/integration/server/precompressed-assets.test.ts",
  "tests/integration/server/request-guard.test.ts",
  "tests/integration/server/staff-no-store.test.ts",
  "tests/integration/site/markdown-stall.test.ts",
  "tests/integration/staff/staff-navigation.test.ts",
  "tests/integration/staff/staff-routes.test.ts",
];

/**
 * Pages and forms through the production server, also once in CI, on PostgreSQL (2026-12-04: on a
 * machine 20-40 % slower than the one before, a clean clone's CI took 21.9 minutes). Each starts
 * servers to check what a page says, sends or stores; what they store goes through the same
 * services whose SQL the other integration files run in both passes, and every end-to-end test
 * runs against a server on the embedded database. The files about the embedded server's own
 * process (start, stop, crash, its data folder, backups, photos, limits) stay in both passes.
 * These took 158 s of that run's embedded pass (844 s of files on two workers), 40 s on
 * PostgreSQL.
 */
const PAGES_ONCE_ON_POSTGRES = [
  "tests/integration/booking/booked-view.test.ts",
  "tests/integration/booking/booking-phones.test.ts",
  "tests/integration/booking/island-endpoints.test.ts",
  "tests/integration/email/dashboard-outbox.test.ts",
  "tests/integration/i18n/spanish-pages.test.ts",
  "tests/integration/payments/checkout-page-es.test.ts",
  "tests/integration/payments/checkout-page.test.ts",
  "tests/integration/payments/payments-page.test.ts",
  "tests/integration/reports/reports-server.test.ts",
  "tests/integration/salon/salon-name.test.ts",
  "tests/integration/site/blog-posts.test.ts",
];

/**
 * Integration files for the embedded database only: their limits are the embedded server's (an
 * upload's memory is measured against a process that holds PostgreSQL itself).
 */
const EMBEDDED_ONLY = ["tests/integration/site/upload-abuse.test.ts"];

/** Which pass this is: scripts/test.sh says when a PostgreSQL pass will follow this one. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const postgresPassFollows = process.env.POSTGRES_PASS_FOLLOWS === "1";
const leftOut = onPostgres
  ? EMBEDDED_ONLY
  : postgresPassFollows
    ? [...ONCE_ON_POSTGRES, ...PAGES_ONCE_ON_POSTGRES]
    : [];

export default defineConfig({
  resolve: {
    alias: [
      // The messages as one module per language (scripts/compile-messages.ts says why), made by
      // the global setup below; the production build the servers run keeps one per message.
      {
        find: "~/paraglide",
        replacement: new URL(`./${TESTS_OUTDIR}`, import.meta.url).pathname.replace(/\/$/, ""),
      },
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
    ],
  },
  test: {
    environment: "node",
    globalSetup: ["tests/support/compile-test-messages.ts"],
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
          exclude: [...configDefaults.exclude, ...leftOut],
        },
      },
    ],
  },
});
