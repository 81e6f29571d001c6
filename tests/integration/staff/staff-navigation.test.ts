// The staff navigation through the production server: the owner's and a Staff account's links,
// labels and order (docs/product.md#staff-rules-on-the-server). Which pages each sees is read from
// the routes' `access` declarations; a Staff account gets no link to an owner's page.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededServer, startSeededServer } from "../../support/seeded-server";

let seeded: SeededServer;

beforeAll(async () => {
  seeded = await startSeededServer();
}, 120_000);

afterAll(async () => {
  await seeded?.stop();
});

/** The side navigation's links on a staff page, as `label address`, in their order. */
async function navigation(path: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${seeded.server.url}${path}`, { headers: { Cookie: cookie } });
  const html = await response.text();
  const list = /<ul class="side-nav__links">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
    ([, href, label]) => `${label} ${href}`,
  );
}

const STAFF_LINKS = [
  "Dashboard /dashboard",
  "Schedule /scheduleadmin",
  "Team /scheduleadmin/team",
  "Categories /scheduleadmin/categories",
  "Waitlist /scheduleadmin/waitlist",
  "Customers /customers",
  "Site /site",
];
const SIGN_OUT = "Sign Out /login?signout";

describe("the staff navigation", () => {
  it("links every staff page for the owner, hers last", async () => {
    for (const path of ["/dashboard", "/customers", "/reports"]) {
      expect(await navigation(path, seeded.ownerCookie), path).toEqual([
        ...STAFF_LINKS,
        "Reports /reports",
        "Payments /payments",
        "Accounts /accounts",
        SIGN_OUT,
      ]);
    }
  });

  it("leaves the owner's pages out for a Staff account, also on a page it may not open", async () => {
    for (const path of ["/dashboard", "/scheduleadmin", "/accounts"]) {
      expect(await navigation(path, seeded.staffCookie), path).toEqual([...STAFF_LINKS, SIGN_OUT]);
    }
  });
});
