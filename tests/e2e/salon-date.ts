import {
  SALON_TIME_ZONE,
  salonDateOf,
  type Weekday,
  weekdayOf,
} from "../../app/domain/booking/time-zone";

// The salon's calendar dates the specs book on. Each spec books days of its own, far enough from
// the others' that files running side by side never meet.

/** The salon's calendar date ("YYYY-MM-DD") `days` from now. */
export function salonDate(days: number): string {
  return salonDateOf(Date.now() + days * 86_400_000, SALON_TIME_ZONE);
}

/** The salon's calendar date `days` from now, or the day after when that is a Sunday (waxing is Monday to Saturday). */
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
