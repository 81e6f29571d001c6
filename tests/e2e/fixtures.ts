import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

// Each test is a client address of its own, as visitors on their own connections are: the e2e server
// trusts one proxy hop (TRUST_PROXY, playwright.config.ts), and every page, context and request
// of a test names the test's own address, as a reverse proxy would. So the per-client-address limits
// (live streams, bookings, holds, sign-in failures: docs/security.md#clients) count one test's
// requests, never the whole suite's on 127.0.0.1, nor a stream another test left closing.

let tests = 0;

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    tests += 1;
    // 10.<worker process>.<n>: unique within the run (a worker runs its tests one at a time).
    const address = `10.${testInfo.workerIndex % 256}.${(tests >> 8) & 255}.${tests & 255}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": address });
  },
});
