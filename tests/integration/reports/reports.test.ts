// The owner's reports (docs/product.md#reports) against a generated year of a salon: technicians
// with their own hours, days off, special hours, closed days, visits of several services,
// cancellations inside and outside the cut-off, no-shows, pending bookings, new and returning
// customers (their emails written with other cases and spaces). Every figure is computed here again
// by plain loops over the generated rows, with the salon's clock read through Intl, never by the
// report's code, for periods across both daylight-saving changes.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { WeeklyHours } from "~/domain/booking/technician-hours";
import { zonedDateTime } from "~/domain/booking/time-zone";
import { CSV_CELLS } from "~/domain/reports/cell-writer";
import {
  type DateRange,
  namedPeriod,
  type ReportPeriod,
  readPeriod,
} from "~/domain/reports/period";
import type { ReportData } from "~/domain/reports/report-data";
import { reportTables } from "~/domain/reports/report-tables";
import {
  appointments,
  closedDays,
  pageViewDays,
  specialHours,
  technicians,
} from "~/services/db/schema.server";
import { readReport } from "~/services/reports/report.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";
import { setUpTestDatabase } from "../../support/test-database-hook";

const ZONE = "America/Chicago";
const CUTOFF_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;

const database = setUpTestDatabase({ resetBeforeEach: false });

interface Row {
  id: string;
  /** A caller booked by phone alone has none: she is her phone. */
  email: string | null;
  phone: string | null;
  technician: string;
  typeName: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  visitId: string;
  status: "booked" | "cancelled";
  cancelledAt: Date | null;
  visitStatus: "arrived" | "completed" | "no_show" | null;
  pendingUntil: Date | null;
  priceCents: number;
  chargedCents: number | null;
  tipCents: number | null;
  channel: "online" | "staff" | "waitlist";
}

const TEAM: { name: string; active: boolean; hours: WeeklyHours | null }[] = [
  {
    name: "Ana",
    active: true,
    hours: Object.fromEntries(
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => [
        day,
        [
          { start: "10:00", end: "13:00" },
          { start: "14:00", end: "18:00" },
        ],
      ]),
    ),
  },
  {
    name: "Bea",
    active: true,
    hours: {
      Tuesday: [{ start: "12:00", end: "20:00" }],
      Wednesday: [{ start: "12:00", end: "20:00" }],
      Thursday: [{ start: "12:00", end: "20:00" }],
      Friday: [{ start: "12:00", end: "20:00" }],
      Saturday: [{ start: "11:00", end: "19:00" }],
    },
  },
  { name: "Cleo", active: true, hours: null },
  // She left at the end of June: her appointments stay in their periods.
  { name: "Dee", active: false, hours: null },
];

const SALON_CLOSED = ["2026-03-10", "2026-11-26"];
const DAYS_OFF = [
  { technician: "Ana", date: "2026-03-04" },
  { technician: "Ana", date: "2026-11-03" },
  { technician: "Bea", date: "2026-10-30" },
  { technician: "Cleo", date: "2026-11-01" },
];
const SPECIAL = [
  { fromDate: "2026-11-05", toDate: "2026-11-05", closed: false, opens: "12:00", closes: "16:00" },
  { fromDate: "2026-03-12", toDate: "2026-03-13", closed: true, opens: null, closes: null },
  { fromDate: "2026-10-20", toDate: "2026-10-22", closed: false, opens: "11:00", closes: "15:00" },
  // Added later, so it decides the 21st (the one added last wins).
  { fromDate: "2026-10-21", toDate: "2026-10-21", closed: true, opens: null, closes: null },
];
const SERVICES = [
  { name: "Gel Manicure", minutes: 45, cents: 4500 },
  { name: "Pedicure", minutes: 60, cents: 5250 },
  { name: "Acrylic Full Set", minutes: 75, cents: 7000 },
  { name: "Nail Art", minutes: 30, cents: 1500 },
  { name: "Paraffin Treatment", minutes: 30, cents: 2000 },
];
/** The report's "now": what starts after it and is not marked yet is upcoming. */
const NOW = new Date("2026-11-04T18:00:00Z");
const SLOTS = ["10:00", "11:30", "13:00", "14:30", "16:00", "17:30", "19:00"];
const VIEWS: { day: string; pageName: string; views: number }[] = [];

