// The Team form ('Add Technician', 'Edit'): a name and a working week read from the posted
// fields, with errors keyed by field name (docs/product.md#team).
import {
  HOURS_FIELDS,
  hoursFieldName,
  technicianName,
  type WeeklyHours,
  WeeklyHoursSchema,
} from "../domain/booking/technician-hours";
import { isWallTime, WEEKDAYS } from "../domain/booking/time-zone";
import { fieldErrorsOf, z } from "../domain/zod";
import type { TeamResult } from "./team.server";

const TechnicianFormSchema = z.object({ name: technicianName });

/**
 * The Team form as a name and a working week. A day with neither start nor end is a day off; a
 * break, when given, must lie inside the day. Errors are keyed by field name ("tuesday-end").
 */
export function readTechnicianForm(
  form: FormData,
): { ok: true; name: string; hours: WeeklyHours } | Extract<TeamResult, { kind: "invalid" }> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const fieldErrors: Record<string, string> = {};
  const named = TechnicianFormSchema.safeParse({ name: text("name") });
  if (!named.success) Object.assign(fieldErrors, fieldErrorsOf(named.error.issues));
  const hours: Record<string, { start: string; end: string }[]> = {};
  for (const day of WEEKDAYS) {
    const key = (field: (typeof HOURS_FIELDS)[number]) => hoursFieldName(day, field);
    // <input type="time"> may send seconds; anything else not "HH:MM" is refused by name.
    const values = HOURS_FIELDS.map((field) => text(key(field)).replace(/^(\d\d:\d\d):00$/, "$1"));
    const [start = "", end = "", breakStart = "", breakEnd = ""] = values;
    const malformed = HOURS_FIELDS.find((_, i) => values[i] !== "" && !isWallTime(values[i] ?? ""));
    if (malformed) {
      fieldErrors[key(malformed)] = "Enter a time like 09:30";
      continue;
    }
    if (!start && !end) {
      if (breakStart || breakEnd) fieldErrors[key("start")] = "Give the day's hours first";
      continue;
    }
    if (!start || !end) {
      fieldErrors[key(start ? "end" : "start")] = "Give both the start and the end";
      continue;
    }
    if (start >= end) {
      fieldErrors[key("end")] = "Ends before it starts";
      continue;
    }
    if (!breakStart && !breakEnd) {
      hours[day] = [{ start, end }];
      continue;
    }
    if (!breakStart || !breakEnd || breakStart >= breakEnd) {
      fieldErrors[key(breakStart ? "breakEnd" : "breakStart")] = "Give the break's start and end";
      continue;
    }
    if (breakStart <= start || breakEnd >= end) {
      fieldErrors[key("breakStart")] = "The break must be inside the day";
      continue;
    }
    hours[day] = [
      { start, end: breakStart },
      { start: breakEnd, end },
    ];
  }
  const checked = WeeklyHoursSchema.safeParse(hours);
  if (!checked.success && Object.keys(fieldErrors).length === 0) {
    fieldErrors.form = "Enter times like 09:30";
  }
  if (Object.keys(fieldErrors).length > 0 || !named.success || !checked.success) {
    return { ok: false, kind: "invalid", fieldErrors };
  }
  return { ok: true, name: named.data.name, hours: checked.data };
}
