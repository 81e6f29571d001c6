// The report's figures the database keeps per day, customer and visit (drizzle/0032's triggers)
// stay what a fresh count of the appointments gives after every kind of change the salon makes:
// moves, cancellations, marks, amounts corrected, a customer's details corrected, 'Forget
// Customer', pending bookings confirmed, deletions, the retention job. A fresh count is what reports.test.ts checks
// figure by figure against its own loops; here, the figures kept through the changes must equal
// it (report_rebuild(), the migration's own backfill), on PGlite and on PostgreSQL.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { zonedDateTime } from "~/domain/booking/time-zone";
import { namedPeriod, type ReportPeriod, readPeriod } from "~/domain/reports/period";
import {
  editAppointmentCustomer,
  markVisit,
} from "~/services/appointments/staff-appointments.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { recordPayment } from "~/services/appointments/visit-payment.server";
import { appointments, technicians } from "~/services/db/schema.server";
import { readReport } from "~/services/reports/report.server";
import { applyRetention, FORGOTTEN, forgetCustomer } from "~/services/staff/retention.server";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";
import { setUpTestDatabase } from "../../support/test-database-hook";

const ZONE = "America/Chicago";
const HOUR_MS = 3_600_000;
/** The report's "now": Friday 20 March 2026, noon in Chicago. */
const NOW = new Date("2026-03-20T17:00:00Z");
const TECHNICIANS = ["Ana", "Bea", "Cleo"];
const SLOTS = ["10:00", "11:30", "13:00", "14:30", "16:00"];

const database = setUpTestDatabase({ resetBeforeEach: false });
type Row = typeof appointments.$inferInsert & { id: string };

function generate(): Row[] {
  let state = 11;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const rows: Row[] = [];
  for (let day = 0; day < 70; day++) {
    const date = new Date(Date.UTC(2026, 1, 15 + day)).toISOString().slice(0, 10);
    for (const slot of SLOTS) {
      let visit: Row | undefined;
      for (const technician of TECHNICIANS) {
        if (next() > 0.4) continue;
        const customer = visit && next() < 0.4 ? null : 1 + Math.floor(next() * 12);
        const startsAt = zonedDateTime(date, slot, ZONE);
        const cancelled = next() < 0.12;
        const outcome = next();
        const completed = !cancelled && outcome < 0.6;
        const row: Row = {
          id: randomUUID(),
          name: "Customer",
          email:
            customer === null
              ? (visit?.email ?? null)
              : customer > 10
                ? null
                : `c${customer}@x.com`,
          phone: customer === null ? (visit?.phone ?? null) : `+1312555${1000 + customer}`,
          typeName: ["Gel Manicure", "Pedicure", "Nail Art"][Math.floor(next() * 3)] ?? "Pedicure",
          category: "Nails",
          technician,
          startsAt,
          endsAt: new Date(+startsAt + (30 + 15 * Math.floor(next() * 4)) * 60_000),
          createdAt: new Date(+startsAt - Math.floor(next() * 30 * 24) * HOUR_MS),
          visitId: customer === null && visit ? visit.visitId : randomUUID(),
          status: cancelled ? "cancelled" : "booked",
          cancelledAt: cancelled ? new Date(+startsAt - Math.floor(next() * 48) * HOUR_MS) : null,
          visitStatus: completed ? "completed" : !cancelled && outcome < 0.7 ? "no_show" : null,
          pendingUntil: !cancelled && next() < 0.05 ? new Date(+startsAt - HOUR_MS) : null,
          priceCents: 4000,
          chargedCents: completed && next() < 0.9 ? 4000 + Math.floor(next() * 1000) : null,
          tipCents: completed ? Math.floor(next() * 800) : null,
          channel: (["online", "staff", "waitlist"] as const)[Math.floor(next() * 3)] ?? "staff",
        };
        rows.push(row);
        visit ??= row;
      }
    }
  }
  return rows;
}

const rows = generate();

function custom(from: string, to: string): ReportPeriod {
  const read = readPeriod({ period: "custom", from, to }, "2026-06-01");
  if (!read.ok) throw new Error("unread period");
  return read.period;
}

const PERIODS = [
  custom("2026-02-15", "2026-04-30"),
  namedPeriod("last-month", "2026-04-10"),
  namedPeriod("this-week", "2026-03-09"),
  namedPeriod("this-week", "2026-03-20"),
];

async function reports() {
  return Promise.all(
    PERIODS.map((p) => readReport(database.db, p, { cutoffMs: 24 * HOUR_MS, now: NOW })),
  );
}

/** What the triggers kept equals a fresh count of every appointment. */
async function expectKeptAsCounted() {
  const kept = await reports();
  await database.db.execute(sql`select report_rebuild()`);
  expect(kept).toEqual(await reports());
  return kept;
}

/** Some of the generated rows, chosen by a test (the same ones every run). */
const some = (filter: (row: Row) => boolean, count: number) => rows.filter(filter).slice(0, count);

beforeAll(async () => {
  await database.reset();
  await database.db.insert(technicians).values(TECHNICIANS.map((name) => ({ name })));
  for (const row of rows) await database.db.insert(appointments).values(row);
}, OPEN_TIMEOUT_MS * 2);

