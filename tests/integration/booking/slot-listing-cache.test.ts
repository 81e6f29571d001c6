// The slot listing keeps what it read per day while the day's availability version stands
// (app/services/booking/slot-listing-cache.server.ts, drizzle/0006). Every change here is written with plain
// SQL, as another process or a staff tool might, never through our booking code: the listing
// must see each one at once, and still drop the times that have passed.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import {
  type AppointmentTypeView,
  listAppointmentTypes,
} from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Friday, May 1 2026, 10:00 AM in Chicago (CDT, UTC-5). */
const now = new Date("2026-05-01T15:00:00.000Z");
/** The next day: Saturday, open 10:00-19:00. */
const SATURDAY = "2026-05-02";

async function eyebrowWax(): Promise<AppointmentTypeView> {
  await seedCatalogueOnce(database.db);
  const type = (await listAppointmentTypes(database.db)).find((t) => t.type === "Eyebrow Wax");
  if (!type) throw new Error("The seed has no Eyebrow Wax");
  return type; // Nina only, 15 minutes, Monday to Saturday 10:00 AM to 6:00 PM
}

async function times(type: AppointmentTypeView, at: Date = now): Promise<string[]> {
  const result = await listVisitTimes(
    database.db,
    { dateIso: SATURDAY, items: oneService(type.id) },
    { now: at },
  );
  if (!result.ok) throw new Error(result.error);
  return result.slots.map((slot) => slot.label);
}

async function insertAppointment(type: AppointmentTypeView, startsAt: string, endsAt: string) {
  await database.db.execute(sql`
    insert into appointments (name, email, type_id, type_name, category, technician, starts_at, ends_at, price_cents, channel)
    values ('Ana Ruiz', 'ana@example.com', ${type.id}, ${type.type}, ${type.category}, 'Nina',
      ${startsAt}::timestamptz, ${endsAt}::timestamptz, ${type.priceCents}, 'staff')`);
}

describe("the slot listing cache", () => {
  it("sees a booking, a cancellation and a move made outside the booking code at once", async () => {
    const type = await eyebrowWax();
    expect(await times(type)).toContain("10:00 AM");
    expect(await times(type)).toContain("10:00 AM"); // kept

    await insertAppointment(type, "2026-05-02T15:00:00Z", "2026-05-02T15:15:00Z");
    expect(await times(type)).not.toContain("10:00 AM");

    await database.db.execute(sql`update appointments set status = 'cancelled'`);
    expect(await times(type)).toContain("10:00 AM");

    await database.db.execute(sql`
      update appointments set status = 'booked',
        starts_at = '2026-05-02T16:00:00Z', ends_at = '2026-05-02T16:15:00Z'`);
    const afterMove = await times(type);
    expect(afterMove).toContain("10:00 AM");
    expect(afterMove).not.toContain("11:00 AM");

    await database.db.execute(sql`delete from appointments`);
    expect(await times(type)).toContain("11:00 AM");
  });

  it("sees closed days and changes to the service at once", async () => {
    const type = await eyebrowWax();
    const open = await times(type);
    expect(open).toContain("5:45 PM"); // Waxing ends at 6:00 PM

    await database.db.execute(sql`insert into closed_days (date) values (${SATURDAY})`);
    expect(await times(type)).toEqual([]);
    await database.db.execute(sql`delete from closed_days`);
    expect(await times(type)).toEqual(open);

    await database.db.execute(
      sql`update appointment_types set duration_min = 60 where id = ${type.id}`,
    );
    const longer = await times(type);
    expect(longer).not.toContain("5:45 PM");
    expect(longer).toContain("5:00 PM");
  });

  it("keeps what it read, not the time it read it: passed times drop off", async () => {
    const type = await eyebrowWax();
    expect(await times(type)).toContain("10:00 AM");
    // Saturday at noon: nothing changed in the database, but 10:00 AM has passed.
    const noon = new Date("2026-05-02T17:00:00.000Z");
    const later = await times(type, noon);
    expect(later).not.toContain("10:00 AM");
    expect(later.length).toBeGreaterThan(0);
  });

  it("keeps listings of different days, services and technicians apart", async () => {
    const type = await eyebrowWax();
    await times(type);
    await insertAppointment(type, "2026-05-02T15:00:00Z", "2026-05-02T15:15:00Z");
    const nina = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id, "Nina") },
      { now },
    );
    expect(nina.ok && nina.slots.map((slot) => slot.label)).not.toContain("10:00 AM");
    const monday = await listVisitTimes(
      database.db,
      { dateIso: "2026-05-04", items: oneService(type.id) },
      { now },
    );
    expect(monday.ok && monday.slots.map((slot) => slot.label)).toContain("10:00 AM");
  });
});

