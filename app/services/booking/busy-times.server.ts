// The booked times that block a slot, read two ways that must agree (tests/integration/booking/
// bookings.test.ts checks they do): from the appointments themselves (busyTimesSql: the confirm
// check, and a move's listing, which leaves the moved appointment out), and from the ready-made
// rows of technician_busy_days (busyDaysSql: every other listing, a fraction of the cost). Both hand
// the engine epoch-ms intervals (BusyInterval).
import { type SQL, sql } from "drizzle-orm";
import type { BusyInterval } from "../../domain/booking/slots";
import { addDaysIso, SALON_TIME_ZONE, zonedDateTime } from "../../domain/booking/time-zone";
import type { Database } from "../db/client.server";
import { appointments, slotHolds, technicianBusyDays } from "../db/schema.server";

const zone = SALON_TIME_ZONE;

/** One technician's busy time on a date: starts and ends as epoch seconds (null: none). */
export interface TechnicianBusyTimes {
  technician: string;
  starts: number[] | null;
  ends: number[] | null;
}

/**
 * Booked appointments of the technicians in `technicians` (an SQL text[]) that touch the salon date,
 * leaving out `excludeIds` (an SQL uuid[]: the appointments being moved do not block their own
 * new time), as one
 * SQL value: a JSON list with one TechnicianBusyTimes per technician.
 *
 * One lookup per technician in the exclusion constraint's GiST index on (technician, time range)
 * (drizzle/0003): it finds exactly a technician's appointments that overlap the day, and needs no
 * table statistics to be chosen (PGlite never gathers any on its own; without them the planner
 * scanned every appointment near the date). Aggregating per technician keeps each lookup separate,
 * and a list per technician (starts and ends as epoch seconds, in JSON, which both drivers parse
 * faster than PostgreSQL arrays) is far cheaper to hand over than a row, with two timestamps to
 * format and parse, per appointment (scripts/bench/slots.bench.ts: 10,000 appointments stored,
 * 800 of them for one service's technicians on one day).
 */
export function busyTimesSql(
  technicians: SQL,
  day: { start: SQL; end: SQL },
  excludeIds: SQL | undefined,
): SQL<TechnicianBusyTimes[] | null> {
  return sql`(
    select json_agg(json_build_object('technician', w.technician, 'starts', day.starts, 'ends', day.ends))
    from unnest(${technicians}) as w(technician)
    cross join lateral (
      select array_agg(date_part('epoch', a.starts_at)) as starts,
        array_agg(date_part('epoch', a.blocked_until)) as ends
      from ${appointments} as a
      where a.status = 'booked' and a.technician = w.technician
        and tstzrange(a.starts_at, a.blocked_until, '[)') &&
          tstzrange(${day.start}::timestamptz, ${day.end}::timestamptz, '[)')
        ${excludeIds ? sql`and a.id <> all(${excludeIds})` : sql``}
    ) as day
  )`;
}

/** The salon date's start and end (ISO instants). */
export function dayBounds(dateIso: string): { start: string; end: string } {
  return {
    start: zonedDateTime(dateIso, "00:00", zone).toISOString(),
    end: zonedDateTime(addDaysIso(dateIso, 1), "00:00", zone).toISOString(),
  };
}

export function toBusyIntervals(times: readonly TechnicianBusyTimes[] | null): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const { technician, starts, ends } of times ?? []) {
    starts?.forEach((start, i) => {
      busy.push({
        technician,
        startMs: Math.round(start * 1000),
        endMs: Math.round((ends?.[i] ?? start) * 1000),
      });
    });
  }
  return busy;
}

/** One technician's booked times on one UTC day: a row of technician_busy_days. */
export interface TechnicianBusyDay {
  technician: string;
  /** The UTC day, "YYYY-MM-DD". */
  day: string;
  starts: number[];
  ends: number[];
}

/**
 * The rows of technician_busy_days (drizzle/0007) of the technicians in `technicians` (an SQL text[]) for
 * the UTC days `firstUtcDay` to `lastUtcDay` (the ones the salon date overlaps), as one SQL value:
 * a JSON list of TechnicianBusyDay. One row per technician and day with the day's times ready-made, kept
 * by the appointments' trigger: reading them costs a fraction of reading the appointments
 * (busyTimesSql), which is what a listing right after a change would otherwise do.
 */
export function busyDaysSql(
  technicians: SQL,
  firstUtcDay: SQL,
  lastUtcDay: SQL,
): SQL<TechnicianBusyDay[] | null> {
  return sql`(
    select json_agg(json_build_object('technician', b.technician, 'day', b.day, 'starts', b.starts, 'ends', b.ends))
    from unnest(${technicians}) as w(technician)
    join ${technicianBusyDays} as b on b.technician = w.technician
      and b.day between ${firstUtcDay}::date and ${lastUtcDay}::date
  )`;
}

