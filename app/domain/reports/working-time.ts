import { openingHoursFor, type SpecialHoursLike } from "../booking/opening-hours";
import type { HoursRange, WeeklyHours } from "../booking/technician-hours";
import { parseWallTime, resolveWallTime, weekdayOf } from "../booking/time-zone";

// A technician's working minutes (docs/product.md#reports, 'Utilisation'): on each date, her own
// hours (or the salon's, when she keeps none) inside the salon's hours that day, which the
// salon's closed dates and special hours already decide, and nothing on her days off. Counted as
// real minutes between instants, so a daylight-saving day is as long as it really was.

export interface SalonCalendar {
  /** The salon's week as the owner keeps it ('Opening Hours'). */
  week: WeeklyHours;
  /** Dates the whole salon is closed ('Closed Days' without a technician). */
  closedDates: readonly string[];
  special: readonly SpecialHoursLike[];
  /** Her days off: technician name -> dates. */
  daysOff: ReadonlyMap<string, ReadonlySet<string>>;
}

const MINUTE_MS = 60_000;

// Every technician of a day asks for the same few wall times: each is resolved once (a zone
// look-up is the costly part of a year's working time).
const resolved = new Map<string, number>();

function instantOf(dateIso: string, hhmm: string, zone: string): number {
  const key = `${zone} ${dateIso} ${hhmm}`;
  let ms = resolved.get(key);
  if (ms === undefined) {
    ms = resolveWallTime(dateIso, parseWallTime(hhmm), zone).ms;
    if (resolved.size > 50_000) resolved.clear();
    resolved.set(key, ms);
  }
  return ms;
}

function instants(ranges: readonly HoursRange[], dateIso: string, zone: string) {
  return ranges.map((r) => ({
    start: instantOf(dateIso, r.start, zone),
    end: instantOf(dateIso, r.end, zone),
  }));
}

/** The salon's open instants on a date, or null when closed; read once per calendar and date. */
const openDays = new WeakMap<SalonCalendar, Map<string, { start: number; end: number }[] | null>>();

function salonOpen(dateIso: string, salon: SalonCalendar, zone: string) {
  let days = openDays.get(salon);
  if (!days) {
    days = new Map();
    openDays.set(salon, days);
  }
  let open = days.get(dateIso);
  if (open === undefined) {
    const day = openingHoursFor(dateIso, salon.week, salon.closedDates, salon.special);
    open = day ? instants(day.ranges, dateIso, zone) : null;
    days.set(dateIso, open);
  }
  return open;
}

/** Her working minutes on one date; `hours` null: she works whenever the salon is open. */
function workingMinutesOn(
  name: string,
  hours: WeeklyHours | null,
  dateIso: string,
  salon: SalonCalendar,
  zone: string,
): number {
  if (salon.daysOff.get(name)?.has(dateIso)) return 0;
  const open = salonOpen(dateIso, salon, zone);
  if (!open) return 0;
  const own = hours ? instants(hours[weekdayOf(dateIso)] ?? [], dateIso, zone) : open;
  let ms = 0;
  for (const a of own) {
    for (const b of open) ms += Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  }
  return Math.round(ms / MINUTE_MS);
}

/** Her working minutes over the dates. */
export function workingMinutes(
  name: string,
  hours: WeeklyHours | null,
  dates: readonly string[],
  salon: SalonCalendar,
  zone: string,
): number {
  let total = 0;
  for (const date of dates) total += workingMinutesOn(name, hours, date, salon, zone);
  return total;
}
