import { describe, expect, it } from "vitest";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { pageViewDays } from "~/services/db/schema.server";
import { countPageView, listPageViews, recordPageView } from "~/services/site/page-views.server";
import type { TestDatabase } from "../../support/test-database";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

describe("page views (docs/product.md#page-views-counted-atomically)", () => {
  it("counts 500 concurrent visits of one page exactly", async () => {
    await Promise.all(Array.from({ length: 500 }, () => recordPageView(database.db, "Home")));
    expect(await listPageViews(database.db)).toEqual([{ pageName: "Home", views: 500 }]);
  });

  it("counts pages separately and returns the new count", async () => {
    expect(await recordPageView(database.db, "Home")).toBe(1);
    expect(await recordPageView(database.db, "Home")).toBe(2);
    expect(await recordPageView(database.db, "Contact")).toBe(1);
    await Promise.all([
      ...Array.from({ length: 30 }, () => recordPageView(database.db, "Services")),
      ...Array.from({ length: 20 }, () => recordPageView(database.db, "Gallery")),
    ]);
    const views = Object.fromEntries(
      (await listPageViews(database.db)).map((row) => [row.pageName, row.views]),
    );
    expect(views).toEqual({ Home: 2, Contact: 1, Services: 30, Gallery: 20 });
  });

  it("lists the most viewed first, ties by name", async () => {
    for (const [page, visits] of [
      ["Blog", 2],
      ["About", 5],
      ["Reviews", 2],
      ["Schedule", 9],
    ] as const) {
      for (let visit = 0; visit < visits; visit++) await recordPageView(database.db, page);
    }
    expect(await listPageViews(database.db)).toEqual([
      { pageName: "Schedule", views: 9 },
      { pageName: "About", views: 5 },
      { pageName: "Blog", views: 2 },
      { pageName: "Reviews", views: 2 },
    ]);
  });

  it("keeps a public page's views of each salon date, and only the total of a staff page's", async () => {
    await Promise.all(Array.from({ length: 20 }, () => recordPageView(database.db, "Schedule")));
    await recordPageView(database.db, "Schedule", 5);
    await recordPageView(database.db, "Dashboard", 1, { staff: true });
    const today = salonDateOf(new Date(), SALON_TIME_ZONE);
    const days = await database.db.select().from(pageViewDays);
    // Around the salon's midnight the 25 views may fall on two dates: count them all.
    expect(days.every((d) => d.pageName === "Schedule" && d.day >= addDaysIso(today, -1))).toBe(
      true,
    );
    expect(days.reduce((sum, d) => sum + d.views, 0)).toBe(25);
    expect(await listPageViews(database.db)).toEqual([
      { pageName: "Schedule", views: 25 },
      { pageName: "Dashboard", views: 1 },
    ]);
  });

  it("refuses page names the schema does not allow", async () => {
    await expect(recordPageView(database.db, "")).rejects.toThrow();
    await expect(recordPageView(database.db, "x".repeat(101))).rejects.toThrow();
    expect(await listPageViews(database.db)).toEqual([]);
  });
});

describe("countPageView: what counts as a page view", () => {
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
  const visit = (headers: Record<string, string> = {}, method = "GET") =>
    new Request("http://localhost/about", {
      method,
      headers: { "User-Agent": browser, ...headers },
    });

  it("counts a person's page load and in-app navigation (a .data request) once each", async () => {
    await countPageView(database.db, visit(), "About");
    await countPageView(
      database.db,
      new Request("http://localhost/about.data", { headers: { "User-Agent": browser } }),
      "About",
    );
    expect(await listPageViews(database.db)).toEqual([{ pageName: "About", views: 2 }]);
  });

  it("counts a headless browser's visit (previews, accessibility tools, checks of real visits)", async () => {
    const headless =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36";
    await countPageView(database.db, visit({ "User-Agent": headless }), "About");
    expect(await listPageViews(database.db)).toEqual([{ pageName: "About", views: 1 }]);
  });

  it("does not count bots, prefetches or HEAD requests", async () => {
    await countPageView(
      database.db,
      visit({ "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
      "About",
    );
    await countPageView(database.db, visit({ "Sec-Purpose": "prefetch" }), "About");
    await countPageView(database.db, visit({ Purpose: "prefetch" }), "About");
    await countPageView(database.db, visit({}, "HEAD"), "About");
    expect(await listPageViews(database.db)).toEqual([]);
  });

  it("never breaks the page when counting fails", async () => {
    const broken = {
      insert() {
        throw new Error("database down");
      },
    } as unknown as TestDatabase["db"];
    await expect(countPageView(broken, visit(), "About")).resolves.toBeUndefined();
  });
});
