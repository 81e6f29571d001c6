// Holidays and days off (/scheduleadmin): on a closed date no service is offered; on a technician's
// day off that technician is not offered. The booking engine takes both as inputs (domain/booking),
// so listing, confirming and moving an appointment all see the same closed days.
import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SpecialHoursLike } from "../../domain/booking/opening-hours";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import {
  addDaysIso,
  isIsoDate,
  SALON_TIME_ZONE,
  zonedDateTime,
} from "../../domain/booking/time-zone";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf, z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { appointments, closedDays, siteDetails, specialHours } from "../db/schema.server";
import { seedDetailsRow } from "./salon-details.server";
import { listActiveTechnicianNames } from "./team.server";

const zone = SALON_TIME_ZONE;

export interface ClosedDaysOn {
  closedDates: string[];
  technicianDaysOff: { technician: string; dateIso: string }[];
  /** The salon's week ('Opening Hours'). */
  hours: WeeklyHours;
  /** The special hours covering the date ('Special Hours'), the one added last deciding. */
  specialHours: SpecialHoursLike[];
}

/** What the booking engine needs for one salon date: days off, the week, special hours. */
export async function closedDaysOn(db: Database, dateIso: string): Promise<ClosedDaysOn> {
  if (!isIsoDate(dateIso)) return toClosedDaysOn(dateIso, [], null);
  const result = await db.execute(
    sql`select ${closedDayTechniciansSql(dateIso)} as technicians, ${salonDaySql(dateIso)} as salon`,
  );
  const { rows } = result as unknown as {
    rows: { technicians: (string | null)[] | null; salon: SalonDayRules | null }[];
  };
  const row = rows[0];
  return toClosedDaysOn(dateIso, row?.technicians ?? [], row?.salon ?? null);
}

/**
 * The date's closed days (a date, or an SQL value or placeholder) as one SQL value, to be read in
 * the same statement as other things (the slot listing): a JSON list of their technicians, null standing for
 * the whole salon; SQL null for none. toClosedDaysOn turns the list into closedDaysOn's answer.
 */
export function closedDayTechniciansSql(dateIso: string | SQL): SQL<(string | null)[] | null> {
  return sql`(select json_agg(${closedDays.technician}) from ${closedDays} where ${closedDays.date} = ${dateIso})`;
}

/** The salon's week and the date's special hours, as read in one statement (salonDaySql). */
interface SalonDayRules {
  hours: WeeklyHours | null;
  special: SpecialHoursLike[] | null;
}

/**
 * The salon's week and the special hours covering the date, as one JSON value for the same
 * statement as closedDayTechniciansSql.
 */
export function salonDaySql(dateIso: string | SQL): SQL<SalonDayRules> {
  return sql`json_build_object(
    'hours', (select ${siteDetails.hours} from ${siteDetails} where ${siteDetails.id} = 1),
    'special', (select json_agg(json_build_object('fromDate', ${specialHours.fromDate},
        'toDate', ${specialHours.toDate}, 'closed', ${specialHours.closed},
        'opens', ${specialHours.opens}, 'closes', ${specialHours.closes})
        order by ${specialHours.createdAt})
      from ${specialHours}
      where ${specialHours.fromDate} <= ${dateIso} and ${specialHours.toDate} >= ${dateIso}))`;
}

export function toClosedDaysOn(
  dateIso: string,
  technicians: readonly (string | null)[],
  salon: SalonDayRules | null,
): ClosedDaysOn {
  return {
    closedDates: technicians.includes(null) ? [dateIso] : [],
    technicianDaysOff: technicians.flatMap((technician) =>
      technician ? [{ technician, dateIso }] : [],
    ),
    // A database whose details were never read has no row yet: its first-start week.
    hours: salon?.hours ?? seedDetailsRow().hours ?? {},
    specialHours: salon?.special ?? [],
  };
}

export interface AffectedAppointment {
  id: string;
  name: string;
  /** None for a caller booked by phone alone. */
  email: string | null;
  phone: string | null;
  typeName: string;
  technician: string;
  startsAt: Date;
}

