import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

// Each test is a client address of its own, as visitors on their own connections are: the e2e server
// trusts one proxy hop (TRUST_PROXY, playwright.config.ts), and every page, context and request
// of a test names the test's own address, as a reverse proxy would. So the per-client-address limits
// (live streams, bookings, holds, sign-in failures: docs/security.md#clients) count one test's
// requests, never the whole suite's on 127.0.0.1, nor a stream another test left closing.

let tests = 0;

/** The browser's own errors on a page (a script's exception, a console error), as they came. */
const pageErrors = new WeakMap<Page, string[]>();

function collectErrors(page: Page) {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on("pageerror", (error) => errors.push(`exception: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
}

const snapshotOf = (locator: ReturnType<Page["locator"]>) =>
  locator
    .ariaSnapshot({ timeout: 2000 })
    .catch((error: Error) => `(no snapshot: ${error.message.split("\n")[0]})`);

/**
 * On a failure, where a page was and what it showed: any open dialog first (a page's tree is
 * long, and cut), then the page's accessibility tree, and the browser's errors on it.
 */
async function printPage(page: Page, what: string) {
  if (page.isClosed()) return;
  const dialogs = page.getByRole("dialog");
  const open = await dialogs.count().catch(() => 0);
  const parts = [`${what} at the failure: ${page.url()}`];
  for (let i = 0; i < open; i++) {
    parts.push(`Dialog ${i + 1} of ${open}:\n${(await snapshotOf(dialogs.nth(i))).slice(0, 3000)}`);
  }
  parts.push((await snapshotOf(page.locator("body"))).slice(0, 4000));
  const errors = pageErrors.get(page) ?? [];
  if (errors.length > 0) parts.push(`Its errors:\n${errors.slice(-20).join("\n")}`);
  console.log(parts.join("\n"));
}

export const test = base.extend<{ page: Page; otherPages: undefined }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    tests += 1;
    // 10.<worker process>.<n>: unique within the run (a worker runs its tests one at a time).
    const address = `10.${testInfo.workerIndex % 256}.${(tests >> 8) & 255}.${tests & 255}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
  // A failed test prints where its page was and what it showed: CI keeps no traces (playwright.config.ts),
  // and its printed output is all a failure there leaves to read.
  page: async ({ page }, use, testInfo) => {
    collectErrors(page);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) await printPage(page, "The page");
  },
  // And the pages of contexts a test opened itself (a second visitor, a Stripe spec's desk).
  otherPages: [
    async ({ browser }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const context of browser.contexts()) {
        for (const page of context.pages()) await printPage(page, "A page");
      }
    },
    { auto: true },
  ],
});
