// The month's marks (docs/product.md#month-calendar): the data of every date read in one
// statement (month-data.server.ts), then for each date the same checks, in the same order, as the
// day listing (markOf in month-days.server.ts: closed, then no search, then a service not offered
// that weekday, then the listing's own refusals, then free or full), with the listing's own engine
// (listVisitSlots) on the date's share of the data.
import { sql } from "drizzle-orm";
import { requestedTechnician } from "../../domain/booking/booking-schema";
import { openingHoursFor } from "../../domain/booking/opening-hours";
import type { BusyInterval } from "../../domain/booking/slots";
import { SALON_TIME_ZONE, weekdayOf } from "../../domain/booking/time-zone";
import { listVisitSlots } from "../../domain/booking/visit";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { isUuid } from "../../domain/uuid";
import type { Database } from "../db/client.server";
import { seedDetailsRow } from "../salon/salon-details.server";
import { activeHolds, dayBounds } from "./busy-times.server";
import {
  type MonthData,
  type MonthRange,
  type MonthType,
  readMonthData,
} from "./month-data.server";
import type { DayMark, MonthDaysResult } from "./month-days.server";

const zone = SALON_TIME_ZONE;

/** The listing's refusal of the search, whatever the day (resolveItems), if any. */
function listingError(
  items: readonly VisitRequestItem[],
  types: ReadonlyMap<string, MonthType>,
): string | undefined {
  for (const item of items) {
    const type = types.get(item.typeId);
    if (!type) return "Choose a service.";
    const technician = requestedTechnician(item.technician);
    if (technician !== undefined && !type.technicians.includes(technician)) {
      return "Choose one of the service's workers.";
    }
    if (item.addOnIds.some((id) => !types.get(id)?.addOn)) {
      return "Choose add-ons offered with the service.";
    }
  }
  return undefined;
}

/** What the listing hands the engine for one date, from the month's data. */
function dayInput(
  data: MonthData,
  dateIso: string,
  options: { now: Date; holder: string | undefined },
) {
  const bounds = dayBounds(dateIso);
  const from = Date.parse(bounds.start);
  const to = Date.parse(bounds.end);
  const firstUtcDay = bounds.start.slice(0, 10);
  const lastUtcDay = bounds.end.slice(0, 10);
  // A time over midnight (UTC) is in both days' rows: taken twice, it blocks the same starts.
  const busy: BusyInterval[] = [];
  for (const day of firstUtcDay === lastUtcDay ? [firstUtcDay] : [firstUtcDay, lastUtcDay]) {
    for (const interval of data.busyByDay.get(day) ?? []) {
      if (interval.startMs < to && interval.endMs > from) busy.push(interval);
    }
  }
  const holds = data.holds.filter((hold) => hold.start * 1000 < to && hold.end * 1000 > from);
  busy.push(...activeHolds(holds, options.now, { holder: options.holder }));
  const closedHere = data.closed.filter((day) => day.date === dateIso);
  return {
    dateIso,
    hours: data.hours ?? seedDetailsRow().hours ?? {},
    specialHours: data.special,
    closedDates: closedHere.some((day) => day.technician === null) ? [dateIso] : [],
    technicianDaysOff: closedHere.flatMap((day) =>
      day.technician ? [{ technician: day.technician, dateIso }] : [],
    ),
    technicianHours: data.technicianHours,
    busy,
    now: options.now,
    zone,
  };
}

/** Whether the search has a free time on the date (listVisitTimes: some time listed). */
function hasFreeTime(
  items: readonly VisitRequestItem[],
  types: ReadonlyMap<string, MonthType>,
  input: ReturnType<typeof dayInput>,
): boolean {
  const visit = items.map((item) => ({
    type: types.get(item.typeId) as MonthType,
    addOns: item.addOnIds.map((id) => types.get(id) as MonthType),
    technician: requestedTechnician(item.technician),
  }));
  return listVisitSlots({ ...input, items: visit }, 1).length > 0;
}

/** How long the engine marks dates before letting other requests' work run (ms). */
const SLICE_MS = 2;
/** A turn of the event loop: requests that arrived meanwhile (another visitor's times) run. */
const otherRequestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The dates' marks, or the search's refusal (markOf's order of checks). The engine runs in slices
 * of SLICE_MS, so a long month (a visit, a loaded machine) does not hold up others; a date is
 * about 0.05 ms, so most months are one slice. Yielding at every date would instead make a
 * month wait a whole turn of a busy server for each of its dates.
 */
async function marksOf(
  data: MonthData,
  dates: readonly string[],
  items: readonly VisitRequestItem[],
  options: { now: Date; holder: string | undefined },
): Promise<MonthDaysResult> {
  const types = new Map(data.types.map((type) => [type.id, type]));
  const unknown = items.some((item) => !types.has(item.typeId));
  const refusal = listingError(items, types);
  const closedDates = data.closed.flatMap((day) => (day.technician === null ? [day.date] : []));
  const hours = data.hours ?? seedDetailsRow().hours ?? {};
  const days: Record<string, DayMark> = {};
  let sliceStart = performance.now();
  for (const date of dates) {
    if (!openingHoursFor(date, hours, closedDates, data.special)) {
      days[date] = "closed";
      continue;
    }
    if (items.length === 0) {
      days[date] = "open";
      continue;
    }
    const weekday = weekdayOf(date);
    const offered = items.every((item) =>
      [item.typeId, ...item.addOnIds].every((id) => types.get(id)?.daysOfWeek.includes(weekday)),
    );
    if (!offered) {
      if (unknown) return { ok: false, error: "Choose a service." };
      days[date] = "off";
      continue;
    }
    if (refusal) return { ok: false, error: refusal };
    if (performance.now() - sliceStart > SLICE_MS) {
      await otherRequestsFirst();
      sliceStart = performance.now();
    }
    const free = hasFreeTime(items, types, dayInput(data, date, options));
    days[date] = free ? "free" : "full";
  }
  return { ok: true, days };
}

/** The latest availability stamp of the month's UTC days and of every day's ('-infinity'). */
export async function readMonthVersion(
  db: Database,
  days: MonthRange["versionDays"],
): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(version), 0) as version from availability_versions
      where day between ${days.first}::date and ${days.last}::date or day = '-infinity'`,
  );
  const [row] = (result as unknown as { rows: { version: string | number }[] }).rows;
  return Number(row?.version ?? 0);
}

/** The marks of the dates `dates` (in order, one month's) for the search, from one statement. */
export async function readMonthMarks(
  db: Database,
  input: { dates: readonly string[]; items: readonly VisitRequestItem[] },
  options: {
    now: Date;
    holder: string | undefined;
    versionDays: MonthRange["versionDays"];
  },
): Promise<{ version: number; answer: MonthDaysResult }> {
  const { dates, items } = input;
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;
  // An id that is not a UUID names no service: it is simply not found.
  const typeIds = [...new Set(items.flatMap((item) => [item.typeId, ...item.addOnIds]))];
  const data = await readMonthData(
    db,
    {
      first,
      last,
      start: dayBounds(first).start,
      end: dayBounds(last).end,
      versionDays: options.versionDays,
    },
    typeIds.filter(isUuid),
  );
  return { version: data.version, answer: await marksOf(data, dates, items, options) };
}
