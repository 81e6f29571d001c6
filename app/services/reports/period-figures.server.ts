// One period's figures in one statement (docs/product.md#reports): plain aggregates over the
// appointments starting in the period (the starts_at index), the clients' other appointments by
// their key (drizzle/0031's index), the online bookings made in it, and the public pages'
// daily views. Read-only, so it
// holds no lock a booking waits for.
import { sql } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type DateRange, rangeInstants } from "../../domain/reports/period";
import type { PeriodFigures } from "../../domain/reports/report-data";
import type { Database } from "../db/client.server";

const zone = SALON_TIME_ZONE;

/**
 * A client, as the customers page names one (app/domain/customer-key.ts): her email, case and
 * spaces aside, or "tel:" and her phone; the same expression as drizzle/0031's index.
 */
const key = (table: string) =>
  sql.raw(`coalesce(lower(trim(${table}.email)), 'tel:' || ${table}.phone)`);

/** An appointment that counts: not a pending online booking (kept for its confirmation only). */
const KEPT = sql.raw(`status = 'booked' and pending_until is null`);

const appointmentsSql = sql`(select json_build_object(
    'booked', count(*) filter (where status = 'booked'),
    'completed', count(*) filter (where status = 'booked' and visit_status = 'completed'),
    'noShows', count(*) filter (where status = 'booked' and visit_status = 'no_show'),
    'cancelled', count(*) filter (where status = 'cancelled'),
    'cancelledLate', count(*) filter (where status = 'cancelled' and cancelled_at > starts_at - cutoff)
  ) from period_rows)`;

// New: the first appointment she ever kept is in the period. Rebooked: a visit completed in the
// period whose client has a later appointment, of another visit, booked no later than 24 hours
// after it ended. Returned: a client's first completed appointment of the period followed, within
// 90 days of its start, by a completed appointment of another visit. Both read one pass over the
// clients' appointments from the period's start, in order (client_rows, later below), not one
// look-up per visit: what was booked after each start is the least created_at of the rows
// starting later, and it only grows with the start, so a visit's is the greatest over its rows
// (the value at its last start, every row after which is another visit's). Rows of another visit
// between a visit's first and last start (two visits of one client at once) are looked up.
const clientsSql = sql`(select json_build_object(
    'total', (select count(*) from firsts),
    'new', (select count(*) from firsts where first_ever >= period_start),
    'completed', (select count(*) from done_visits),
    'rebooked', (select count(*) from visit_after a
      where a.booked_after <= a.done_end + interval '24 hours'
        or (a.last_start > a.done_start and exists (
          select 1 from appointments b where ${key("b")} = a.k and b.visit_id <> a.visit_id
            and b.starts_at > a.done_start and b.starts_at <= a.last_start
            and b.created_at <= a.done_end + interval '24 hours' and b.${KEPT}))),
    'returnBase', (select count(*) from first_done),
    'returned90', (select count(distinct k) from later
      where period_done and starts_at = first_done_start and done90 > own90)
  ))`;

// The CTEs the clients' figures read (see clientsSql). No join between them: the planner's
// guesses about a CTE's rows cannot turn one into a loop over every pair.
const clientCtes = sql`client_rows as (
      select ${key("c")} as k, c.visit_id, c.starts_at, c.ends_at, c.created_at,
        c.visit_status = 'completed' as done,
        c.visit_status = 'completed' and c.starts_at < period_end as period_done
      from appointments c, params
      where c.starts_at >= period_start and c.${KEPT} and ${key("c")} in (select k from done_visits)),
    later as (select k, visit_id, starts_at, ends_at, period_done,
        min(created_at) over after_it as booked_after,
        count(*) filter (where done) over (by_start range between current row
          and interval '90 days' following exclude group) as done90,
        count(*) filter (where done) over (partition by k, visit_id order by starts_at
          range between current row and interval '90 days' following exclude group) as own90,
        min(starts_at) filter (where period_done) over (partition by k) as first_done_start
      from client_rows
      window by_start as (partition by k order by starts_at),
        after_it as (by_start range between current row and unbounded following exclude group)),
    visit_after as (select k, visit_id, max(starts_at) as last_start,
        max(coalesce(booked_after, 'infinity')) as booked_after,
        min(starts_at) filter (where period_done) as done_start,
        max(ends_at) filter (where period_done) as done_end
      from later group by k, visit_id having bool_or(period_done))`;

/** Charged and tips count on completed appointments only. */
const CHARGED = sql.raw(`visit_status = 'completed' and charged_cents is not null`);

const revenueSql = sql`(select json_build_object(
    'chargedCents', coalesce(sum(charged_cents) filter (where ${CHARGED}), 0),
    'tipsCents', coalesce(sum(tip_cents) filter (where visit_status = 'completed'), 0),
    'charged', count(*) filter (where ${CHARGED}),
    'upcomingCents', coalesce(sum(price_cents) filter (
      where visit_status is null and starts_at >= (select now_at from params)), 0),
    'perDay', (select coalesce(json_agg(d order by d.date), '[]') from (
      select to_char(starts_at at time zone ${zone}, 'YYYY-MM-DD') as date,
        sum(charged_cents)::int as cents
      from kept where ${CHARGED} group by 1) d)
  ) from kept)`;

const techniciansSql = sql`(select coalesce(json_agg(t order by t.name), '[]') from (
    select worker as name, count(*)::int as appointments,
      (count(*) filter (where visit_status = 'completed'))::int as completed,
      (count(*) filter (where visit_status = 'no_show'))::int as "noShows",
      round(sum(extract(epoch from ends_at - starts_at)) / 60)::int as "bookedMinutes",
      coalesce(sum(charged_cents) filter (where ${CHARGED}), 0)::int as "chargedCents",
      (count(*) filter (where ${CHARGED}))::int as charged
    from kept group by worker) t)`;

