import type { OpeningHours } from "~/content/business";
import { parseWallTime, type Weekday, weekdayOf } from "./time-zone";

/** What this module reads of an OpeningHours entry; readonly so `as const` content fits too. */
export type OpeningHoursLike = Readonly<Pick<OpeningHours, "opens" | "closes">> & {
  readonly days: readonly Weekday[];
};

export interface DayHours {
  /** Salon wall-clock "HH:MM". */
  opens: string;
  closes: string;
}

/**
 * The salon's hours on a calendar date, or null when it is closed: a listed closed date, a
 * weekday no entry names, or an entry that does not open before it closes. The hours are a
 * parameter (not the business content) so the domain stays generic and testable. One entry per
 * weekday is expected; if several name the same day the first wins.
 */
export function openingHoursFor(
  dateIso: string,
  hours: readonly OpeningHoursLike[],
  closedDates: readonly string[] = [],
): DayHours | null {
  if (closedDates.includes(dateIso)) return null;
  const weekday = weekdayOf(dateIso);
  const entry = hours.find((h) => h.days.includes(weekday));
  if (!entry) return null;
  if (parseWallTime(entry.closes) <= parseWallTime(entry.opens)) return null;
  return { opens: entry.opens, closes: entry.closes };
}