/** A small seeded generator, so every run builds the same salon. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  while (day.toISOString().slice(0, 10) <= to) {
    dates.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return dates;
}

function generate(): Row[] {
  const next = random(30);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const rows: Row[] = [];
  const busy = new Set<string>();
  const customerEmail = (n: number) => {
    if (n > 84) return null;
    const base = `customer${n}@example.com`;
    // The same customer as the booking form or the front desk may write her.
    return pick([base, base.toUpperCase(), ` ${base}`, `Customer${n}@Example.com `]);
  };
  for (const date of datesFrom("2026-01-05", "2026-12-20")) {
    for (const slot of SLOTS) {
      let shared: Row | undefined;
      for (const technician of ["Ana", "Bea", "Cleo", "Dee"]) {
        if (technician === "Dee" && date > "2026-06-30") continue;
        if (next() > 0.32) continue;
        const service = pick(SERVICES);
        const startsAt = zonedDateTime(date, slot, ZONE);
        // A visit of several services: another technician at the same time, same customer.
        const together = shared && next() < 0.3 ? shared : undefined;
        let customer = together ? Number(together.id.split("#")[1]) : 0;
        if (!together) {
          do customer = 1 + Math.floor(next() * 90);
          while (busy.has(`${customer} ${date} ${slot}`));
        }
        busy.add(`${customer} ${date} ${slot}`);
        const cancelled = next() < 0.12;
        const outcome = next();
        const row: Row = {
          id: `${randomUUID()}#${customer}`,
          email: customerEmail(customer),
          phone: `+1312555${String(customer).padStart(4, "0")}`,
          technician,
          typeName: service.name,
          startsAt,
          endsAt: new Date(+startsAt + service.minutes * 60_000),
          createdAt: new Date(+startsAt - Math.floor(next() * 20 * 24) * HOUR_MS - 30 * 60_000),
          visitId: together?.visitId ?? randomUUID(),
          status: cancelled ? "cancelled" : "booked",
          cancelledAt: cancelled
            ? new Date(+startsAt - (1 + Math.floor(next() * 60)) * HOUR_MS)
            : null,
          visitStatus: cancelled
            ? null
            : outcome < 0.68
              ? "completed"
              : outcome < 0.76
                ? "no_show"
                : outcome < 0.8
                  ? "arrived"
                  : null,
          pendingUntil: !cancelled && next() < 0.02 ? new Date(+startsAt - HOUR_MS) : null,
          priceCents: service.cents,
          chargedCents: null,
          tipCents: null,
          channel:
            together?.channel ?? (next() < 0.55 ? "online" : next() < 0.8 ? "staff" : "waitlist"),
        };
        if (row.visitStatus === "completed") {
          // Charged as booked, or corrected (a discount, an extra); now and then not entered.
          const entered = next() < 0.95;
          row.chargedCents = entered ? service.cents + pick([0, 0, 0, -500, 1000, 250]) : null;
          row.tipCents = entered && next() < 0.7 ? Math.floor(next() * 2000) : null;
        }
        rows.push(row);
        shared ??= row;
      }
    }
    if (next() < 0.9)
      VIEWS.push({ day: date, pageName: "Schedule", views: 1 + Math.floor(next() * 40) });
    VIEWS.push({ day: date, pageName: "Home", views: 5 });
  }
  return rows;
}

const rows = generate();

beforeAll(async () => {
  await database.reset();
  const { db } = database;
  await db.insert(technicians).values(TEAM);
  await db
    .insert(closedDays)
    .values([...SALON_CLOSED.map((date) => ({ date, technician: null })), ...DAYS_OFF]);
  for (const [i, entry] of SPECIAL.entries()) {
    await db
      .insert(specialHours)
      .values({ ...entry, note: `Special ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
  }
  await db.insert(pageViewDays).values(VIEWS);
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(appointments).values(
      rows.slice(i, i + 500).map((row) => ({
        ...row,
        id: row.id.split("#")[0],
        name: "Customer",
        category: "Nails",
      })),
    );
  }
}, OPEN_TIMEOUT_MS * 2);

// ---- The salon's clock, read with Intl (not the app's time-zone code). ----

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  weekday: "short",
});

const walls = new Map<number, { date: string; minutes: number; weekday: number }>();

/** The salon's clock at an instant (kept: the loops below ask for the same ones often). */
function wall(instant: Date) {
  const known = walls.get(+instant);
  if (known) return known;
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  const read = {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(p.weekday ?? "") + 1,
  };
  walls.set(+instant, read);
  return read;
}

