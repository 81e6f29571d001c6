import { describe, expect, it } from "vitest";
import { countsUnder } from "./route-page-views.server";

// When a request its page's loader answered counts (docs/product.md#page-views-counted-atomically):
// the handle's `pageViews` rule. Which requests are page views at all (bots, prefetches, HEAD) is
// countsAsPageView's, tested in tests/integration/site/page-views.test.ts; the whole path through
// the server in tests/integration/site/page-views-server.test.ts.
const at = (address: string) => new URL(address, "http://salon.example");

describe("countsUnder", () => {
  it("counts a page its loader answered, not one it refused or redirected", () => {
    expect(countsUnder({}, at("/about"), "answered")).toBe(true);
    expect(countsUnder({}, at("/blogpost?post=x"), "refused")).toBe(false);
    expect(countsUnder({}, at("/blogpost"), "redirected")).toBe(false);
  });

  it("counts a redirect only for a page that says so, never a refusal", () => {
    expect(countsUnder({ redirects: true }, at("/login"), "redirected")).toBe(true);
    expect(countsUnder({ redirects: true }, at("/login"), "refused")).toBe(false);
  });

  it("does not count with a parameter the page names, even empty, and counts with any other", () => {
    const rule = { notWithQuery: ["live", "page"] };
    expect(countsUnder(rule, at("/dashboard"), "answered")).toBe(true);
    expect(countsUnder(rule, at("/dashboard?utm_source=mail"), "answered")).toBe(true);
    expect(countsUnder(rule, at("/dashboard?live"), "answered")).toBe(false);
    expect(countsUnder(rule, at("/dashboard?page="), "answered")).toBe(false);
    expect(countsUnder(rule, at("/dashboard?page=2&x=1"), "answered")).toBe(false);
  });
});