/**
 * The busy intervals of the salon date (its dayBounds) in `rows` (busyDaysSql): exactly what
 * busyTimesSql reads.
 * A UTC day's row also holds times of that day outside the salon date (left out here), and an
 * appointment over midnight (UTC) is in the row of each day it touches (taken once: from the day
 * it starts on, or from the first day read).
 */
export function busyOfDays(
  rows: readonly TechnicianBusyDay[] | null,
  bounds: { start: string; end: string },
): BusyInterval[] {
  const from = Date.parse(bounds.start) / 1000;
  const to = Date.parse(bounds.end) / 1000;
  const firstUtcDay = bounds.start.slice(0, 10);
  const busy: BusyInterval[] = [];
  for (const { technician, day, starts, ends } of rows ?? []) {
    const dayStart = Date.parse(`${day}T00:00:00.000Z`) / 1000;
    starts.forEach((start, i) => {
      const end = ends[i] ?? start;
      if (start < to && end > from && (start >= dayStart || day === firstUtcDay)) {
        busy.push({
          technician,
          startMs: Math.round(start * 1000),
          endMs: Math.round(end * 1000),
        });
      }
    });
  }
  return busy;
}

/** A visitor's hold of a technician's time (docs/product.md#holds), as epoch seconds. */
export interface HeldTime {
  technician: string;
  start: number;
  end: number;
  expires: number;
  /** The SHA-256 of the visitor's hold cookie. */
  holder: string;
}

/**
 * The holds of the technicians in `technicians` (an SQL text[]) that touch [dayStart, dayEnd), as one
 * SQL value: a JSON list of HeldTime, expired ones included (the caller compares with its clock,
 * so a kept listing needs no write when a hold lapses).
 */
export function holdsSql(technicians: SQL, dayStart: SQL, dayEnd: SQL): SQL<HeldTime[] | null> {
  return sql`(
    select json_agg(json_build_object('technician', h.technician, 'start', date_part('epoch', h.starts_at),
      'end', date_part('epoch', h.ends_at), 'expires', date_part('epoch', h.expires_at),
      'holder', h.holder))
    from ${slotHolds} as h
    where h.technician = any(${technicians}) and h.starts_at < ${dayEnd}::timestamptz
      and h.ends_at > ${dayStart}::timestamptz
  )`;
}

/** Whose holds do not block: the visitor's own (`holder`), or none at all for staff. */
interface HoldView {
  holder?: string | undefined;
  /** The staff: a visitor's hold never keeps them from a time (docs/product.md#holds). */
  ignoreHolds?: boolean | undefined;
}

/** The holds that block others now: not expired, and not `holder`'s own. */
export function activeHolds(
  holds: readonly HeldTime[] | null,
  now: Date,
  { holder, ignoreHolds }: HoldView,
): BusyInterval[] {
  if (ignoreHolds) return [];
  const nowSeconds = now.getTime() / 1000;
  return (holds ?? [])
    .filter((hold) => hold.expires > nowSeconds && hold.holder !== holder)
    .map((hold) => ({
      technician: hold.technician,
      startMs: Math.round(hold.start * 1000),
      endMs: Math.round(hold.end * 1000),
    }));
}

/**
 * Booked appointments of these technicians that touch the salon date (busyTimesSql), and the times
 * other visitors hold now (all but `holds.holder`'s).
 */
export async function busyOn(
  db: Database,
  dateIso: string,
  technicians: readonly string[],
  excludeIds: readonly string[] = [],
  holds: HoldView & { now: Date } = { now: new Date() },
): Promise<BusyInterval[]> {
  if (technicians.length === 0) return [];
  const technicianList = sql.join(
    technicians.map((technician) => sql`${technician}`),
    sql`, `,
  );
  const { start, end } = dayBounds(dateIso);
  const result = await db.execute(
    sql`select ${holdsSql(sql`array[${technicianList}]::text[]`, sql`${start}`, sql`${end}`)} as holds, ${busyTimesSql(
      sql`array[${technicianList}]::text[]`,
      { start: sql`${start}`, end: sql`${end}` },
      excludeIds.length > 0
        ? sql`array[${sql.join(
            excludeIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`
        : undefined,
    )} as busy`,
  );
  const { rows } = result as unknown as {
    rows: { busy: TechnicianBusyTimes[] | null; holds: HeldTime[] | null }[];
  };
  return [
    ...toBusyIntervals(rows[0]?.busy ?? null),
    ...activeHolds(rows[0]?.holds ?? null, holds.now, holds),
  ];
}
