import type { HoursRange, WeeklyHours } from "./technician-hours";
import { parseWallTime, type Weekday, weekdayOf } from "./time-zone";

// The salon's hours on a date (docs/product.md#opening-hours): its week (per weekday one range,
// or two with a midday break between them; a weekday absent is closed), unless special hours
// cover the date (closed all day, or their own range), or a closed date lists it. The hours are
// parameters, not the database, so the domain stays generic and testable.

/** A dated exception ('Special Hours'): from `fromDate` to `toDate`, salon dates, inclusive. */
export interface SpecialHoursLike {
  fromDate: string;
  toDate: string;
  closed: boolean;
  /** Salon wall-clock "HH:MM"; unused when closed. */
  opens?: string | null;
  closes?: string | null;
}

interface DayHours {
  /** Salon wall-clock "HH:MM": the first opening and the last closing of the day. */
  opens: string;
  closes: string;
  /** The day's open ranges in order (two with a break between them). */
  ranges: readonly HoursRange[];
}

/** The special hours that decide `dateIso`: the one added last of those covering it. */
function specialHoursOn<T extends SpecialHoursLike>(
  dateIso: string,
  special: readonly T[],
): T | undefined {
  return special.findLast((entry) => entry.fromDate <= dateIso && dateIso <= entry.toDate);
}

/**
 * The salon's hours on a calendar date, or null when it is closed: a listed closed date, special
 * hours closed all day, a weekday the week leaves out, or ranges that do not open before they
 * close.
 */
export function openingHoursFor(
  dateIso: string,
  week: WeeklyHours,
  closedDates: readonly string[] = [],
  special: readonly SpecialHoursLike[] = [],
): DayHours | null {
  if (closedDates.includes(dateIso)) return null;
  const exception = specialHoursOn(dateIso, special);
  const ranges: readonly HoursRange[] = exception
    ? exception.closed || !exception.opens || !exception.closes
      ? []
      : [{ start: exception.opens, end: exception.closes }]
    : (week[weekdayOf(dateIso)] ?? []);
  const open = ranges.filter((r) => parseWallTime(r.start) < parseWallTime(r.end));
  const first = open[0];
  const last = open[open.length - 1];
  if (!first || !last) return null;
  return { opens: first.start, closes: last.end, ranges: open };
}

/** An entry of the old hours list: the weekdays it names, open from `opens` to `closes`. */
interface DaysHoursEntry {
  /** As the salon writes it ("Mon-Fri"); not read here. */
  readonly label?: string;
  readonly days: readonly Weekday[];
  readonly opens: string;
  readonly closes: string;
}

/** A week from entries naming their days ("Mon-Fri 10:00-20:00"); the first entry of a day wins. */
export function weeklyHoursOf(entries: readonly DaysHoursEntry[]): WeeklyHours {
  const week: Partial<Record<Weekday, HoursRange[]>> = {};
  for (const entry of entries) {
    for (const day of entry.days) {
      week[day] ??= [{ start: entry.opens, end: entry.closes }];
    }
  }
  return week;
}
