import { salonWallClock } from "./time-zone";

// The staff calendar's grid (docs/product.md#calendar): wall-clock minutes of the salon's day,
// shown in rows of 15 minutes. Pure arithmetic, so the day view and the week view share it and
// tests can pin it down.

export const CALENDAR_ROW_MINUTES = 15;
const DAY_MINUTES = 24 * 60;

/** Minutes after midnight on the salon's clock, [start, end). */
export interface WallRange {
  start: number;
  end: number;
}

/**
 * Where an instant falls on a salon date, in wall minutes: before the date is 0, after it is the
 * day's end (an appointment running past midnight ends at the bottom of its day).
 */
export function wallMinutesOn(dateIso: string, instant: Date | number, zone: string): number {
  const wall = salonWallClock(instant, zone);
  if (wall.dateIso < dateIso) return 0;
  if (wall.dateIso > dateIso) return DAY_MINUTES;
  return wall.minutes;
}

/**
 * The rows to show: from the earliest to the latest of these spans (the salon's hours, the
 * technicians' hours, the appointments), widened to whole quarter hours; null when there is none.
 */
export function calendarWindow(spans: readonly WallRange[]): WallRange | null {
  if (spans.length === 0) return null;
  const start = Math.min(...spans.map((span) => span.start));
  const end = Math.max(...spans.map((span) => span.end));
  return {
    start: Math.floor(start / CALENDAR_ROW_MINUTES) * CALENDAR_ROW_MINUTES,
    end: Math.ceil(end / CALENDAR_ROW_MINUTES) * CALENDAR_ROW_MINUTES,
  };
}

/** The part of each range inside `within` (her own hours on a day the salon keeps shorter ones). */
export function clipRanges(ranges: readonly WallRange[], within: WallRange): WallRange[] {
  return ranges
    .map((r) => ({ start: Math.max(r.start, within.start), end: Math.min(r.end, within.end) }))
    .filter((r) => r.start < r.end);
}

/**
 * The quarter hours a booking could start from in one column: wholly inside a working range,
 * clear of every busy range, and not before `notBefore` (the present, on today).
 */
export function freeQuarters(
  working: readonly WallRange[],
  busy: readonly WallRange[],
  notBefore = 0,
): number[] {
  const quarters: number[] = [];
  for (const range of working) {
    const first = Math.ceil(range.start / CALENDAR_ROW_MINUTES) * CALENDAR_ROW_MINUTES;
    for (let q = first; q + CALENDAR_ROW_MINUTES <= range.end; q += CALENDAR_ROW_MINUTES) {
      const end = q + CALENDAR_ROW_MINUTES;
      if (q < notBefore) continue;
      if (busy.some((b) => b.start < end && q < b.end)) continue;
      quarters.push(q);
    }
  }
  return quarters;
}
