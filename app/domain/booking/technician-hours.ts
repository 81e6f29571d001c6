import { nameField, z } from "../zod";
import {
  isWallTime,
  parseWallTime,
  resolveWallTime,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from "./time-zone";

// A technician's working week (docs/product.md#team): on each weekday she works, one or more
// ranges of the salon's wall clock, a break being the gap between two. A weekday absent is a day
// she does not work. The booking engine offers her only for times inside one of the day's ranges.

export interface HoursRange {
  /** Salon wall-clock "HH:MM". */
  start: string;
  end: string;
}

export type WeeklyHours = Partial<Record<Weekday, readonly HoursRange[]>>;

const TEAM_LIMITS = { name: 40, rangesPerDay: 4 } as const;

export const technicianName = nameField(TEAM_LIMITS.name);

/** Minutes after midnight, or NaN for a malformed time (zod still runs the checks below). */
const minutesOf = (value: string | undefined) =>
  value !== undefined && isWallTime(value) ? parseWallTime(value) : Number.NaN;

const range = z
  .object({ start: z.string().refine(isWallTime), end: z.string().refine(isWallTime) })
  .refine((r) => minutesOf(r.start) < minutesOf(r.end), "Ends before it starts");

/** Stored hours (JSON) and the service's input alike: ranges in order, none overlapping. */
export const WeeklyHoursSchema = z
  .partialRecord(z.enum(WEEKDAYS as [Weekday, ...Weekday[]]), z.array(range).max(4))
  .refine(
    (hours) =>
      Object.values(hours).every((ranges) =>
        (ranges ?? []).every(
          (r, i, all) => i === 0 || minutesOf(all[i - 1]?.end) <= minutesOf(r.start),
        ),
      ),
    "Ranges must be in order and not overlap",
  );

/** The instants she works on `dateIso` (salon date), in order; none on a day she is off. */
export function workingRanges(
  hours: WeeklyHours,
  dateIso: string,
  zone: string,
): { startMs: number; endMs: number }[] {
  return (hours[weekdayOf(dateIso)] ?? []).map((r) => ({
    startMs: resolveWallTime(dateIso, parseWallTime(r.start), zone).ms,
    endMs: resolveWallTime(dateIso, parseWallTime(r.end), zone).ms,
  }));
}

/** Whether [startMs, endMs) lies inside one of the ranges (a break between two splits it). */
export function withinRanges(
  ranges: readonly { startMs: number; endMs: number }[],
  startMs: number,
  endMs: number,
): boolean {
  return ranges.some((r) => r.startMs <= startMs && endMs <= r.endMs);
}

/** "Tue 12:00-14:00, 14:30-18:00 · Wed ..." for a list; "No hours" when she works no day. */
export function describeWeeklyHours(hours: WeeklyHours): string {
  const days = WEEKDAYS.filter((day) => (hours[day]?.length ?? 0) > 0).map(
    (day) =>
      `${day.slice(0, 3)} ${(hours[day] ?? []).map((r) => `${r.start}-${r.end}`).join(", ")}`,
  );
  return days.length > 0 ? days.join(" · ") : "No hours";
}

/** The Team form's hours fields: per weekday a start and end, and up to two breaks. */
export const HOURS_FIELDS = [
  "start",
  "end",
  "breakStart",
  "breakEnd",
  "break2Start",
  "break2End",
] as const;
export type HoursField = (typeof HOURS_FIELDS)[number];
export const hoursFieldName = (day: Weekday, field: HoursField) => `${day.toLowerCase()}-${field}`;

/**
 * A week as the form shows it: per weekday its start, end and breaks, a break being the gap
 * between two ranges (empty strings for none).
 */
export function hoursFormValues(hours: WeeklyHours): Record<string, string> {
  const values: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const ranges = hours[day] ?? [];
    const gap = (i: number) => ({ start: ranges[i]?.end ?? "", end: ranges[i + 1]?.start ?? "" });
    const first = gap(0);
    const second = gap(1);
    values[hoursFieldName(day, "start")] = ranges[0]?.start ?? "";
    values[hoursFieldName(day, "end")] = ranges[ranges.length - 1]?.end ?? "";
    values[hoursFieldName(day, "breakStart")] = ranges.length > 1 ? first.start : "";
    values[hoursFieldName(day, "breakEnd")] = ranges.length > 1 ? first.end : "";
    values[hoursFieldName(day, "break2Start")] = ranges.length > 2 ? second.start : "";
    values[hoursFieldName(day, "break2End")] = ranges.length > 2 ? second.end : "";
  }
  return values;
}
