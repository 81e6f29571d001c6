import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~/services/db/schema.server";
import { hitRateLimit, pruneRateLimits } from "~/services/platform/rate-limit.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const minute = 60_000;
// 10:00:00.000 UTC: the start of a one-minute window.
const windowStart = new Date("2025-05-06T10:00:00.000Z");
const at = (ms: number) => new Date(windowStart.getTime() + ms);

describe("rate limits", () => {
  it("refuses the (limit + 1)th hit in a window, and allows again in the next", async () => {
    const options = { limit: 3, windowMs: minute };
    const results = [];
    for (let hit = 0; hit < 4; hit++) {
      results.push(
        await hitRateLimit(database.db, "contact:203.0.113.7", { ...options, now: at(hit * 1000) }),
      );
    }
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results.map((result) => result.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.retryAfterMs).toBe(minute - 3000);
    expect(results[2]?.retryAfterMs).toBe(0);

    // Other keys have their own windows.
    expect(
      (await hitRateLimit(database.db, "contact:198.51.100.1", { ...options, now: at(5000) }))
        .allowed,
    ).toBe(true);

    const next = await hitRateLimit(database.db, "contact:203.0.113.7", {
      ...options,
      now: at(minute),
    });
    expect(next).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
  });

  it("counts concurrent hits exactly", async () => {
    const now = at(10_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        hitRateLimit(database.db, "login:a@b.co", { limit: 10, windowMs: minute, now }),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "login:a@b.co"));
    expect(row?.hits).toBe(50);
  });

  it("prunes windows older than the longest window", async () => {
    await hitRateLimit(database.db, "old", { limit: 1, windowMs: minute, now: at(0) });
    await hitRateLimit(database.db, "recent", { limit: 1, windowMs: minute, now: at(50 * minute) });
    expect(await pruneRateLimits(database.db, at(60 * minute), 30 * minute)).toBe(1);
    const keys = (await database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toEqual(["recent"]);
  });
});