describe("the report's kept figures (docs/product.md#reports)", { timeout: 60_000 }, () => {
  it("are a fresh count after the appointments were booked one by one", async () => {
    const [year] = await expectKeptAsCounted();
    expect(year?.current.customers.rebooked).toBeGreaterThan(0);
    expect(year?.current.customers.returned90).toBeGreaterThan(0);
    expect(year?.current.appointments.cancelledLate).toBeGreaterThan(0);
    expect(year?.current.revenue.upcomingCents).toBeGreaterThan(0);
  });

  it("follow moves: another day, another time, another technician, a whole visit", async () => {
    const [first, second, third] = some((r) => r.status === "booked", 3);
    const later = (row: Row | undefined, days: number) =>
      row && {
        startsAt: new Date(+row.startsAt + days * 24 * HOUR_MS),
        endsAt: new Date(+row.endsAt + days * 24 * HOUR_MS),
      };
    const { db } = database;
    if (!first || !second || !third) throw new Error("no rows");
    await db
      .update(appointments)
      .set({ ...later(first, 40), technician: "Zoe" })
      .where(eq(appointments.id, first.id));
    await db
      .update(appointments)
      .set(later(second, -0.25) ?? {})
      .where(eq(appointments.id, second.id));
    await db
      .update(appointments)
      .set({
        startsAt: sql`${appointments.startsAt} + interval '3 days'`,
        endsAt: sql`${appointments.endsAt} + interval '3 days'`,
      })
      .where(eq(appointments.visitId, third.visitId ?? ""));
    await expectKeptAsCounted();
  });

  it("follow cancellations, marks and amounts corrected", async () => {
    const { db } = database;
    const upcoming = some((r) => r.status === "booked" && +r.startsAt > +NOW && !r.pendingUntil, 3);
    for (const row of upcoming) {
      const result = await cancelAppointment(db, row.id, {
        now: new Date(+row.startsAt - 5 * HOUR_MS),
      });
      expect(result.ok).toBe(true);
    }
    const marked = some((r) => r.status === "booked" && r.visitStatus === null, 6);
    for (const [i, row] of marked.entries()) {
      expect(
        (await markVisit(db, row.id, ["completed", "no_show", "arrived"][i % 3], { now: NOW })).ok,
      ).toBe(true);
    }
    const done = some((r) => r.status === "booked" && r.visitStatus === "completed", 4);
    expect((await markVisit(db, done[0]?.id, "clear")).ok).toBe(true);
    for (const row of done.slice(1)) {
      const fields = { charged: "61.25", tip: "7" };
      expect((await recordPayment(db, row.id, fields, { mode: "correct" })).ok).toBe(true);
    }
    await expectKeptAsCounted();
  });

  it("follow a customer's details corrected, pending bookings confirmed, and 'Forget Customer'", async () => {
    const { db } = database;
    const [one] = some((r) => r.email === "c3@x.com", 1);
    const fields = { name: "Customer", email: "c4@x.com", phone: "" };
    expect((await editAppointmentCustomer(db, one?.id, fields)).ok).toBe(true);
    const pending = rows.filter((r) => r.pendingUntil).map((r) => r.id);
    await db
      .update(appointments)
      .set({ pendingUntil: null })
      .where(inArray(appointments.id, pending));
    // A customer with nothing upcoming is forgotten: her visits stay, as no customer's.
    await db
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: NOW })
      .where(sql`lower(email) = 'c5@x.com' and ends_at > now()`);
    expect((await forgetCustomer(db, "c5@x.com")).ok).toBe(true);
    await expectKeptAsCounted();
  });

  it("follow deletions, of one appointment and of a day", async () => {
    const { db } = database;
    const [one] = some((r) => r.status === "booked" && r.visitStatus === "completed", 1);
    await db.delete(appointments).where(eq(appointments.id, one?.id ?? ""));
    await db
      .delete(appointments)
      .where(sql`(starts_at at time zone 'America/Chicago')::date = '2026-03-10'`);
    await expectKeptAsCounted();
  });

  it("leave forgotten customers out: 'Forget Customer' and the retention job leave no customer", async () => {
    const { db } = database;
    expect((await forgetCustomer(db, "c7@x.com")).ok).toBe(true);
    // Three years after 21 March 2026: the visits before it lose their customer's details.
    const retention = await applyRetention(db, new Date("2029-03-21T17:00:00Z"));
    expect(retention.appointments).toBeGreaterThan(0);
    const [year, , week] = await expectKeptAsCounted();
    // The week of 9 March is all forgotten: its appointments still count, as no customer's.
    expect(week?.current.appointments.booked).toBeGreaterThan(0);
    expect(week?.current.customers).toMatchObject({ total: 0, new: 0, returning: 0, completed: 0 });
    expect(year?.current.customers.total).toBeGreaterThan(0);
    const kept = await db.execute(sql`select
      (select count(*) from report_customers where k = ${FORGOTTEN.email})
      + (select count(*) from report_visits where k = ${FORGOTTEN.email}) as n`);
    expect(Number((kept as unknown as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(0);
  });
});
