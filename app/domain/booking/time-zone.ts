import { tz, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";

// Salon wall-clock time <-> instants (docs/product.md#salon-time). Every conversion goes through the IANA
// zone passed in, never through the process's own zone, so a server in Tokyo or UTC and a
// visitor anywhere get the same answers. Offsets come from @date-fns/tz's tzOffset (Intl based);
// we avoid constructing TZDate from wall-clock fields because that path goes through the
// process's local time and its own daylight-saving rules.

export type Weekday =
  | "Monday"
  | "Tuesday"
  | "Wednesday"
  | "Thursday"
  | "Friday"
  | "Saturday"
  | "Sunday";

/**
 * The salon's IANA time zone: every wall-clock time it states (hours, appointments, dates) is in
 * it. Chicago; a fact of where the salon is, not something its pages say.
 */
export const SALON_TIME_ZONE = "America/Chicago";

/** Week order as the salon lists days (Monday first). */
export const WEEKDAYS: readonly Weekday[] = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Splits "YYYY-MM-DD"; throws a RangeError unless it is a real calendar date. */
export function parseIsoDate(dateIso: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(dateIso);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    // Date.UTC rolls 2026-02-30 over to March (and years 0-99 to 19xx); a real date survives
    // the round trip.
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (
      probe.getUTCFullYear() === year &&
      probe.getUTCMonth() === month - 1 &&
      probe.getUTCDate() === day
    ) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Not a calendar date: "${dateIso}"`);
}

/**
 * A real calendar date "YYYY-MM-DD" in the years 2000 to 2100: every date the salon's pages, forms
 * and addresses take. A date far outside (9999-12-31, 0100-01-01) is no date anyone books or
 * reports on, and the day after 9999-12-31 has no "YYYY-MM-DD" at all (docs/security.md#queries).
 */
export function isIsoDate(value: string): boolean {
  try {
    const { year } = parseIsoDate(value);
    return year >= MIN_YEAR && year <= MAX_YEAR;
  } catch {
    return false;
  }
}

/** The years isIsoDate takes. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/** "HH:MM" (00:00..23:59) -> minutes after midnight; throws a RangeError otherwise. */
export function parseWallTime(hhmm: string): number {
  const match = WALL_TIME.exec(hhmm);
  if (!match) throw new RangeError(`Not a wall-clock time "HH:MM": "${hhmm}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isWallTime(value: string): boolean {
  return WALL_TIME.test(value);
}

/**
 * Offsets looked up before, by zone and instant: a look-up formats a date with Intl (about 3 us),
 * and the month calendar resolves the same instants for every date and service (the clock's
 * notice and horizon, the day's opening). Exact, so it changes no answer; emptied when full.
 */
const knownOffsets = new Map<string, number>();
const MAX_KNOWN_OFFSETS = 4_096;

function offsetMs(zone: string, ms: number): number {
  const key = `${zone}|${ms}`;
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const minutes = tzOffset(zone, new Date(ms));
  if (Number.isNaN(minutes)) throw new RangeError(`Unknown time zone: "${zone}"`);
  // Historical offsets can carry seconds; keep them exact in milliseconds.
  const offset = Math.round(minutes * 60) * 1000;
  if (knownOffsets.size >= MAX_KNOWN_OFFSETS) knownOffsets.clear();
  knownOffsets.set(key, offset);
  return offset;
}

/**
 * The instant of a wall-clock time given as minutes after midnight, and whether that wall time
 * really exists on that date. Daylight-saving rules:
 * - a wall time skipped by the spring-forward jump (02:30 on 2026-03-08 in Chicago) does not
 *   exist; it resolves as if the clock had not jumped yet, which lands the same amount later
 *   (02:30 -> 03:30 CDT), and `exists` is false so slot lists can skip it;
 * - a wall time that happens twice at fall-back (01:30 on 2026-11-01) resolves to its FIRST
 *   occurrence (01:30 CDT), so times stay in order across the change.
 */
export function resolveWallTime(
  dateIso: string,
  minutes: number,
  zone: string,
): { ms: number; exists: boolean } {
  const { year, month, day } = parseIsoDate(dateIso);
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minutes);
  // The real instant is within 14 hours of wallAsUtc; a day either side is past any change.
  const offsetBefore = offsetMs(zone, wallAsUtc - DAY_MS);
  const offsetAfter = offsetMs(zone, wallAsUtc + DAY_MS);
  const early = wallAsUtc - offsetBefore;
  const late = wallAsUtc - offsetAfter;
  const earlyFits = offsetMs(zone, early) === offsetBefore;
  const lateFits = offsetMs(zone, late) === offsetAfter;
  if (earlyFits && lateFits) return { ms: Math.min(early, late), exists: true };
  if (earlyFits) return { ms: early, exists: true };
  if (lateFits) return { ms: late, exists: true };
  return { ms: early, exists: false };
}