export interface ClosedDayView {
  id: string;
  dateIso: string;
  /** null: the whole salon is closed. */
  technician: string | null;
  note: string | null;
  /** Booked appointments that fall on it (of that technician for a day off): call these customers. */
  affected: AffectedAppointment[];
}

/** Closed days and days off from `fromIso` on, each with the appointments still booked on it. */
export async function listClosedDays(db: Database, fromIso: string): Promise<ClosedDayView[]> {
  const rows = await db
    .select()
    .from(closedDays)
    .where(gte(closedDays.date, fromIso))
    .orderBy(asc(closedDays.date), sql`${closedDays.technician} nulls first`);
  const views: ClosedDayView[] = [];
  for (const row of rows) {
    views.push({
      id: row.id,
      dateIso: row.date,
      technician: row.technician,
      note: row.note,
      affected: await bookedOn(db, row.date, row.technician),
    });
  }
  return views;
}

async function bookedOn(
  db: Database,
  dateIso: string,
  technician: string | null,
): Promise<AffectedAppointment[]> {
  const dayStart = zonedDateTime(dateIso, "00:00", zone);
  const dayEnd = zonedDateTime(addDaysIso(dateIso, 1), "00:00", zone);
  return db
    .select({
      id: appointments.id,
      name: appointments.name,
      email: appointments.email,
      phone: appointments.phone,
      typeName: appointments.typeName,
      technician: appointments.technician,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "booked"),
        gte(appointments.startsAt, dayStart),
        lt(appointments.startsAt, dayEnd),
        technician === null ? undefined : eq(appointments.technician, technician),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.technician));
}

/** The active technicians: the choices for a day off (docs/product.md#team). */
export async function listTechnicians(db: Database): Promise<string[]> {
  return listActiveTechnicianNames(db);
}

const ClosedDaySchema = z.object({
  date: z.string().refine(isIsoDate, "Choose a date."),
  technician: z
    .string()
    .trim()
    .max(40, "Choose one of the workers.")
    .optional()
    .transform((value) => (value ? value : null)),
  note: z
    .string()
    .trim()
    .max(200, "Keep the note under 200 characters.")
    .optional()
    .transform((value) => (value ? value : null)),
});

type AddClosedDayResult =
  | { ok: true; day: ClosedDayView }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "exists" };

/**
 * Closes a salon date (no technician) or gives a technician a day off. Dates before `today` are refused;
 * an existing row for the same date and technician is reported, not duplicated. The answer lists the
 * appointments already booked then, so staff can contact those customers.
 */
export async function addClosedDay(
  db: Database,
  input: { date?: unknown; technician?: unknown; note?: unknown },
  options: { today: string; technicians: readonly string[] },
): Promise<AddClosedDayResult> {
  const parsed = ClosedDaySchema.safeParse({
    date: typeof input.date === "string" ? input.date : "",
    technician: typeof input.technician === "string" ? input.technician : undefined,
    note: typeof input.note === "string" ? input.note : undefined,
  });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const fieldErrors: Record<string, string> = {};
  const { date, technician, note } = parsed.data;
  if (date < options.today) fieldErrors.date = "Choose today or a later date.";
  // The whole salon closes in 'Special Hours' (special-hours.server.ts); here, technicians' days off.
  if (technician === null || !options.technicians.includes(technician)) {
    fieldErrors.technician = "Choose one of the workers.";
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, kind: "invalid", fieldErrors };
  const [row] = await db
    .insert(closedDays)
    .values({ date, technician, note })
    .onConflictDoNothing()
    .returning();
  if (!row) return { ok: false, kind: "exists" };
  return {
    ok: true,
    day: {
      id: row.id,
      dateIso: row.date,
      technician,
      note,
      affected: await bookedOn(db, date, technician),
    },
  };
}

/** Opens a closed date (or ends a day off) again. */
export async function removeClosedDay(
  db: Database,
  id: unknown,
): Promise<{ dateIso: string; technician: string | null } | null> {
  if (!isUuid(id)) return null;
  const [deleted] = await db
    .delete(closedDays)
    .where(eq(closedDays.id, id))
    .returning({ dateIso: closedDays.date, technician: closedDays.technician });
  return deleted ?? null;
}
