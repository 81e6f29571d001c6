// 'Special Hours' (docs/product.md#special-hours): dated exceptions to the week, a holiday closed
// all day, a short Christmas Eve, a vacation of several days. The booking engine reads them with
// the day (closed-days.server.ts: salonDaySql); pages list the next 60 days'. Appointments already
// booked outside the hours stay booked: the owner's pages list them, with phone numbers, to call.
import { and, asc, eq, gte } from "drizzle-orm";
import { openingHoursFor } from "../../domain/booking/opening-hours";
import { withinRanges } from "../../domain/booking/technician-hours";
import {
  addDaysIso,
  isIsoDate,
  isWallTime,
  parseWallTime,
  resolveWallTime,
  SALON_TIME_ZONE,
  salonDateOf,
} from "../../domain/booking/time-zone";
import type { SalonFacts } from "../../domain/salon/salon-details";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf, isOneLine, z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { appointments, specialHours } from "../db/schema.server";
import type { FormFields } from "../platform/form.server";
import type { AffectedAppointment } from "./closed-days.server";

const zone = SALON_TIME_ZONE;

/** At most this many days in one entry (a long vacation). */
const MAX_DAYS = 60;

/** A note shown to guests, on one line; optional. */
const noteField = z
  .string()
  .trim()
  .max(100, "At most 100 characters")
  .refine(isOneLine, "Write it on one line")
  .optional()
  .transform((value) => value ?? "");