/**
 * resolveWallTime for many times of one date, fast: on a date with no offset change near it
 * (all but two days a year) every wall time is midnight plus minutes minus one offset, so only
 * two offset look-ups are needed for the whole day. Like tzScan, this assumes a zone never
 * changes offset and changes back within three days.
 */
export function wallTimeResolver(
  dateIso: string,
  zone: string,
): (minutes: number) => { ms: number; exists: boolean } {
  const { year, month, day } = parseIsoDate(dateIso);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  const offset = offsetMs(zone, midnightAsUtc - DAY_MS);
  if (offset === offsetMs(zone, midnightAsUtc + 2 * DAY_MS)) {
    return (minutes) => ({ ms: midnightAsUtc + minutes * MINUTE_MS - offset, exists: true });
  }
  return (minutes) => resolveWallTime(dateIso, minutes, zone);
}

/**
 * The instant at which the salon's clock shows `hhmm` on `dateIso`. Nonexistent spring-forward
 * times shift forward by the gap; ambiguous fall-back times take the first occurrence (see
 * resolveWallTime).
 */
export function zonedDateTime(dateIso: string, hhmm: string, zone: string): Date {
  return new Date(resolveWallTime(dateIso, parseWallTime(hhmm), zone).ms);
}

/** The salon's calendar date and minutes after midnight at an instant. */
export function salonWallClock(
  instant: Date | number,
  zone: string,
): { dateIso: string; minutes: number } {
  const ms = +instant;
  const wall = new Date(ms + offsetMs(zone, ms));
  return {
    dateIso: wall.toISOString().slice(0, 10),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** "YYYY-MM-DD" of an instant on the salon's calendar. */
export function salonDateOf(instant: Date | number, zone: string): string {
  return salonWallClock(instant, zone).dateIso;
}

/**
 * The weekday of a calendar date. A date string names the same day everywhere, so the zone is
 * not needed; the optional parameter is accepted (and ignored) so callers can pass it uniformly.
 */
export function weekdayOf(dateIso: string, _zone?: string): Weekday {
  const { year, month, day } = parseIsoDate(dateIso);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  // getUTCDay counts from Sunday = 0; WEEKDAYS starts on Monday.
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** The later of two "YYYY-MM-DD" dates (they compare as strings; Math.max would not). */
export function laterIsoDate(a: string, b: string): string {
  return a > b ? a : b;
}

/** Calendar arithmetic on "YYYY-MM-DD" (no zone: a day is a calendar step here, not 24 hours). */
export function addDaysIso(dateIso: string, days: number): string {
  const { year, month, day } = parseIsoDate(dateIso);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Minutes after midnight -> "10:00 AM", the same text formatSlotLabel gives for that time. */
export function formatWallMinutes(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** "10:00 AM": a slot's start as the salon's clock shows it (spec: "Slot label"). */
export function formatSlotLabel(instant: Date | number, zone: string): string {
  return format(instant, "h:mm a", { in: tz(zone) });
}

/** "Saturday, May 2 2026": the booking email's date_string date part, on the salon's calendar. */
export function formatDateString(instant: Date | number, zone: string): string {
  return format(instant, "EEEE, MMMM d yyyy", { in: tz(zone) });
}
