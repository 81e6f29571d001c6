import { addDaysIso, WEEKDAYS, weekdayOf } from "~/domain/booking/time-zone";

// The calendar arithmetic of the booking form's month grid (month-calendar.tsx), on ISO dates
// ("2026-12-31") and months ("2026-12").

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const monthOf = (dateIso: string) => dateIso.slice(0, 7);

/** "2026-12" plus `count` months, as "YYYY-MM". */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const total = year * 12 + (index - 1) + count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

/** The same day of another month, or its last day when that month is shorter. */
export function sameDayIn(dateIso: string, month: string): string {
  const day = Number(dateIso.slice(8, 10));
  let candidate = `${month}-01`;
  while (Number(candidate.slice(8, 10)) < day) {
    const next = addDaysIso(candidate, 1);
    if (monthOf(next) !== month) break;
    candidate = next;
  }
  return candidate;
}

/** The month's weeks, Monday first; null where a week starts before or ends after the month. */
export function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = WEEKDAYS.indexOf(weekdayOf(first));
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; monthOf(day) === month; day = addDaysIso(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Where a key moves the focus from `day`, as in a date picker; undefined for other keys. */
export function stepFrom(key: string, day: string): string | undefined {
  const weekday = WEEKDAYS.indexOf(weekdayOf(day));
  switch (key) {
    case "ArrowLeft":
      return addDaysIso(day, -1);
    case "ArrowRight":
      return addDaysIso(day, 1);
    case "ArrowUp":
      return addDaysIso(day, -7);
    case "ArrowDown":
      return addDaysIso(day, 7);
    case "Home":
      return addDaysIso(day, -weekday);
    case "End":
      return addDaysIso(day, 6 - weekday);
    case "PageUp":
      return sameDayIn(day, addMonths(monthOf(day), -1));
    case "PageDown":
      return sameDayIn(day, addMonths(monthOf(day), 1));
    default:
      return undefined;
  }
}
