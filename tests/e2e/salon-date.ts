import {
  addDaysIso,
  SALON_TIME_ZONE,
  salonDateOf,
  type Weekday,
  weekdayOf,
} from "../../app/domain/booking/time-zone";

// The salon's calendar dates the specs book on. Each spec books days of its own, far enough from
// the others' that files running side by side never meet.

/**
 * The salon's date the run started on: playwright.config.ts fixes it once for the seed and every
 * test process, so a run that crosses midnight still agrees with the seed on which day is which.
 */
export function baseSalonDate(): string {
  return process.env.E2E_BASE_DATE ?? salonDateOf(Date.now(), SALON_TIME_ZONE);
}

/** The salon's calendar date ("YYYY-MM-DD") `days` after the run's base date. */
export function salonDate(days: number): string {
  return addDaysIso(baseSalonDate(), days);
}

/**
 * The salon's calendar date `days` from now, or the day after when that is a Sunday (waxing is
 * Monday to Saturday). So numbers one apart can name the same day: tests that book keep theirs
 * at least two apart (fullyParallel runs a file's tests side by side too).
 */
export function salonDateNotSunday(days: number): string {
  const date = salonDate(days);
  return weekdayOf(date) === "Sunday" ? salonDate(days + 1) : date;
}

/** The salon's first calendar date at least `days` from now that is a `weekday`. */
export function nextSalonWeekday(weekday: Weekday, days: number): string {
  for (let ahead = days; ; ahead++) {
    const date = salonDate(ahead);
    if (weekdayOf(date) === weekday) return date;
  }
}
