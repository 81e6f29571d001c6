// Abuse of the waitlist (issue 31, docs/security.md#waitlist). Before: anyone could join a line
// with someone else's address and, by holding each offered time, have us email them "A time has
// opened" every few minutes (4 in 3 minutes); and 205 filler lines (7 s of joins) kept a real
// guest from her offer for 6.5 minutes while 20 times were free, the worker reading 200 lines a
// round, soonest day first. Now a place counts once its owner confirms it from the emailed link;
// one address gets one offer per half hour; and a freed time reaches its day's lines in the next
// round, however many other lines wait.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { lineOf } from "~/domain/booking/waitlist-times";
import {
  appointments,
  closedDays,
  emailOutbox,
  waitlistEntries,
} from "~/services/db/schema.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { joinWaitlist } from "~/services/waitlist/waitlist.server";
import { changedDays, offerFreedTimes } from "~/services/waitlist/waitlist-offers.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Thursday, April 30 2026, 10:00 AM in Chicago. */
const now = new Date("2026-04-30T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const NEXT_SATURDAY = "2026-05-09";
const SITE = "https://salon.example";
let wax: AppointmentTypeView;
const items = () => [{ typeId: wax.id, technician: "any", addOnIds: [] }];

/** Nina (the only one who waxes) booked from open to close on `dateIso`: the day is full. */
async function fillDay(dateIso: string, hoursUtc: [number, number] = [15, 24]) {
  const [row] = await database.db
    .insert(appointments)
    .values({
      name: "All Day",
      email: "all-day@example.com",
      typeId: wax.id,
      typeName: "Eyebrow Wax",
      category: "Waxing",
      technician: "Nina",
      startsAt: new Date(`${dateIso}T${String(hoursUtc[0]).padStart(2, "0")}:00:00.000Z`),
      endsAt: new Date(`${dateIso}T23:59:00.000Z`),
      priceCents: 1800,
      channel: "staff" as const,
    })
    .returning({ id: appointments.id });
  return row?.id ?? "";
}

const cancel = (id: string) =>
  database.db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, id));

const mailTo = async (email: string) =>
  (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map(
    (row) => row.subject,
  );

beforeEach(async () => {
  await seedCatalogueOnce(database.db);
  wax = await typeNamed(database.db, "Eyebrow Wax");
});

describe("a waitlist joined with someone else's address", () => {
  it("sends that address one confirmation email and nothing more", async () => {
    const booked = await fillDay(SATURDAY);
    const join = (dateIso: string) =>
      joinWaitlist(
        database.db,
        { dateIso, name: "Not Me", email: "victim@example.com", periods: [] },
        items(),
        { now, siteUrl: SITE },
      );
    expect(await join(SATURDAY)).toMatchObject({ ok: true });
    // Again, and for another full day: no second email.
    expect(await join(SATURDAY)).toMatchObject({ ok: true });
    await fillDay(NEXT_SATURDAY);
    expect(await join(NEXT_SATURDAY)).toMatchObject({ ok: false, reason: "unconfirmed" });
    // A time frees, again and again: the unconfirmed place is offered nothing.
    await cancel(booked);
    for (let minute = 0; minute <= 60; minute += 5) {
      const at = new Date(now.getTime() + minute * 60_000);
      expect(await offerFreedTimes(database.db, { now: at, siteUrl: SITE })).toBe(0);
    }
    expect(await mailTo("victim@example.com")).toEqual([
      expect.stringMatching(/^Confirm your place on our waitlist: Saturday, May 2 2026$/),
    ]);
  });
});

describe("offers to one address", () => {
  it("are at most one per half hour, whatever its lines: the next in line is told meanwhile", async () => {
    const first = await fillDay(SATURDAY);
    for (const [name, email] of [
      ["Ana Diaz", "ana@example.com"],
      ["Bea Lund", "bea@example.com"],
    ] as const) {
      await joinWaitlist(database.db, { dateIso: SATURDAY, name, email, periods: [] }, items(), {
        now,
        siteUrl: SITE,
      });
      const [entry] = await database.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.email, email));
      await database.db
        .update(waitlistEntries)
        .set({ confirmedAt: now })
        .where(eq(waitlistEntries.id, entry?.id ?? ""));
    }
    await cancel(first);
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(1);
    // Someone else books Ana's offered time: she is back in line, in her place.
    const [ana] = await database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, "ana@example.com"));
    const offeredAt = ana?.offeredStartsAt ?? new Date(0);
    await database.db.insert(appointments).values({
      name: "Quick Guest",
      email: "quick@example.com",
      typeId: wax.id,
      typeName: "Eyebrow Wax",
      category: "Waxing",
      technician: "Nina",
      startsAt: offeredAt,
      endsAt: new Date(offeredAt.getTime() + 15 * 60_000),
      priceCents: 1800,
      channel: "staff" as const,
    });
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const offers = async (email: string) =>
      (await mailTo(email)).filter((subject) => subject.startsWith("A time has opened"));
    // Ten minutes on, times are free: Ana had an offer ten minutes ago, so Bea is told.
    expect(await offerFreedTimes(database.db, { now: at(10), siteUrl: SITE })).toBe(1);
    expect([
      (await offers("ana@example.com")).length,
      (await offers("bea@example.com")).length,
    ]).toEqual([1, 1]);
    // Once Bea's offer is stale and Ana's half hour is over, Ana is told again.
    expect(await offerFreedTimes(database.db, { now: at(41), siteUrl: SITE })).toBe(1);
    expect(await offers("ana@example.com")).toHaveLength(2);
  });
});

describe("205 filler lines", () => {
  it("do not delay a real guest's offer beyond one round", async () => {
    // The filler: 205 searches on the soonest day, when Nina is off (nothing to offer them).
    await database.db.insert(closedDays).values({ date: SATURDAY, technician: "Nina" });
    await database.db.insert(waitlistEntries).values(
      Array.from({ length: 205 }, (_, n) => ({
        day: SATURDAY,
        line: `${SATURDAY}/filler-${n}`,
        items: items(),
        service: "Eyebrow Wax",
        name: `Filler ${n}`,
        email: `filler${n}@example.net`,
        periods: [],
        createdAt: now,
        confirmedAt: now,
      })),
    );
    // The guest waits for a full day after them.
    const booked = await fillDay(NEXT_SATURDAY);
    await database.db.insert(waitlistEntries).values({
      day: NEXT_SATURDAY,
      line: lineOf(NEXT_SATURDAY, items()),
      items: items(),
      service: "Eyebrow Wax",
      name: "Real Guest",
      email: "guest@example.com",
      periods: [],
      createdAt: now,
      confirmedAt: now,
    });
    const before = await changedDays(database.db, Number.MAX_SAFE_INTEGER);
    await cancel(booked);
    // A sweep of the soonest 200 lines alone (the worker before) never reaches her line...
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(0);
    // ...the round after the change looks at the changed day's lines first.
    const changed = await changedDays(database.db, before.version);
    expect(changed.days).toContain(NEXT_SATURDAY);
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE, changed: changed.days })).toBe(
      1,
    );
    expect(await mailTo("guest@example.com")).toEqual([
      expect.stringMatching(/^A time has opened at 2 x 10 Nails & Spa: Saturday, May 9 2026/),
    ]);
  });

  it("after a change of every day's availability (a closed day, a service), looks at every line", async () => {
    const before = await changedDays(database.db, Number.MAX_SAFE_INTEGER);
    await database.db.insert(closedDays).values({ date: NEXT_SATURDAY, technician: "Nina" });
    expect((await changedDays(database.db, before.version)).days).toBe("every");
  });
});
