import { readFileSync } from "node:fs";
import type { BrowserContext, Page, Request } from "@playwright/test";
import { test as base, expect } from "./fixtures";
import { type StaffSessionName, type StaffSessionsFile, staffSessionsFile } from "./seed-history";

// The staff account the e2e server starts with (playwright.config.ts, made by the real CLI), and
// what the staff specs share.
export const staffEmail = process.env.E2E_STAFF_EMAIL ?? "";

let file: StaffSessionsFile | undefined;
/** The sessions the seed made before the server started (tests/e2e/seed-history.ts). */
function seeded(): StaffSessionsFile {
  file ??= JSON.parse(
    readFileSync(staffSessionsFile(process.env.E2E_DATA_DIR ?? ""), "utf8"),
  ) as StaffSessionsFile;
  return file;
}

/** Signs `page`'s browser context in with a seeded session ("owner" unless told) and opens a page. */
type SignIn = (page: Page, session?: StaffSessionName) => Promise<void>;

/**
 * The staff specs' `test`. Signing in through /login is the staff spec's own test
 * (tests/e2e/staff.spec.ts); everywhere else a test starts signed in: `signIn(page)` puts the
 * owner's session, made beforehand with the app's session code, in the page's browser context and
 * opens the dashboard; `signInToSchedule(page)` opens the schedule admin. A test that ends its
 * session (signing out) takes one of its own: `signIn(page, "signs-out")`.
 */
export const test = base.extend<{ signIn: SignIn; signInToSchedule: SignIn }>({
  signIn: async ({ baseURL }, use) => {
    await use(async (page, session = "owner") => {
      await addSession(page, session, baseURL);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  },
  signInToSchedule: async ({ baseURL }, use) => {
    await use(async (page, session = "owner") => {
      await addSession(page, session, baseURL);
      await page.goto("/scheduleadmin");
      await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
    });
  },
});

/** The browser contexts whose pages run on Playwright's clock (see expectSuccess). */
const onPlaywrightClock = new WeakSet<BrowserContext>();
/** A signed-in page's requests for data under way (its live stream aside). */
const dataRequests = new WeakMap<Page, Set<Request>>();

function trackDataRequests(page: Page) {
  if (dataRequests.has(page)) return;
  const pending = new Set<Request>();
  dataRequests.set(page, pending);
  page.on("request", (request) => {
    if (["fetch", "xhr"].includes(request.resourceType())) pending.add(request);
  });
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
}

async function addSession(page: Page, name: StaffSessionName, baseURL: string | undefined) {
  const { cookie, sessions } = seeded();
  const context = page.context();
  await context.addCookies([
    { name: cookie, value: sessions[name], url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  if (!onPlaywrightClock.has(context)) {
    // Time runs as ever; a test may move it on (expectSuccess).
    await context.clock.install();
    onPlaywrightClock.add(context);
  }
  trackDataRequests(page);
}

export { expect };

/** How long the success overlay shows: OVERLAY_FLASH_MS, app/components/overlays.tsx (spec: 3 s). */
const SUCCESS_OVERLAY_MS = 3000;

/**
 * The success overlay shows and goes, and the page's data is fresh by then. On a signed-in page
 * the overlay's 3 s pass at once (the page's clock is moved on), and with them the quarter second
 * the live stream's news of the change waits (app/lib/live-changes.ts); then, as by the end of
 * the real 3 s, the page's requests for fresh data have been answered: the test goes on with a
 * settled page, as a person can only once the overlay is gone.
 */
export async function expectSuccess(page: Page) {
  const success = page.getByRole("status").filter({ hasText: "Success" });
  // The overlay shows once the server has answered the change: with the other technician's flow and
  // the server on the same two cores, that answer took over 5 s once (manage.spec's closed date,
  // 2026-11-26 clean-clone run). Nothing else waits longer than the default.
  await expect(success).toBeVisible({ timeout: 10_000 });
  if (onPlaywrightClock.has(page.context())) {
    await page.clock.fastForward(SUCCESS_OVERLAY_MS);
    const pending = dataRequests.get(page);
    if (pending) await expect.poll(() => pending.size).toBe(0);
  }
  await expect(success).toBeHidden({ timeout: SUCCESS_OVERLAY_MS * 2 });
}

/**
 * A staff change confirmed in place (docs/product.md#staff-screens): the staff pages' status line
 * says `message` once the page's data is fresh, and no overlay covered the page. The test goes on
 * with a settled page.
 */
export async function expectSaid(page: Page, message: string | RegExp) {
  // As for the overlay above: the server's answer took over 5 s once on a loaded machine.
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toHaveCount(0);
}