describe("technician_busy_days (drizzle/0007), the listing's ready-made busy times", () => {
  /** Rows that differ between the table and a recount from the appointments (both ways). */
  async function differences(): Promise<unknown[]> {
    const recount = sql`
      select a.technician, d.day,
        array_agg(date_part('epoch', a.starts_at) order by a.starts_at, a.blocked_until) as starts,
        array_agg(date_part('epoch', a.blocked_until) order by a.starts_at, a.blocked_until) as ends
      from appointments as a
      cross join lateral unnest(appointment_days(a.starts_at, a.blocked_until)) as d(day)
      where a.status = 'booked'
        and tstzrange(a.starts_at, a.blocked_until, '[)') &&
          tstzrange(d.day::timestamp at time zone 'UTC', (d.day + 1)::timestamp at time zone 'UTC', '[)')
      group by a.technician, d.day`;
    const stored = sql`select technician, day, starts, ends from technician_busy_days`;
    const result = await database.db.execute(sql`
      (${recount} except ${stored}) union all (${stored} except ${recount})`);
    return (result as unknown as { rows: unknown[] }).rows;
  }

  async function insert(technician: string, startsAt: string, endsAt: string) {
    const type = await eyebrowWax();
    await database.db.execute(sql`
      insert into appointments (name, email, type_id, type_name, category, technician, starts_at, ends_at, price_cents, channel)
      values ('Ana Ruiz', 'ana@example.com', ${type.id}, ${type.type}, ${type.category}, ${technician},
        ${startsAt}::timestamptz, ${endsAt}::timestamptz, ${type.priceCents}, 'staff')`);
  }

  it("equals a recount from the appointments after every kind of change", async () => {
    const changes: [string, () => Promise<unknown>][] = [
      ["a booking", () => insert("Nina", "2026-05-02T15:00:00Z", "2026-05-02T15:15:00Z")],
      [
        "a second one that day",
        () => insert("Nina", "2026-05-02T14:00:00Z", "2026-05-02T14:30:00Z"),
      ],
      [
        "one across UTC midnight",
        () => insert("Nina", "2026-05-02T23:50:00Z", "2026-05-03T00:20:00Z"),
      ],
      [
        "one over several days",
        () => insert("Lily", "2026-05-04T10:00:00Z", "2026-05-06T12:00:00Z"),
      ],
      [
        "a move to another day",
        () =>
          database.db.execute(sql`update appointments
            set starts_at = '2026-05-09T15:00:00Z', ends_at = '2026-05-09T15:15:00Z'
            where starts_at = '2026-05-02T15:00:00Z'`),
      ],
      [
        "clean-up time after one, reaching past UTC midnight",
        () =>
          database.db.execute(
            sql`update appointments set buffer_min = 30 where starts_at = '2026-05-02T23:50:00Z'`,
          ),
      ],
      [
        "another technician",
        () =>
          database.db.execute(
            sql`update appointments set technician = 'Lily' where starts_at = '2026-05-02T14:00:00Z'`,
          ),
      ],
      [
        "a cancellation",
        () =>
          database.db.execute(
            sql`update appointments set status = 'cancelled' where technician = 'Lily' and starts_at < '2026-05-03'`,
          ),
      ],
      [
        "everything cancelled",
        () => database.db.execute(sql`update appointments set status = 'cancelled'`),
      ],
      ["booked again", () => database.db.execute(sql`update appointments set status = 'booked'`)],
      [
        "a delete",
        () => database.db.execute(sql`delete from appointments where technician = 'Nina'`),
      ],
      ["a truncate", () => database.db.execute(sql`truncate appointments cascade`)],
    ];
    for (const [name, change] of changes) {
      await change();
      expect(await differences(), `after ${name}`).toEqual([]);
    }
    const rows = await database.db.execute(
      sql`select count(*)::int as n from technician_busy_days`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
