// Abuse of holds (issue 31, docs/security.md#holds): one client (an IPv4 address or IPv6 /64)
// holds at most two times, two technician-hours in all, whatever its cookies; holding a time
// again, with any cookie, released or not (issue 36), never pushes its end on; the staff are never
// kept from a held time.
import { beforeEach, describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { listStaffTimes } from "~/services/appointments/staff-times.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { placeHold, releaseHold } from "~/services/booking/holds.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { bookingPolicy } from "~/services/platform/env.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await seedCatalogueOnce(database.db);
});

/** Friday, May 1 2026, 10:00 AM in Chicago; the times are on Saturday. */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
/** Saturday at `hour`:00 in Chicago (UTC-5 in May). */
const at = (hour: number) => new Date(Date.UTC(2026, 4, 2, hour + 5));
const cookie = (n: number) => String(n).padStart(64, "0");
const CLIENT = "198.51.100.7";

const one = (type: AppointmentTypeView, technician = "any") => [
  { typeId: type.id, technician, addOnIds: [] },
];

function hold(
  holder: string,
  items: { typeId: string; technician: string; addOnIds: string[] }[],
  startsAt: Date,
  options: { client?: string; now?: Date } = {},
) {
  return placeHold(
    database.db,
    holder,
    { dateIso: SATURDAY, startsAt, items },
    { now, client: CLIENT, ...options },
  );
}

describe("what one client may hold", () => {
  it("is two times, whatever its cookies; another client is not affected", async () => {
    const wax = one(await typeNamed(database.db, "Eyebrow Wax"));
    expect((await hold(cookie(1), wax, at(10))).ok).toBe(true);
    expect((await hold(cookie(2), wax, at(11))).ok).toBe(true);
    expect(await hold(cookie(3), wax, at(12))).toEqual({ ok: false, why: "too-many" });
    expect((await hold(cookie(4), wax, at(12), { client: "198.51.100.8" })).ok).toBe(true);
    // A cookie's new choice replaces its old one: still two.
    expect((await hold(cookie(1), wax, at(13))).ok).toBe(true);
  });

  it("is two technician-hours in all; a longer visit is not held", async () => {
    const acrylic = one(await typeNamed(database.db, "Acrylic Full Set with Gel Polish")); // 90 minutes
    const gel = one(await typeNamed(database.db, "Gel Manicure")); // 45 minutes
    expect((await hold(cookie(1), acrylic, at(10))).ok).toBe(true);
    expect(await hold(cookie(2), gel, at(14))).toEqual({ ok: false, why: "too-many" });
    const visit = [
      {
        typeId: (await typeNamed(database.db, "Pink & White Full Set")).id,
        technician: "any",
        addOnIds: [],
      },
      {
        typeId: (await typeNamed(database.db, "Gel Pedicure")).id,
        technician: "any",
        addOnIds: [],
      },
    ];
    expect(await hold(cookie(3), visit, at(15), { client: "198.51.100.9" })).toEqual({
      ok: false,
      why: "too-long",
    });
  });

  it("never lasts past HOLD_SECONDS from when it was first held, however often it is posted", async () => {
    const wax = one(await typeNamed(database.db, "Eyebrow Wax"));
    const first = await hold(cookie(1), wax, at(10));
    const holdMs = bookingPolicy().holdMs;
    expect(first).toEqual({ ok: true, expiresAt: new Date(now.getTime() + holdMs) });
    const again = await hold(cookie(1), wax, at(10), { now: new Date(now.getTime() + holdMs / 2) });
    expect(again).toEqual({ ok: true, expiresAt: new Date(now.getTime() + holdMs) });
  });
});

