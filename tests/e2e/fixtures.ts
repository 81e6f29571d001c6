import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

// Each test is a client address of its own, as visitors on their own connections are: the e2e server
// trusts one proxy hop (TRUST_PROXY, playwright.config.ts), and every page, context and request
// of a test names the test's own address, as a reverse proxy would. So the per-client-address limits
// (live streams, bookings, holds, sign-in failures: docs/security.md#clients) count one test's
// requests, never the whole suite's on 127.0.0.1, nor a stream another test left closing.

let tests = 0;

/** On a failure, where a page was and what it showed (its accessibility tree), printed. */
async function printPage(page: Page, what: string) {
  if (page.isClosed()) return;
  const shown = await page
    .locator("body")
    .ariaSnapshot({ timeout: 2000 })
    .catch((error: Error) => `(no snapshot: ${error.message.split("\n")[0]})`);
  console.log(`${what} at the failure: ${page.url()}\n${shown.slice(0, 4000)}`);
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
