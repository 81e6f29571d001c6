// The Team form ('Add Technician', 'Edit'): a name and a working week read from the posted
// fields, with errors keyed by field name (docs/product.md#team).
import {
  HOURS_FIELDS,
  hoursFieldName,
  technicianName,
  type WeeklyHours,
  WeeklyHoursSchema,
} from "../../domain/booking/technician-hours";
import { isWallTime, WEEKDAYS } from "../../domain/booking/time-zone";
import { fieldErrorsOf, z } from "../../domain/zod";
import type { TeamResult } from "./team.server";

const TechnicianFormSchema = z.object({ name: technicianName });

/**
 * The Team form as a name and a working week. A day with neither start nor end is a day off; a
 * break (up to two), when given, must lie inside the day, the second after the first. Errors are keyed by field name ("tuesday-end").
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
    const [start = "", end = "", b1s = "", b1e = "", b2s = "", b2e = ""] = values;
    const malformed = HOURS_FIELDS.find((_, i) => values[i] !== "" && !isWallTime(values[i] ?? ""));
    if (malformed) {
      fieldErrors[key(malformed)] = "Enter a time like 09:30";
      continue;
    }
    if (!start && !end) {
      if (b1s || b1e || b2s || b2e) fieldErrors[key("start")] = "Give the day's hours first";
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
    // Each break given whole, inside the day, the second after the first.
    const breaks: { start: string; end: string }[] = [];
    let from = start;
    let refused = false;
    for (const [bs, be, startField, endField] of [
      [b1s, b1e, "breakStart", "breakEnd"],
      [b2s, b2e, "break2Start", "break2End"],
    ] as const) {
      if (!bs && !be) continue;
      if (!bs || !be || bs >= be) {
        fieldErrors[key(bs ? endField : startField)] = "Give the break's start and end";
        refused = true;
        break;
      }
      if (bs <= from || be >= end) {
        fieldErrors[key(startField)] =
          from === start
            ? "The break must be inside the day"
            : "After the first break, inside the day";
        refused = true;
        break;
      }
      breaks.push({ start: bs, end: be });
      from = be;
    }
    if (refused) continue;
    const ranges: { start: string; end: string }[] = [];
    let at = start;
    for (const gap of breaks) {
      ranges.push({ start: at, end: gap.start });
      at = gap.end;
    }
    ranges.push({ start: at, end });
    hours[day] = ranges;
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