const servicesSql = sql`(select coalesce(json_agg(s), '[]') from (
    select type_name as name, count(*)::int as count,
      coalesce(sum(charged_cents) filter (where ${CHARGED}), 0)::int as cents
    from kept group by type_name) s)`;

const channelsSql = sql`(select json_build_object(
    'online', count(*) filter (where channel = 'online'),
    'staff', count(*) filter (where channel = 'staff'),
    'waitlist', count(*) filter (where channel = 'waitlist')) from kept)`;

// Bookings made online in the period (visits, by when they were made; cancelled later or not),
// beside the views of /schedule in the same days.
const onlineBookingsSql = sql`(select count(distinct visit_id) from appointments
    where channel = 'online' and pending_until is null
      and created_at >= (select period_start from params)
      and created_at < (select period_end from params))`;

// Each appointment's minutes split over the salon-clock hours it spans.
const heatSql = sql`(select coalesce(json_agg(h), '[]') from (
    select extract(isodow from ls)::int as weekday, hour,
      round(sum(extract(epoch from least(le, day + (hour + 1) * interval '1 hour')
        - greatest(ls, day + hour * interval '1 hour')) / 60))::int as minutes
    from (select starts_at at time zone ${zone} as ls, ends_at at time zone ${zone} as le,
            date_trunc('day', starts_at at time zone ${zone}) as day from kept) w
    cross join lateral generate_series(extract(hour from ls)::int,
      extract(hour from le - interval '1 microsecond')::int) as hour
    group by 1, 2) h)`;

export async function readPeriodFigures(
  db: Database,
  range: DateRange,
  { cutoffMs, now }: { cutoffMs: number; now: Date },
): Promise<Omit<PeriodFigures, "technicians"> & { technicians: TechnicianRow[] }> {
  const { start, end } = rangeInstants(range, zone);
  const result = await db.execute(sql`
    with params as (select ${start.toISOString()}::timestamptz as period_start,
        ${end.toISOString()}::timestamptz as period_end,
        make_interval(secs => ${cutoffMs / 1000}) as cutoff,
        ${now.toISOString()}::timestamptz as now_at),
    period_rows as (
      select a.*, ${key("a")} as k from appointments a, params
      where a.starts_at >= period_start and a.starts_at < period_end and a.pending_until is null),
    kept as (select * from period_rows where status = 'booked'),
    firsts as (select ${key("f")} as k, min(f.starts_at) as first_ever from appointments f
      where f.${KEPT} and ${key("f")} in (select k from kept) group by 1),
    done_visits as (select visit_id, k, min(starts_at) as starts_at, max(ends_at) as ends_at
      from kept where visit_status = 'completed' group by visit_id, k),
    first_done as (select distinct on (k) k, visit_id, starts_at from kept
      where visit_status = 'completed' order by k, starts_at),
    ${clientCtes}
    select json_build_object(
      'revenue', ${revenueSql},
      'appointments', ${appointmentsSql},
      'clients', ${clientsSql},
      'technicians', ${techniciansSql},
      'services', ${servicesSql},
      'heat', ${heatSql},
      'channels', ${channelsSql},
      'onlineBookings', ${onlineBookingsSql},
      'scheduleViews', (select coalesce(sum(views), 0)::int from page_view_days
        where page_name = 'Schedule' and day between ${range.from}::date and ${range.to}::date)
    ) as figures from params`);
  const [row] = (result as unknown as { rows: { figures: RawFigures }[] }).rows;
  if (!row) throw new Error("The report's query returned no row.");
  return toFigures(row.figures);
}

export type TechnicianRow = Omit<PeriodFigures["technicians"][number], "workingMinutes">;

type Counts<K extends string> = Record<K, number | string>;

interface RawFigures {
  revenue: Counts<"chargedCents" | "tipsCents" | "charged" | "upcomingCents"> & {
    perDay: PeriodFigures["revenue"]["perDay"];
  };
  channels: Counts<keyof PeriodFigures["channels"]>;
  onlineBookings: number | string;
  appointments: Record<keyof PeriodFigures["appointments"], number | string>;
  clients: Record<"total" | "new" | "completed" | "rebooked" | "returnBase" | "returned90", number>;
  technicians: TechnicianRow[];
  services: PeriodFigures["services"];
  heat: PeriodFigures["heat"];
  scheduleViews: number;
}

/** count(*) is a bigint: JSON carries it as a number, but read every count as one. */
function toFigures(raw: RawFigures) {
  const n = (value: number | string) => Number(value);
  const { appointments: a, clients: c, revenue: r, channels: ch } = raw;
  return {
    revenue: {
      chargedCents: n(r.chargedCents),
      tipsCents: n(r.tipsCents),
      charged: n(r.charged),
      upcomingCents: n(r.upcomingCents),
      perDay: r.perDay,
    },
    appointments: {
      booked: n(a.booked),
      completed: n(a.completed),
      noShows: n(a.noShows),
      cancelled: n(a.cancelled),
      cancelledLate: n(a.cancelledLate),
    },
    clients: {
      total: n(c.total),
      new: n(c.new),
      returning: n(c.total) - n(c.new),
      completed: n(c.completed),
      rebooked: n(c.rebooked),
      returnBase: n(c.returnBase),
      returned90: n(c.returned90),
    },
    technicians: raw.technicians,
    services: raw.services,
    heat: raw.heat,
    channels: { online: n(ch.online), staff: n(ch.staff), waitlist: n(ch.waitlist) },
    website: { scheduleViews: n(raw.scheduleViews), onlineBookings: n(raw.onlineBookings) },
  };
}