/** Who a customer is: her email (case and spaces aside), or "tel:" and her phone. */
const key = (r: Row) => (r.email ? r.email.trim().toLowerCase() : `tel:${r.phone}`);
const kept = (r: Row) => r.status === "booked" && r.pendingUntil === null;
const inRange = (r: Row, range: DateRange) => {
  const date = wall(r.startsAt).date;
  return range.from <= date && date <= range.to;
};

// ---- Each figure, again. ----

function expectedAppointments(range: DateRange) {
  const here = rows.filter((r) => inRange(r, range) && r.pendingUntil === null);
  const live = here.filter(kept);
  const cancelled = here.filter((r) => r.status === "cancelled");
  return {
    booked: live.length,
    completed: live.filter((r) => r.visitStatus === "completed").length,
    noShows: live.filter((r) => r.visitStatus === "no_show").length,
    cancelled: cancelled.length,
    cancelledLate: cancelled.filter((r) => +(r.cancelledAt ?? 0) > +r.startsAt - CUTOFF_MS).length,
  };
}

function expectedRevenue(range: DateRange) {
  const live = rows.filter((r) => inRange(r, range) && kept(r));
  const charged = live.filter((r) => r.visitStatus === "completed" && r.chargedCents !== null);
  const perDay = new Map<string, number>();
  for (const r of charged) {
    const date = wall(r.startsAt).date;
    perDay.set(date, (perDay.get(date) ?? 0) + (r.chargedCents ?? 0));
  }
  return {
    chargedCents: charged.reduce((sum, r) => sum + (r.chargedCents ?? 0), 0),
    tipsCents: live
      .filter((r) => r.visitStatus === "completed")
      .reduce((sum, r) => sum + (r.tipCents ?? 0), 0),
    charged: charged.length,
    upcomingCents: live
      .filter((r) => r.visitStatus === null && +r.startsAt >= +NOW)
      .reduce((sum, r) => sum + r.priceCents, 0),
    perDay: [...perDay]
      .map(([date, cents]) => ({ date, cents }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    // No protected visit in this salon: Stripe's money is payment-figures.test.ts's.
    depositCents: 0,
    noShowFeeCents: 0,
    lateFeeCents: 0,
    refundedCents: 0,
    disputeLostCents: 0,
  };
}

function expectedChannels(range: DateRange) {
  const live = rows.filter((r) => inRange(r, range) && kept(r));
  return {
    online: live.filter((r) => r.channel === "online").length,
    staff: live.filter((r) => r.channel === "staff").length,
    waitlist: live.filter((r) => r.channel === "waitlist").length,
  };
}

/** Visits booked online while the period ran (by when they were made, not when they are). */
function expectedOnlineBookings(range: DateRange) {
  const visits = new Set<string>();
  for (const r of rows) {
    const made = wall(r.createdAt).date;
    if (r.channel === "online" && r.pendingUntil === null && range.from <= made && made <= range.to)
      visits.add(r.visitId);
  }
  return visits.size;
}

function expectedCustomers(range: DateRange) {
  const live = rows.filter((r) => inRange(r, range) && kept(r));
  const customers = new Set(live.map((r) => key(r)));
  let fresh = 0;
  for (const customer of customers) {
    let first = Number.POSITIVE_INFINITY;
    for (const r of rows) if (kept(r) && key(r) === customer) first = Math.min(first, +r.startsAt);
    if (wall(new Date(first)).date >= range.from) fresh++;
  }
  const visits = new Map<string, { customer: string; start: number; end: number }>();
  for (const r of live) {
    if (r.visitStatus !== "completed") continue;
    const visit = visits.get(r.visitId) ?? {
      customer: key(r),
      start: +r.startsAt,
      end: +r.endsAt,
    };
    visit.start = Math.min(visit.start, +r.startsAt);
    visit.end = Math.max(visit.end, +r.endsAt);
    visits.set(r.visitId, visit);
  }
  let rebooked = 0;
  for (const [visitId, visit] of visits) {
    const again = rows.some(
      (b) =>
        kept(b) &&
        key(b) === visit.customer &&
        b.visitId !== visitId &&
        +b.startsAt > visit.start &&
        +b.createdAt <= visit.end + 24 * HOUR_MS,
    );
    if (again) rebooked++;
  }
  const firstDone = new Map<string, Row>();
  for (const r of live) {
    if (r.visitStatus !== "completed") continue;
    const known = firstDone.get(key(r));
    if (!known || +r.startsAt < +known.startsAt) firstDone.set(key(r), r);
  }
  let returned = 0;
  for (const [customer, first] of firstDone) {
    const back = rows.some(
      (b) =>
        kept(b) &&
        b.visitStatus === "completed" &&
        key(b) === customer &&
        b.visitId !== first.visitId &&
        +b.startsAt > +first.startsAt &&
        +b.startsAt <= +first.startsAt + 90 * 24 * HOUR_MS,
    );
    if (back) returned++;
  }
  return {
    total: customers.size,
    new: fresh,
    returning: customers.size - fresh,
    completed: visits.size,
    rebooked,
    returnBase: firstDone.size,
    returned90: returned,
  };
}

/** The salon's seeded week, as the owner keeps it (input data, read from the database). */
let salonWeek: WeeklyHours;
const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

function workingMinutes(name: string, range: DateRange): number {
  const member = TEAM.find((t) => t.name === name);
  let total = 0;
  for (const date of datesFrom(range.from, range.to)) {
    if (SALON_CLOSED.includes(date)) continue;
    if (DAYS_OFF.some((off) => off.technician === name && off.date === date)) continue;
    const weekday = WEEKDAY_NAMES[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] ?? "Monday";
    const special = SPECIAL.filter((s) => s.fromDate <= date && date <= s.toDate).at(-1);
    const open = special
      ? special.closed
        ? []
        : [{ start: special.opens ?? "", end: special.closes ?? "" }]
      : (salonWeek[weekday] ?? []);
    const own = member?.hours ? (member.hours[weekday] ?? []) : open;
    for (const a of own) {
      for (const b of open) {
        const start = Math.max(minutesOf(a.start), minutesOf(b.start));
        const end = Math.min(minutesOf(a.end), minutesOf(b.end));
        total += Math.max(0, end - start);
      }
    }
  }
  return total;
}

function expectedTechnicians(range: DateRange, other: DateRange) {
  const live = rows.filter((r) => inRange(r, range) && kept(r));
  const names = new Set([
    ...TEAM.filter((t) => t.active).map((t) => t.name),
    ...rows
      .filter((r) => kept(r) && (inRange(r, range) || inRange(r, other)))
      .map((r) => r.technician),
  ]);
  return [...names].sort().map((name) => {
    const hers = live.filter((r) => r.technician === name);
    const charged = hers.filter((r) => r.visitStatus === "completed" && r.chargedCents !== null);
    return {
      name,
      appointments: hers.length,
      completed: hers.filter((r) => r.visitStatus === "completed").length,
      noShows: hers.filter((r) => r.visitStatus === "no_show").length,
      bookedMinutes: hers.reduce((sum, r) => sum + (+r.endsAt - +r.startsAt) / 60_000, 0),
      workingMinutes: workingMinutes(name, range),
      chargedCents: charged.reduce((sum, r) => sum + (r.chargedCents ?? 0), 0),
      charged: charged.length,
    };
  });
}

function expectedServices(range: DateRange) {
  const services = new Map<string, { name: string; count: number; cents: number }>();
  for (const r of rows) {
    if (!inRange(r, range) || !kept(r)) continue;
    const service = services.get(r.typeName) ?? { name: r.typeName, count: 0, cents: 0 };
    service.count++;
    if (r.visitStatus === "completed") service.cents += r.chargedCents ?? 0;
    services.set(r.typeName, service);
  }
  return [...services.values()].sort(byName);
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

function expectedHeat(range: DateRange) {
  const cells = new Map<string, number>();
  for (const r of rows) {
    if (!inRange(r, range) || !kept(r)) continue;
    const start = wall(r.startsAt);
    const end = start.minutes + (+r.endsAt - +r.startsAt) / 60_000;
    for (let hour = Math.floor(start.minutes / 60); hour * 60 < end; hour++) {
      const minutes = Math.min(end, hour * 60 + 60) - Math.max(start.minutes, hour * 60);
      const cell = `${start.weekday} ${hour}`;
      cells.set(cell, (cells.get(cell) ?? 0) + minutes);
    }
  }
  return [...cells]
    .map(([cell, minutes]) => {
      const [weekday, hour] = cell.split(" ").map(Number);
      return { weekday: weekday ?? 0, hour: hour ?? 0, minutes };
    })
    .sort(byCell);
}

const byCell = (a: { weekday: number; hour: number }, b: { weekday: number; hour: number }) =>
  a.weekday - b.weekday || a.hour - b.hour;

function expectedViews(range: DateRange) {
  return VIEWS.filter(
    (v) => v.pageName === "Schedule" && range.from <= v.day && v.day <= range.to,
  ).reduce((sum, v) => sum + v.views, 0);
}

async function checkPeriod(period: ReportPeriod): Promise<ReportData> {
  const report = await readReport(database.db, period, { cutoffMs: CUTOFF_MS, now: NOW });
  for (const [figures, range, other] of [
    [report.current, period, period.previous],
    [report.previous, period.previous, period],
  ] as const) {
    expect(figures.revenue).toEqual(expectedRevenue(range));
    expect(figures.channels).toEqual(expectedChannels(range));
    expect(figures.appointments).toEqual(expectedAppointments(range));
    expect(figures.customers).toEqual(expectedCustomers(range));
    expect(figures.technicians).toEqual(expectedTechnicians(range, other));
    expect([...figures.services].sort(byName)).toEqual(expectedServices(range));
    expect([...figures.heat].sort(byCell)).toEqual(expectedHeat(range));
    expect(figures.website).toEqual({
      scheduleViews: expectedViews(range),
      onlineBookings: expectedOnlineBookings(range),
    });
  }
  return report;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dollars = (cents: number) => usd.format(cents / 100);

const percent = (part: number, whole: number) =>
  whole === 0 ? "n/a" : `${((part / whole) * 100).toFixed(1)}%`;

describe("the report's figures (docs/product.md#reports)", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    salonWeek = (await readSalonFacts(database.db)).details.hours;
  });

  it("has a data set worth checking", () => {
    const a = expectedAppointments({ from: "2026-01-01", to: "2026-12-31" });
    expect(a.booked).toBeGreaterThan(1500);
    expect(a.cancelledLate).toBeGreaterThan(20);
    expect(a.cancelled - a.cancelledLate).toBeGreaterThan(20);
    expect(a.noShows).toBeGreaterThan(50);
    expect(rows.some((r) => r.pendingUntil !== null)).toBe(true);
    expect(expectedRevenue({ from: "2026-01-01", to: "2026-12-31" }).tipsCents).toBeGreaterThan(0);
    expect(Object.values(expectedChannels({ from: "2026-01-01", to: "2026-12-31" }))).not.toContain(
      0,
    );
    expect(new Set(rows.map((r) => r.visitId)).size).toBeLessThan(rows.length);
    expect(rows.filter((r) => r.email === null).length).toBeGreaterThan(50);
  });

  it("counts a week across the autumn change (1 November) and the week before", async () => {
    const period = namedPeriod("this-week", "2026-10-28");
    expect(period).toMatchObject({ from: "2026-10-26", to: "2026-11-01" });
    await checkPeriod(period);
  });

  it("counts two weeks across the spring change (8 March), with closed and special days", async () => {
    const read = readPeriod(
      { period: "custom", from: "2026-03-02", to: "2026-03-15" },
      "2026-11-20",
    );
    if (!read.ok) throw new Error("unread");
    expect(read.period.previous).toEqual({ from: "2026-02-16", to: "2026-03-01" });
    await checkPeriod(read.period);
  });

  it("counts a month beside the 31 days before it, and a year", async () => {
    const october = namedPeriod("last-month", "2026-11-15");
    expect(october.previous).toEqual({ from: "2026-08-31", to: "2026-09-30" });
    await checkPeriod(october);
    const read = readPeriod(
      { period: "custom", from: "2026-07-01", to: "2026-12-20" },
      "2026-12-21",
    );
    if (!read.ok) throw new Error("unread");
    await checkPeriod(read.period);
  });

  it("writes the rates, the change and the tables as their CSV", async () => {
    const period = namedPeriod("this-month", "2026-11-10");
    const report = await checkPeriod(period);
    const tables = reportTables(report);
    const now = expectedAppointments(period);
    const before = expectedAppointments(period.previous);
    const row = (label: string) => tables.appointments.rows.find((r) => r[0] === label);
    expect(row("No-show rate")?.slice(1, 3)).toEqual([
      percent(now.noShows, now.booked),
      percent(before.noShows, before.booked),
    ]);
    expect(row("Cancellation rate")?.slice(1, 3)).toEqual([
      percent(now.cancelled, now.booked + now.cancelled),
      percent(before.cancelled, before.booked + before.cancelled),
    ]);
    const delta = now.booked - before.booked;
    expect(row("Booked")?.[3]).toMatch(
      new RegExp(`^${delta > 0 ? "\\+" : delta < 0 ? "-" : ""}${Math.abs(delta)}`),
    );
    const customers = expectedCustomers(period);
    const customerRow = (label: string) => tables.clients.rows.find((r) => r[0] === label)?.[1];
    expect(customerRow("Rebooking rate")).toBe(percent(customers.rebooked, customers.completed));
    expect(customerRow("90-day return rate")).toBe(
      percent(customers.returned90, customers.returnBase),
    );
    const ana = tables.technicians.rows.find((r) => r[0] === "Ana" && r[1] === "This period");
    const anaNow = expectedTechnicians(period, period.previous).find((t) => t.name === "Ana");
    expect(ana?.[2]).toBe(percent(anaNow?.bookedMinutes ?? 0, anaNow?.workingMinutes ?? 0));

    const revenue = expectedRevenue(period);
    const revenueRow = (label: string) => tables.revenue.rows.find((r) => r[0] === label)?.[1];
    expect(revenueRow("Charged")).toBe(dollars(revenue.chargedCents));
    expect(revenueRow("Tips")).toBe(dollars(revenue.tipsCents));
    expect(revenueRow("Average ticket")).toBe(
      dollars(Math.round(revenue.chargedCents / revenue.charged)),
    );
    expect(revenueRow("Booked value of upcoming visits")).toBe(dollars(revenue.upcomingCents));
    expect(revenue.upcomingCents).toBeGreaterThan(0);
    const days = tables["revenue-per-day"].rows;
    expect(days).toHaveLength(30);
    expect(days.map((d) => d[1])).toEqual(
      days.map((d) => dollars(revenue.perDay.find((p) => p.date === d[0])?.cents ?? 0)),
    );
    expect(tables["services-by-revenue"].rows.map((r) => [r[1], r[2]])).toEqual(
      expectedServices(period)
        .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name))
        .map((x) => [x.name, dollars(x.cents)]),
    );
    const website = (label: string) => tables.website.rows.find((r) => r[0] === label)?.[1];
    expect(website("Online bookings per view of /schedule")).toBe(
      percent(expectedOnlineBookings(period), expectedViews(period)),
    );
    expect(ana?.[5]).toBe(dollars(anaNow?.chargedCents ?? 0));
    expect(ana?.[8]).toBe(
      dollars(Math.round((anaNow?.chargedCents ?? 0) / (anaNow?.charged ?? 1))),
    );

    // The CSV's rows are the page's, its figures the same numbers (docs/product.md#reports).
    const csv = reportTables(report, CSV_CELLS);
    const anaCsv = csv.technicians.rows.find((r) => r[0] === "Ana" && r[1] === "This period");
    expect(csv.technicians.rows.map((r) => r.slice(0, 2))).toEqual(
      tables.technicians.rows.map((r) => r.slice(0, 2)),
    );
    expect(Number(anaCsv?.[5])).toBe((anaNow?.chargedCents ?? 0) / 100);
    const csvRevenue = (label: string) => csv.revenue.rows.find((r) => r[0] === label)?.[1];
    expect(Number(csvRevenue("Charged (USD)"))).toBe(revenue.chargedCents / 100);
    expect(csv["revenue-per-day"].rows.map((d) => Math.round(Number(d[1]) * 100))).toEqual(
      days.map((d) => revenue.perDay.find((p) => p.date === d[0])?.cents ?? 0),
    );
  });
});