describe("holding a time again (issue 36)", () => {
  const holdMs = () => bookingPolicy().holdMs;
  const later = (ms: number) => new Date(now.getTime() + ms);

  it("released and held with a new cookie, then a third, from the same client keeps the first end", async () => {
    const wax = one(await typeNamed(database.db, "Eyebrow Wax"));
    const first = await hold(cookie(1), wax, at(10));
    const end = later(holdMs());
    expect(first).toEqual({ ok: true, expiresAt: end });
    await releaseHold(database.db, cookie(1));
    expect(await hold(cookie(2), wax, at(10), { now: later(holdMs() / 3) })).toEqual({
      ok: true,
      expiresAt: end,
    });
    await releaseHold(database.db, cookie(2));
    expect(await hold(cookie(3), wax, at(10), { now: later((2 * holdMs()) / 3) })).toEqual({
      ok: true,
      expiresAt: end,
    });
    // Past the first end it is not held again (before the fix: still held 98 s after a 90 s hold).
    await releaseHold(database.db, cookie(3));
    const late = later(holdMs() + 8_000);
    expect(await hold(cookie(4), wax, at(10), { now: late })).toEqual({
      ok: false,
      why: "held-before",
    });
    const listed = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(wax[0]?.typeId ?? "") },
      { now: late, holder: cookie(9) },
    );
    expect(listed.ok && listed.slots.map((slot) => slot.label)).toContain("10:00 AM");
  });

  it("without a release: another cookie finds it taken, and once lapsed it is not held again", async () => {
    const wax = one(await typeNamed(database.db, "Eyebrow Wax"));
    const end = later(holdMs());
    expect(await hold(cookie(1), wax, at(10))).toEqual({ ok: true, expiresAt: end });
    expect(await hold(cookie(1), wax, at(10), { now: later(1_000) })).toEqual({
      ok: true,
      expiresAt: end,
    });
    expect(await hold(cookie(2), wax, at(10), { now: later(2_000) })).toEqual({
      ok: false,
      why: "taken",
    });
    const lapsed = { now: later(holdMs() + 1_000) };
    expect(await hold(cookie(3), wax, at(10), lapsed)).toEqual({ ok: false, why: "held-before" });
    expect(await hold(cookie(1), wax, at(10), lapsed)).toEqual({ ok: false, why: "held-before" });
    // The same cookie from another address is remembered too.
    const elsewhere = { ...lapsed, client: "203.0.113.99" };
    expect(await hold(cookie(1), wax, at(10), elsewhere)).toEqual({
      ok: false,
      why: "held-before",
    });
  });

  it("is remembered for HOLD_SECONDS after the first hold ends, then held afresh", async () => {
    const wax = one(await typeNamed(database.db, "Eyebrow Wax"));
    expect((await hold(cookie(1), wax, at(10))).ok).toBe(true);
    const remembered = later(2 * holdMs() - 1_000);
    expect(await hold(cookie(2), wax, at(10), { now: remembered })).toEqual({
      ok: false,
      why: "held-before",
    });
    const forgotten = later(2 * holdMs());
    expect(await hold(cookie(3), wax, at(10), { now: forgotten })).toEqual({
      ok: true,
      expiresAt: new Date(forgotten.getTime() + holdMs()),
    });
  });

  it("shifting the time by a quarter hour on the same technician keeps the first end", async () => {
    const gel = one(await typeNamed(database.db, "Gel Manicure"), "Mara"); // 45 minutes
    const end = later(holdMs());
    expect(await hold(cookie(1), gel, at(10))).toEqual({ ok: true, expiresAt: end });
    await releaseHold(database.db, cookie(1));
    const quarterPast = new Date(at(10).getTime() + 15 * 60_000);
    expect(await hold(cookie(2), gel, quarterPast, { now: later(1_000) })).toEqual({
      ok: true,
      expiresAt: end,
    });
  });

  it("of a visit keeps the first end too; another client gets its own full hold", async () => {
    const visit = [
      {
        typeId: (await typeNamed(database.db, "Gel Manicure")).id,
        technician: "Mara",
        addOnIds: [],
      },
      {
        typeId: (await typeNamed(database.db, "Eyebrow Wax")).id,
        technician: "Nina",
        addOnIds: [],
      },
    ];
    const end = later(holdMs());
    expect(await hold(cookie(1), visit, at(10))).toEqual({ ok: true, expiresAt: end });
    await releaseHold(database.db, cookie(1));
    expect(await hold(cookie(2), visit, at(10), { now: later(holdMs() / 2) })).toEqual({
      ok: true,
      expiresAt: end,
    });
    const lapsed = later(holdMs() + 1_000);
    expect(await hold(cookie(3), visit, at(10), { now: lapsed })).toEqual({
      ok: false,
      why: "held-before",
    });
    expect(await hold(cookie(4), visit, at(10), { now: lapsed, client: "2001:db8:36::1" })).toEqual(
      { ok: true, expiresAt: new Date(lapsed.getTime() + holdMs()) },
    );
  });
});

describe("the staff and a held time", () => {
  it("see it offered and book it by phone; online it is neither offered nor bookable", async () => {
    const wax = await typeNamed(database.db, "Eyebrow Wax");
    expect((await hold(cookie(1), one(wax), at(10))).ok).toBe(true);
    const online = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(wax.id) },
      { now },
    );
    expect(online.ok && online.slots.map((slot) => slot.label)).not.toContain("10:00 AM");
    const staff = await listStaffTimes(
      database.db,
      { date: SATURDAY, items: oneService(wax.id), moving: undefined },
      { now },
    );
    expect(staff.ok && staff.slots.map((slot) => slot.label)).toContain("10:00 AM");
    const input = {
      dateIso: SATURDAY,
      typeId: wax.id,
      startsAt: at(10).toISOString(),
      name: "Phone Guest",
      email: "phone@example.com",
    };
    const byVisitor = await bookAppointment(database.db, input, { now });
    expect(byVisitor).toMatchObject({ ok: false, reason: "taken" });
    const byStaff = await bookAppointment(database.db, input, { now, ignoreHolds: true });
    expect(byStaff.ok).toBe(true);
  });
});