const SpecialHoursSchema = z
  .object({
    from: z.string("Required").trim().refine(isIsoDate, "Choose a date"),
    to: z
      .string()
      .trim()
      .optional()
      .refine(
        (value) => !value || isIsoDate(value),
        "Choose a date, or leave it empty for one day",
      ),
    closed: z
      .string()
      .optional()
      .transform((value) => value !== undefined && value !== ""),
    opens: z.string().trim().optional(),
    closes: z.string().trim().optional(),
    note: noteField,
    // 'Note (Spanish)' (issue 39): optional as the note is, shown on the Spanish pages.
    noteEs: noteField,
  })
  .superRefine((value, ctx) => {
    const to = value.to || value.from;
    if (isIsoDate(to) && isIsoDate(value.from)) {
      if (to < value.from)
        ctx.addIssue({ code: "custom", path: ["to"], message: "Ends on or after the first day" });
      else if (to > addDaysIso(value.from, MAX_DAYS - 1))
        ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_DAYS} days at once` });
    }
    if (value.closed) return;
    if (!value.opens || !isWallTime(value.opens))
      ctx.addIssue({
        code: "custom",
        path: ["opens"],
        message: "Enter a time, or choose Closed all day",
      });
    else if (!value.closes || !isWallTime(value.closes))
      ctx.addIssue({
        code: "custom",
        path: ["closes"],
        message: "Enter a time, or choose Closed all day",
      });
    else if (parseWallTime(value.closes) <= parseWallTime(value.opens))
      ctx.addIssue({ code: "custom", path: ["closes"], message: "Closes after it opens" });
  });

type SpecialHoursChange =
  | { ok: true; did: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" };

function specialHoursText(row: {
  fromDate: string;
  toDate: string;
  closed: boolean;
  opens?: string | null;
  closes?: string | null;
  note: string;
}): string {
  const days = row.fromDate === row.toDate ? row.fromDate : `${row.fromDate} to ${row.toDate}`;
  const hours = row.closed ? "closed all day" : `${row.opens}-${row.closes}`;
  return `${days}, ${hours}${row.note ? ` (${row.note})` : ""}`;
}

/** Adds special hours, or changes those with `id` (inside the transaction that records it). */
export async function saveSpecialHours(
  db: Pick<Database, "insert" | "update">,
  id: string | undefined,
  input: FormFields,
): Promise<SpecialHoursChange> {
  const parsed = SpecialHoursSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const { from, to, closed, opens, closes, note, noteEs } = parsed.data;
  const row = {
    fromDate: from,
    toDate: to || from,
    closed,
    opens: closed ? null : (opens ?? null),
    closes: closed ? null : (closes ?? null),
    note,
    noteEs,
  };
  if (id === undefined || id === "") {
    await db.insert(specialHours).values(row);
    return { ok: true, did: `Added special hours: ${specialHoursText(row)}` };
  }
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const updated = await db
    .update(specialHours)
    .set(row)
    .where(eq(specialHours.id, id))
    .returning({ id: specialHours.id });
  return updated.length > 0
    ? { ok: true, did: `Changed special hours: ${specialHoursText(row)}` }
    : { ok: false, kind: "not-found" };
}

export async function deleteSpecialHours(
  db: Pick<Database, "delete">,
  id: string | undefined,
): Promise<SpecialHoursChange> {
  if (!id || !isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db.delete(specialHours).where(eq(specialHours.id, id)).returning();
  return row
    ? { ok: true, did: `Deleted special hours: ${specialHoursText(row)}` }
    : { ok: false, kind: "not-found" };
}

/** Special hours that end today or later, in date order (the page's list). */
export async function listSpecialHours(db: Database, today: string) {
  return db
    .select()
    .from(specialHours)
    .where(gte(specialHours.toDate, today))
    .orderBy(asc(specialHours.fromDate), asc(specialHours.createdAt));
}

interface HolidaySuggestion {
  dateIso: string;
  name: string;
}

/** The nth weekday (0 Sunday) of a month, or the last one when n is -1: "YYYY-MM-DD". */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const iso = (day: number) =>
    `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const matching = Array.from({ length: days }, (_, i) => i + 1).filter(
    (day) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() === weekday,
  );
  return iso((n === -1 ? matching.at(-1) : matching[n - 1]) ?? 1);
}

/** The US holidays a salon sets hours for, in a year. */
export function usHolidays(year: number): HolidaySuggestion[] {
  return [
    { dateIso: `${year}-01-01`, name: "New Year's Day" },
    { dateIso: nthWeekday(year, 5, 1, -1), name: "Memorial Day" },
    { dateIso: `${year}-07-04`, name: "Independence Day" },
    { dateIso: nthWeekday(year, 9, 1, 1), name: "Labor Day" },
    { dateIso: nthWeekday(year, 11, 4, 4), name: "Thanksgiving" },
    { dateIso: `${year}-12-24`, name: "Christmas Eve" },
    { dateIso: `${year}-12-25`, name: "Christmas Day" },
    { dateIso: `${year}-12-31`, name: "New Year's Eve" },
  ];
}

/** The holidays of the next 60 days (from today) that no special hours cover yet. */
export function holidaySuggestions(
  today: string,
  special: readonly { fromDate: string; toDate: string }[],
): HolidaySuggestion[] {
  const last = addDaysIso(today, 59);
  const year = Number(today.slice(0, 4));
  return [...usHolidays(year), ...usHolidays(year + 1)].filter(
    (holiday) =>
      holiday.dateIso >= today &&
      holiday.dateIso <= last &&
      !special.some(
        (entry) => entry.fromDate <= holiday.dateIso && holiday.dateIso <= entry.toDate,
      ),
  );
}

/**
 * Booked appointments from now on that the salon's hours no longer hold (a changed week, special
 * hours): they stay booked; staff call these customers.
 */
export async function bookedOutsideHours(
  db: Database,
  facts: SalonFacts,
  now = new Date(),
): Promise<AffectedAppointment[]> {
  const rows = await db
    .select({
      id: appointments.id,
      name: appointments.name,
      email: appointments.email,
      phone: appointments.phone,
      typeName: appointments.typeName,
      technician: appointments.technician,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .where(and(eq(appointments.status, "booked"), gte(appointments.startsAt, now)))
    .orderBy(asc(appointments.startsAt));
  return rows
    .filter((row) => {
      const dateIso = salonDateOf(row.startsAt, zone);
      const day = openingHoursFor(dateIso, facts.details.hours, [], facts.special);
      if (!day) return true;
      const ranges = day.ranges.map((r) => ({
        startMs: resolveWallTime(dateIso, parseWallTime(r.start), zone).ms,
        endMs: resolveWallTime(dateIso, parseWallTime(r.end), zone).ms,
      }));
      return !withinRanges(ranges, row.startsAt.getTime(), row.endsAt.getTime());
    })
    .map(({ endsAt: _, ...row }) => row);
}
