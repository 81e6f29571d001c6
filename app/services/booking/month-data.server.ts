// What the booking form's month reads (docs/product.md#month-calendar): everything the day
// listing reads for one date (slot-listing.server.ts: the services, closed days, the salon's week
// and special hours, the technicians' hours, holds, worker_busy_days' rows), for every date of the
// month at once, in one statement. month-marks.server.ts then runs the listing's own engine on
// each date, so the month and the times list can never disagree on a rule.
import { type SQL, sql } from "drizzle-orm";
import type { SpecialHoursLike } from "../../domain/booking/opening-hours";
import type { AppointmentTypeRule, BusyInterval } from "../../domain/booking/slots";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import type { Weekday } from "../../domain/booking/time-zone";
import type { Database } from "../db/client.server";
import {
  appointmentTypes,
  closedDays,
  siteDetails,
  specialHours,
  workerBusyDays,
} from "../db/schema.server";
import { technicianHoursSql } from "../salon/team.server";
import { type HeldTime, holdsSql } from "./busy-times.server";

/** A service or add-on of the search as stored: its rule for the engine, and whether it is an add-on. */
export interface MonthType extends AppointmentTypeRule {
  addOn: boolean;
}

export interface MonthData {
  /** The availability version the data was read at (the month's UTC days and '-infinity'). */
  version: number;
  types: MonthType[];
  /** Closed dates (worker null) and days off from the first date to the last. */
  closed: { date: string; worker: string | null }[];
  /** 'Opening Hours', null when the details row was never written. */
  hours: WeeklyHours | null;
  /** Special hours overlapping the dates, in the order they were added. */
  special: SpecialHoursLike[];
  workerHours: Record<string, WeeklyHours>;
  /** Holds touching the dates, expired ones too (activeHolds compares with the clock). */
  holds: HeldTime[];
  /**
   * Per UTC day of the dates (its row of worker_busy_days), each worker's booked times of that
   * day merged where they touch (its `busy` multirange, drizzle/0030): the listing's intervals as
   * the engine sees them, since it only asks whether a time overlaps any of them.
   */
  busyByDay: Map<string, BusyInterval[]>;
}

interface Row {
  version: string | number;
  types: (Omit<MonthType, "daysOfWeek"> & { daysOfWeek: string })[] | null;
  closed: MonthData["closed"] | null;
  hours: WeeklyHours | null;
  special: SpecialHoursLike[] | null;
  worker_hours: Record<string, WeeklyHours> | null;
  holds: HeldTime[] | null;
  /** [worker, UTC day, "start,end,start,end..." in epoch seconds]. */
  busy: [string, string, string | null][] | null;
}

export interface MonthRange {
  /** The first and last salon date ("YYYY-MM-DD"). */
  first: string;
  last: string;
  /** The first date's start and the last date's end (ISO instants, dayBounds). */
  start: string;
  end: string;
  /** The UTC days whose availability versions stand for the month. */
  versionDays: { first: string; last: string };
}

/**
 * The `busy` multiranges of worker_busy_days for the workers (an SQL text[]) and the UTC days the
 * dates touch, as a JSON list with one entry per row, its ranges' bounds as one text: far cheaper
 * for PostgreSQL to write and for the driver to read than a number per appointment (10,000
 * appointments: about 1.3 ms against 4-10 ms as JSON arrays of numbers, docs/performance.md).
 */
function busyRangesSql(workers: SQL, range: MonthRange): SQL {
  return sql`(select json_agg(json_build_array(b.worker, b.day,
      (select string_agg(date_part('epoch', lower(r)) || ',' || date_part('epoch', upper(r)), ',')
        from unnest(b.busy) as r)))
    from ${workerBusyDays} as b
    where b.worker = any(${workers})
      and b.day between ${range.start.slice(0, 10)}::date and ${range.end.slice(0, 10)}::date)`;
}

function busyByDayOf(rows: NonNullable<Row["busy"]>): Map<string, BusyInterval[]> {
  const byDay = new Map<string, BusyInterval[]>();
  for (const [worker, day, edges] of rows) {
    const list = byDay.get(day) ?? [];
    const bounds = edges ? edges.split(",") : [];
    for (let i = 0; i + 1 < bounds.length; i += 2) {
      list.push({
        worker,
        startMs: Math.round(Number(bounds[i]) * 1000),
        endMs: Math.round(Number(bounds[i + 1]) * 1000),
      });
    }
    byDay.set(day, list);
  }
  return byDay;
}

const uuids = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** The month's data for the services and add-ons `typeIds` (UUIDs), in one statement. */
export async function readMonthData(
  db: Database,
  range: MonthRange,
  typeIds: readonly string[],
): Promise<MonthData> {
  const t = appointmentTypes;
  // Every technician of the search's services: a named one is among them (the listing checks).
  const workers: SQL = sql`(select coalesce(array_agg(distinct w), '{}') from ${t},
    unnest(${t.workers}) as w where ${t.id} = any(${uuids(typeIds)}))`;
  const result = await db.execute(sql`with w as materialized (select ${workers} as workers)
    select
      (select coalesce(max(version), 0) from availability_versions
        where day between ${range.versionDays.first}::date and ${range.versionDays.last}::date
          or day = '-infinity') as version,
      (select json_agg(json_build_object('id', ${t.id}, 'durationMin', ${t.durationMin},
          'daysOfWeek', ${t.daysOfWeek}, 'startTime', ${t.startTime}, 'endTime', ${t.endTime},
          'workers', ${t.workers}, 'bufferMin', ${t.bufferMin}, 'sideBySide', ${t.sideBySide},
          'addOn', ${t.addOn}))
        from ${t} where ${t.id} = any(${uuids(typeIds)})) as types,
      (select json_agg(json_build_object('date', ${closedDays.date}, 'worker', ${closedDays.worker}))
        from ${closedDays} where ${closedDays.date} between ${range.first} and ${range.last}) as closed,
      (select ${siteDetails.hours} from ${siteDetails} where ${siteDetails.id} = 1) as hours,
      (select json_agg(json_build_object('fromDate', ${specialHours.fromDate},
          'toDate', ${specialHours.toDate}, 'closed', ${specialHours.closed},
          'opens', ${specialHours.opens}, 'closes', ${specialHours.closes})
          order by ${specialHours.createdAt})
        from ${specialHours}
        where ${specialHours.fromDate} <= ${range.last} and ${specialHours.toDate} >= ${range.first}) as special,
      ${technicianHoursSql(sql`w.workers`)} as worker_hours,
      ${holdsSql(sql`w.workers`, sql`${range.start}`, sql`${range.end}`)} as holds,
      ${busyRangesSql(sql`w.workers`, range)} as busy
    from w`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  return {
    version: Number(row?.version ?? 0),
    types: (row?.types ?? []).map((type) => ({
      ...type,
      daysOfWeek: type.daysOfWeek.split(",") as Weekday[],
    })),
    closed: row?.closed ?? [],
    hours: row?.hours ?? null,
    special: row?.special ?? [],
    workerHours: row?.worker_hours ?? {},
    holds: row?.holds ?? [],
    busyByDay: busyByDayOf(row?.busy ?? []),
  };
}
