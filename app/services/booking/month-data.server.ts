// What the booking form's month reads (docs/product.md#month-calendar): everything the day
// listing reads for one date (slot-listing.server.ts: the services, closed days, the salon's week
// and special hours, the technicians' hours, holds, technician_busy_days' rows), for every date of the
// month at once, in one statement (drizzle/0033's function). month-marks.server.ts then runs the
// listing's own engine on each date, so the month and the times list cannot disagree on a rule.
import { sql } from "drizzle-orm";
import type { SpecialHoursLike } from "../../domain/booking/opening-hours";
import type { AppointmentTypeRule, BusyInterval } from "../../domain/booking/slots";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import type { Weekday } from "../../domain/booking/time-zone";
import type { Database } from "../db/client.server";
import type { HeldTime } from "./busy-times.server";

/** A service or add-on of the search as stored: its rule for the engine, and whether it is an add-on. */
export interface MonthType extends AppointmentTypeRule {
  addOn: boolean;
}

export interface MonthData {
  /** The availability version the data was read at (the month's UTC days and '-infinity'). */
  version: number;
  types: MonthType[];
  /** Closed dates (technician null) and days off from the first date to the last. */
  closed: { date: string; technician: string | null }[];
  /** 'Opening Hours', null when the details row was never written. */
  hours: WeeklyHours | null;
  /** Special hours overlapping the dates, in the order they were added. */
  special: SpecialHoursLike[];
  technicianHours: Record<string, WeeklyHours>;
  /** Holds touching the dates, expired ones too (activeHolds compares with the clock). */
  holds: HeldTime[];
  /**
   * Per UTC day of the dates (its row of technician_busy_days), each technician's booked times of that
   * day merged where they touch (its `busy` multirange, drizzle/0030): the listing's intervals as
   * the engine sees them, since it only asks whether a time overlaps any of them.
   */
  busyByDay: Map<string, BusyInterval[]>;
}

/** The JSON the database function hands back. */
interface Stored {
  version: string | number;
  types: (Omit<MonthType, "daysOfWeek"> & { daysOfWeek: string })[] | null;
  closed: MonthData["closed"] | null;
  hours: WeeklyHours | null;
  special: SpecialHoursLike[] | null;
  technicianHours: Record<string, WeeklyHours> | null;
  holds: HeldTime[] | null;
  /** [technician, UTC day, "start,end,start,end..." in epoch seconds]. */
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

function busyByDayOf(rows: NonNullable<Stored["busy"]>): Map<string, BusyInterval[]> {
  const byDay = new Map<string, BusyInterval[]>();
  for (const [technician, day, edges] of rows) {
    const list = byDay.get(day) ?? [];
    const bounds = edges ? edges.split(",") : [];
    for (let i = 0; i + 1 < bounds.length; i += 2) {
      list.push({
        technician,
        startMs: Math.round(Number(bounds[i]) * 1000),
        endMs: Math.round(Number(bounds[i + 1]) * 1000),
      });
    }
    byDay.set(day, list);
  }
  return byDay;
}

/**
 * The month's data for the services and add-ons `typeIds` (UUIDs), in one statement: the
 * function month_listing_data (drizzle/0033), whose statement the database plans once per
 * connection. The booked times come as the bounds of each row's `busy` ranges in one text: far
 * cheaper for the database to write and for the driver to read than a number per appointment
 * (10,000 appointments: about 1.3 ms against 4-10 ms as JSON arrays of numbers).
 */
export async function readMonthData(
  db: Database,
  range: MonthRange,
  typeIds: readonly string[],
): Promise<MonthData> {
  const result = await db.execute(
    sql`select month_listing_data(${`{${typeIds.join(",")}}`}::uuid[], ${range.first}::text,
      ${range.last}::text, ${range.start}::timestamptz, ${range.end}::timestamptz,
      ${range.versionDays.first}::date, ${range.versionDays.last}::date) as data`,
  );
  const [row] = (result as unknown as { rows: { data: Stored | null }[] }).rows;
  const data = row?.data;
  return {
    version: Number(data?.version ?? 0),
    types: (data?.types ?? []).map((type) => ({
      ...type,
      daysOfWeek: type.daysOfWeek.split(",") as Weekday[],
    })),
    closed: data?.closed ?? [],
    hours: data?.hours ?? null,
    special: data?.special ?? [],
    technicianHours: data?.technicianHours ?? {},
    holds: data?.holds ?? [],
    busyByDay: busyByDayOf(data?.busy ?? []),
  };
}
