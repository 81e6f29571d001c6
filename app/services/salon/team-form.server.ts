// The Team form ('Add Technician', 'Edit'): a name and a working week read from the posted
// fields, with errors keyed by field name (docs/product.md#team), and the section's posts.
import {
  HOURS_FIELDS,
  type HoursField,
  type HoursRange,
  hoursFieldName,
  technicianName,
  type WeeklyHours,
  WeeklyHoursSchema,
} from "../../domain/booking/technician-hours";
import { isWallTime, WEEKDAYS } from "../../domain/booking/time-zone";
import { fieldErrorsOf, z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { parseForm, textFields } from "../platform/form.server";
import {
  addTechnician,
  setTechnicianActive,
  type TeamResult,
  updateTechnician,
} from "./team.server";

const TechnicianFormSchema = z.object({ name: technicianName });

/** A field of the form, trimmed; a missing one reads as empty. */
const trimmed = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

/** The Team form's fields: the name, and per weekday its start, end and two breaks. */
const TeamForm = z.object(
  Object.fromEntries([
    ["name", trimmed],
    ...WEEKDAYS.flatMap((day) =>
      HOURS_FIELDS.map((field) => [hoursFieldName(day, field), trimmed]),
    ),
  ]) as Record<string, typeof trimmed>,
);

/**
 * The Team form as a name and a working week. A day with neither start nor end is a day off; a
 * break (up to two), when given, must lie inside the day, the second after the first. Errors are keyed by field name ("tuesday-end").
 */
export function readTechnicianForm(
  form: FormData,
): { ok: true; name: string; hours: WeeklyHours } | Extract<TeamResult, { kind: "invalid" }> {
  const read = parseForm(form, TeamForm);
  if (!read.ok) return { ok: false, kind: "invalid", fieldErrors: read.fieldErrors };
  const fields = read.data;
  const fieldErrors: Record<string, string> = {};
  const named = TechnicianFormSchema.safeParse({ name: fields.name });
  if (!named.success) Object.assign(fieldErrors, fieldErrorsOf(named.error.issues));
  const hours: Record<string, HoursRange[]> = {};
  for (const day of WEEKDAYS) {
    const key = (field: HoursField) => hoursFieldName(day, field);
    // <input type="time"> may send seconds; anything else not "HH:MM" is refused by name.
    const values = HOURS_FIELDS.map((field) =>
      (fields[key(field)] ?? "").replace(/^(\d\d:\d\d):00$/, "$1"),
    );
    const ranges = dayRanges(values);
    if (Array.isArray(ranges)) {
      if (ranges.length > 0) hours[day] = ranges;
    } else {
      fieldErrors[key(ranges.field)] = ranges.message;
    }
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

export type TeamIntent =
  | "add-technician"
  | "update-technician"
  | "deactivate-technician"
  | "reactivate-technician";

const IdForm = textFields("id");

/** The 'Team' section's posts (/scheduleadmin's action hands them here). */
export async function teamAction(
  db: Database,
  intent: TeamIntent,
  form: FormData,
): Promise<TeamResult> {
  const read = parseForm(form, IdForm);
  if (!read.ok) return { ok: false, kind: "invalid", fieldErrors: read.fieldErrors };
  const { id } = read.data;
  if (intent === "deactivate-technician" || intent === "reactivate-technician") {
    return setTechnicianActive(db, id, intent === "reactivate-technician");
  }
  const technician = readTechnicianForm(form);
  if (!technician.ok) return technician;
  return intent === "add-technician"
    ? addTechnician(db, technician)
    : updateTechnician(db, id, technician);
}

/**
 * One day's ranges from its six fields in HOURS_FIELDS order (none: a day off), or the first
 * field refused and why.
 */
function dayRanges(values: string[]): HoursRange[] | { field: HoursField; message: string } {
  const [start = "", end = "", b1s = "", b1e = "", b2s = "", b2e = ""] = values;
  const malformed = HOURS_FIELDS.find((_, i) => values[i] !== "" && !isWallTime(values[i] ?? ""));
  if (malformed) return { field: malformed, message: "Enter a time like 09:30" };
  if (!start && !end) {
    if (b1s || b1e || b2s || b2e) return { field: "start", message: "Give the day's hours first" };
    return [];
  }
  if (!start || !end) {
    return { field: start ? "end" : "start", message: "Give both the start and the end" };
  }
  if (start >= end) return { field: "end", message: "Ends before it starts" };
  // Each break given whole, inside the day, the second after the first.
  const breaks: HoursRange[] = [];
  let from = start;
  for (const [bs, be, startField, endField] of [
    [b1s, b1e, "breakStart", "breakEnd"],
    [b2s, b2e, "break2Start", "break2End"],
  ] as const) {
    if (!bs && !be) continue;
    if (!bs || !be || bs >= be) {
      return { field: bs ? endField : startField, message: "Give the break's start and end" };
    }
    if (bs <= from || be >= end) {
      const message =
        from === start
          ? "The break must be inside the day"
          : "After the first break, inside the day";
      return { field: startField, message };
    }
    breaks.push({ start: bs, end: be });
    from = be;
  }
  const ranges: HoursRange[] = [];
  let at = start;
  for (const gap of breaks) {
    ranges.push({ start: at, end: gap.start });
    at = gap.end;
  }
  ranges.push({ start: at, end });
  return ranges;
}
