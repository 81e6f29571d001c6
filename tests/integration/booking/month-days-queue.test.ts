// The queue of fresh months (docs/performance.md#scheduledays) against a real database: months
// are computed one at a time per database, so a few addresses asking and going away must not
// leave a backlog every visitor's month waits behind. A month whose visitor went away while it
// waited is not computed, the same month waiting twice is computed once, a month asked while it is
// computed takes the answer kept meanwhile, and beyond MAX_WAITING_MONTHS /schedule/days answers
// 503 with Retry-After (the calendar then shows its days without marks, as after a 429).
import { beforeEach, describe, expect, it } from "vitest";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import { loader } from "~/routes/schedule-days";
import { MONTHS_BUSY, monthDays } from "~/services/booking/month-days.server";
import { MAX_WAITING_MONTHS } from "~/services/booking/month-queue.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await seedCatalogueOnce(database.db);
});

interface Search {
  month: string;
  items: VisitRequestItem[];
}

/** `count` different searches (a service, any technician) of the bookable months from `today`. */
async function differentSearches(count: number, today: string): Promise<Search[]> {
  const types = (await listAppointmentTypes(database.db)).filter((type) => !type.addOn);
  const bookableMonths: string[] = [];
  for (let day = today; bookableMonths.length < 6; day = addDaysIso(day, 1)) {
    const month = day.slice(0, 7);
    if (!bookableMonths.includes(month)) bookableMonths.push(month);
  }
  const searches: Search[] = [];
  for (const type of types) {
    for (const month of bookableMonths) {
      searches.push({ month, items: [{ typeId: type.id, technician: "any", addOnIds: [] }] });
    }
  }
  if (searches.length < count) throw new Error("not enough different searches");
  return searches.slice(0, count);
}

/**
 * 10:00 AM in Chicago on `day` of May 2026: each test its own day, so no month kept by another
 * test (by the same services, seeded again) stands for it.
 */
const at = (day: number) => new Date(`2026-05-${day}T15:00:00.000Z`);

describe("the queue of fresh months", () => {
  it("does not compute a waiting month whose visitor went away, and frees its place", async () => {
    const now = at(13);
    const [first, ...others] = await differentSearches(MAX_WAITING_MONTHS + 2, "2026-05-13");
    if (!first) throw new Error("no search");
    const computing = monthDays(database.db, first, { now });
    const waiting = others.slice(0, MAX_WAITING_MONTHS).map((search) => {
      const asked = new AbortController();
      return { asked, answer: monthDays(database.db, search, { now, signal: asked.signal }) };
    });
    for (const { asked } of waiting) asked.abort();
    // The queue is empty again behind the month computed: the next visitor is not refused.
    const next = monthDays(database.db, others[MAX_WAITING_MONTHS] as Search, { now });
    for (const { answer } of waiting) {
      expect(await answer).toMatchObject({ ok: false, refused: "gone" });
    }
    expect((await computing).ok).toBe(true);
    expect((await next).ok).toBe(true);
  });

  it("refuses a month beyond the waiting ones, and /schedule/days answers 503 with Retry-After", async () => {
    const now = at(12);
    const searches = await differentSearches(MAX_WAITING_MONTHS + 2, "2026-05-12");
    const answers = await Promise.all(
      searches.map((search) => monthDays(database.db, search, { now })),
    );
    expect(answers.slice(0, -1).every((answer) => answer.ok)).toBe(true);
    expect(answers.at(-1)).toEqual({ ok: false, error: MONTHS_BUSY, refused: "busy" });

    // The same through the route, each request from its own address (its own listing budget).
    const today = salonDateOf(new Date(), SALON_TIME_ZONE);
    const asked = await differentSearches(MAX_WAITING_MONTHS + 7, today);
    const responses = await Promise.all(
      asked.map(({ month, items }, n) => {
        const [item] = items;
        const query = new URLSearchParams({
          month,
          service: item?.typeId ?? "",
          technician: "any",
        });
        const request = new Request(`http://salon.test/schedule/days?${query}`);
        const context = { db: database.db, clientAddress: `198.51.100.${n + 1}` };
        return (loader as (args: unknown) => Promise<Response>)({ request, context, params: {} });
      }),
    );
    const refused = responses.filter((response) => response.status === 503);
    // Six beyond the queue; a month that ended while the others were still spending their
    // listing budget made room for one more.
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(response.headers.get("Retry-After")).toBe("1");
      expect(await response.json()).toMatchObject({ ok: false, error: MONTHS_BUSY });
    }
    for (const response of responses.filter((answered) => answered.status !== 503)) {
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    }
  });

  it("computes the same month once for the visitors who asked it meanwhile", async () => {
    const now = at(11);
    const [first, second] = await differentSearches(2, "2026-05-11");
    if (!first || !second) throw new Error("no search");
    // A visitor holding a time has her month computed afresh, never kept: two of her requests
    // waiting together share one computation (one answer).
    const holder = "h".repeat(43);
    const computing = monthDays(database.db, first, { now });
    const once = monthDays(database.db, second, { now, holder });
    const again = monthDays(database.db, second, { now, holder });
    // The month being computed, asked again: its turn finds the answer just kept.
    const meanwhile = monthDays(database.db, first, { now });
    expect(await again).toBe(await once);
    const answer = await computing;
    expect(answer.ok).toBe(true);
    expect(await meanwhile).toBe(answer);
  });
});
