import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SALON_TIME_ZONE, salonDateOf } from "./app/domain/booking/time-zone";
import { chromiumArgs, chromiumPath } from "./tests/chromium";

const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database per run (workers inherit the variable), and the port of the
// SMTP server that the email tests start (tests/e2e/contact.spec.ts).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "salon-e2e-"));
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_DIR ??= join(process.env.E2E_DATA_DIR, "mail");
// The salon's date the run counts its days from, fixed once: the seed (tests/e2e/seed-history.ts)
// and the specs (tests/e2e/salon-date.ts) agree on "tomorrow" even when a run crosses midnight.
process.env.E2E_BASE_DATE ??= salonDateOf(Date.now(), SALON_TIME_ZONE);
// The staff account the server starts with, created by the real CLI (tests/e2e/staff.spec.ts).
process.env.E2E_STAFF_EMAIL ??= "owner@example.com";
process.env.E2E_STAFF_PASSWORD ??= `e2e-${Math.random().toString(36).slice(2)}-password`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Two at a time, on CI too (Playwright's default would be one on 2 cores): the staff specs start
  // signed in (tests/e2e/staff-session.ts) and pass the success overlay's 3 s at once, and each
  // spec books its own days, technicians and types, so tests running side by side on the one
  // server leave each other alone.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    // A trace records every action's page (DOM snapshots, a screencast): on this 2-core machine
    // that made six of the longest tests 19% slower (220 s against 179 s, 2026-12-02), and a CI
    // run's traces are gone with its clone. So CI records none; a run here keeps a failure's.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    // The staff pages' heights are measured "with the seeded data" (issue 29): before any other
    // spec adds messages, accounts or activity that lengthen the dashboard and the accounts page.
    {
      name: "seeded",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /staff-page-height\.spec\.ts/,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/phone\.spec\.ts/, /site-.*\.spec\.ts/, /staff-page-height\.spec\.ts/],
      dependencies: ["seeded"],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /phone\.spec\.ts/,
      dependencies: ["seeded"],
    },
    // The owner's Site pages change what every page says (the phone, the home heading, the
    // gallery, the blog): they run once the other specs are done, so no other test reads a page
    // while they change it.
    {
      name: "site",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /site-.*\.spec\.ts/,
      dependencies: ["desktop", "phone"],
    },
  ],
  // The production build, served as `npm start` serves it (npm test builds first), on a database
  // with the staff account and yesterday's visit of a regular (tests/e2e/seed-history.ts).
  webServer: {
    command: `npm run -s staff:create -- --email ${process.env.E2E_STAFF_EMAIL} --password ${process.env.E2E_STAFF_PASSWORD} && npx tsx tests/e2e/seed-history.ts && npm run serve`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: process.env.E2E_DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // Holds a test leaves behind go quickly (docs/product.md#holds; 5 minutes in use). The test of
      // a hold lapsing runs a server of its own and moves its clock (tests/e2e/visit.spec.ts).
      HOLD_SECONDS: "8",
      // Each test names its own client address, as a reverse proxy would (tests/e2e/fixtures.ts).
      TRUST_PROXY: "1",
      // Each test is its own client address (tests/e2e/fixtures.ts), but one test may search and book
      // more than a visitor: its searches and its bookings of a day are not limited here
      // (docs/security.md#listing-budget, docs/product.md#pending-bookings; the integration
      // tests check those limits).
      LISTING_BUDGET: "1000000",
      ONLINE_BOOKINGS_PER_DAY: "1000",
      ONLINE_BOOKINGS_PER_DAY_MAX: "1000",
    },
  },
});
