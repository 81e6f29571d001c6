// One period's figures (docs/product.md#reports) from what the database keeps per salon date,
// month, customer and visit (app/services/db/report-schema.server.ts, kept by drizzle/0032's
// triggers in each change's transaction): a few thousand rows for a year, not every appointment.
// Only what depends on "now" reads appointments, those of now's salon date alone. Several short
// read-only statements, one after another: on PGlite (one connection, statements in turn) a
// booking waits for one of them at most, never for the whole report.
import { type SQL, sql } from "drizzle-orm";
import { SALON_TIME_ZONE, salonDateOf } from "../../domain/booking/time-zone";
import { type DateRange, rangeInstants, wholeMonths } from "../../domain/reports/period";
import type { PeriodFigures } from "../../domain/reports/report-data";
import type { Database } from "../db/client.server";
import { type PaymentSums, paymentsSql } from "./payment-figures.server";

const zone = SALON_TIME_ZONE;

type Value = number | string;

async function rowsOf<T>(db: Database, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

interface TechnicianSums {
  name: string;
  booked: Value;
  completed: Value;
  noShows: Value;
  cancelled: Value;
  charged: Value;
  chargedCents: Value;
  tipsCents: Value;
  bookedMinutes: Value;
}

/** Each technician's counts: the period's whole months by month, its other dates by day. */
function techniciansSql(range: DateRange): SQL {
  const months = wholeMonths(range);
  const rows = months
    ? sql`select * from report_months where day between ${months.from}::date and ${months.to}::date
        union all select * from report_days where day between ${range.from}::date and ${range.to}::date
          and (day < ${months.from}::date or day > ${months.last}::date)`
    : sql`select * from report_days where day between ${range.from}::date and ${range.to}::date`;
  return sql`select technician as name, sum(booked) as booked, sum(completed) as completed,
      sum(no_shows) as "noShows", sum(cancelled) as cancelled, sum(charged) as charged,
      sum(charged_cents) as "chargedCents", sum(tip_cents) as "tipsCents",
      round(sum(booked_seconds) / 60) as "bookedMinutes"
    from (${rows}) r group by technician order by technician`;
}

interface CountRow {
  kind: string;
  name: string;
  count: Value;
  cents: Value;
}

// Upcoming: the booked price not marked yet, on the dates after now's (now's own date below).
function countsSql(range: DateRange, today: string): SQL {
  return sql`select kind, name, sum(count) as count, sum(cents) as cents
    from report_day_counts where day between ${range.from}::date and ${range.to}::date
      and kind <> 'charged' and (kind <> 'unmarked' or day > ${today}::date)
    group by kind, name having sum(count) <> 0 order by kind, name`;
}

function perDaySql(range: DateRange): SQL {
  return sql`select to_char(day, 'YYYY-MM-DD') as date, sum(cents)::int as cents
    from report_day_counts where kind = 'charged' and name = ''
      and day between ${range.from}::date and ${range.to}::date
    group by day having sum(count) > 0 order by day`;
}

function heatSql(range: DateRange): SQL {
  return sql`select extract(isodow from day)::int as weekday, hour,
      round(sum(seconds) / 60)::int as minutes
    from report_hours where day between ${range.from}::date and ${range.to}::date
    group by 1, 2 having sum(appointments) > 0 order by 1, 2`;
}

// A customer is counted on the first salon date of the period she completed an appointment on:
// back_days holds the dates whose first completed appointment was followed within 90 days.
function customersSql(range: DateRange, start: Date): SQL {
  return sql`select count(*) filter (where kept_days && span) as total,
      count(*) filter (where kept_days && span and first_kept >= ${start.toISOString()}::timestamptz) as new,
      count(*) filter (where done_days && span) as "returnBase",
      count(*) filter (where done_days && span and back_days @> lower(done_days * span)) as "returned90"
    from report_customers, (select datemultirange(daterange(${range.from}::date, ${range.to}::date,
      '[]')) as span) p`;
}

interface RestRow {
  cancelledLate: Value;
  upcomingToday: Value;
  onlineEarlier: Value;
  scheduleViews: Value;
}

function restSql(range: DateRange, cutoffMs: number, now: Date, today: string): SQL {
  const { start, end } = rangeInstants(range, zone);
  const todayEnd = rangeInstants({ from: today, to: today }, zone).end;
  const from = sql`${range.from}::date`;
  const to = sql`${range.to}::date`;
  return sql`select
    (select coalesce(sum(count), 0) from report_cancellations
      where day between ${from} and ${to} and lead_ms < ${cutoffMs}) as "cancelledLate",
    (select coalesce(sum(price_cents), 0) from appointments
      where starts_at >= greatest(${now.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)
        and starts_at < least(${end.toISOString()}::timestamptz, ${todayEnd.toISOString()}::timestamptz)
        and status = 'booked' and pending_until is null and visit_status is null) as "upcomingToday",
    -- Visits booked online on dates in the period whose first online booking was before it.
    (select count(*) from report_visits where online_later is not null and online_day < ${from}
      and online_later && datemultirange(daterange(${from}, ${to}, '[]'))) as "onlineEarlier",
    (select coalesce(sum(views), 0) from page_view_days
      where page_name = 'Schedule' and day between ${from} and ${to}) as "scheduleViews"`;
}

export type TechnicianRow = Omit<PeriodFigures["technicians"][number], "workingMinutes">;

export async function readPeriodFigures(
  db: Database,
  range: DateRange,
  { cutoffMs, now }: { cutoffMs: number; now: Date },
): Promise<Omit<PeriodFigures, "technicians"> & { technicians: TechnicianRow[] }> {
  const today = salonDateOf(now, zone);
  const { start } = rangeInstants(range, zone);
  // One after another, on purpose (see the top of this file).
  const technicians = await rowsOf<TechnicianSums>(db, techniciansSql(range));
  const counts = await rowsOf<CountRow>(db, countsSql(range, today));
  const perDay = await rowsOf<{ date: string; cents: number }>(db, perDaySql(range));
  const heat = await rowsOf<PeriodFigures["heat"][number]>(db, heatSql(range));
  const [customers] = await rowsOf<Record<string, Value>>(db, customersSql(range, start));
  const [rest] = await rowsOf<RestRow>(db, restSql(range, cutoffMs, now, today));
  const [payments] = await rowsOf<PaymentSums>(db, paymentsSql(range));
  if (!customers || !rest || !payments) throw new Error("The report's query returned no row.");
  return toFigures({ technicians, counts, perDay, heat, customers, rest, payments });
}

/** Sums are numerics and bigints, which the drivers hand over as text: read each as a number. */
function toFigures(raw: {
  technicians: TechnicianSums[];
  counts: CountRow[];
  perDay: PeriodFigures["revenue"]["perDay"];
  heat: PeriodFigures["heat"];
  customers: Record<string, Value>;
  rest: RestRow;
  payments: PaymentSums;
}) {
  const n = (value: Value | undefined) => Number(value ?? 0);
  const { customers: c, rest, payments: p } = raw;
  const total = (key: Exclude<keyof TechnicianSums, "name">) =>
    raw.technicians.reduce((sum, row) => sum + n(row[key]), 0);
  const of = (kind: string) => raw.counts.filter((row) => row.kind === kind);
  const count = (kind: string, name = "") => n(of(kind).find((row) => row.name === name)?.count);
  return {
    revenue: {
      chargedCents: total("chargedCents"),
      tipsCents: total("tipsCents"),
      charged: total("charged"),
      upcomingCents: n(of("unmarked")[0]?.cents) + n(rest.upcomingToday),
      perDay: raw.perDay,
      depositCents: n(p.depositCents),
      noShowFeeCents: n(p.noShowFeeCents),
      lateFeeCents: n(p.lateFeeCents),
      refundedCents: n(p.refundedCents),
      disputeLostCents: n(p.disputeLostCents),
    },
    appointments: {
      booked: total("booked"),
      completed: total("completed"),
      noShows: total("noShows"),
      cancelled: total("cancelled"),
      cancelledLate: n(rest.cancelledLate),
    },
    customers: {
      total: n(c.total),
      new: n(c.new),
      returning: n(c.total) - n(c.new),
      completed: count("done"),
      rebooked: count("rebooked"),
      returnBase: n(c.returnBase),
      returned90: n(c.returned90),
    },
    technicians: raw.technicians
      .filter((row) => n(row.booked) > 0)
      .map((row) => ({
        name: row.name,
        appointments: n(row.booked),
        completed: n(row.completed),
        noShows: n(row.noShows),
        bookedMinutes: n(row.bookedMinutes),
        chargedCents: n(row.chargedCents),
        charged: n(row.charged),
      })),
    services: of("service").map((row) => ({
      name: row.name,
      count: n(row.count),
      cents: n(row.cents),
    })),
    heat: raw.heat,
    channels: {
      online: count("channel", "online"),
      staff: count("channel", "staff"),
      waitlist: count("channel", "waitlist"),
    },
    website: {
      scheduleViews: n(rest.scheduleViews),
      onlineBookings: count("online") + n(rest.onlineEarlier),
    },
  };
}
