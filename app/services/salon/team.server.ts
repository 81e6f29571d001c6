// The team (docs/product.md#team): technicians with their own working weeks. Services name the
// technicians who perform them (appointment_types.technicians), appointments the one booked; the
// booking engine reads the hours (technicianHoursSql, readTechnicianHours). A change of hours never
// moves an appointment: those now outside her hours are listed to staff (listTeam).
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import {
  type WeeklyHours,
  withinRanges,
  workingRanges,
} from "../../domain/booking/technician-hours";
import {
  formatDateString,
  formatSlotLabel,
  SALON_TIME_ZONE,
  salonDateOf,
} from "../../domain/booking/time-zone";
import { isUuid } from "../../domain/uuid";
import type { Database } from "../db/client.server";
import { appointments, appointmentTypes, closedDays, technicians } from "../db/schema.server";

const zone = SALON_TIME_ZONE;

/**
 * The own hours of these technicians (an SQL array of names) as one SQL value, to be read in the same
 * statement as the rest of a listing: a JSON object from name to hours, SQL null for none.
 */
export function technicianHoursSql(names: SQL): SQL<Record<string, WeeklyHours> | null> {
  return sql`(select json_object_agg(${technicians.name}, ${technicians.hours}) from ${technicians}
    where ${technicians.name} = any(${names}) and ${technicians.hours} is not null)`;
}

/** The own hours of these technicians, for the booking engine (absent: the salon's hours). */
export async function readTechnicianHours(
  db: Database,
  names: readonly string[],
): Promise<Record<string, WeeklyHours>> {
  if (names.length === 0) return {};
  const rows = await db
    .select({ name: technicians.name, hours: technicians.hours })
    .from(technicians)
    .where(inArray(technicians.name, [...names]));
  return Object.fromEntries(rows.flatMap((row) => (row.hours ? [[row.name, row.hours]] : [])));
}

/** The active technicians' names, in alphabetical order: what services and days off choose from. */
export async function listActiveTechnicianNames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: technicians.name })
    .from(technicians)
    .where(eq(technicians.active, true))
    .orderBy(asc(technicians.name));
  return rows.map((row) => row.name);
}

/** Adds these names to the team if they are not on it (the first-start catalogue seed). */
export async function ensureTechnicians(db: Database, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(technicians)
    .values([...new Set(names)].map((name) => ({ name })))
    .onConflictDoNothing();
}

interface OutsideHours {
  id: string;
  name: string;
  phone: string | null;
  typeName: string;
  /** "Tuesday, December 1 2026, 11:00 AM" on the salon's clock. */
  when: string;
}

export interface TechnicianView {
  id: string;
  name: string;
  active: boolean;
  /** null: she works whenever the salon is open. */
  hours: WeeklyHours | null;
  /** The services she performs, by name. */
  services: string[];
  /** Upcoming appointments of hers outside her hours (or all, once she left): call these. */
  outsideHours: OutsideHours[];
}

/** The whole team, active first, with their services and the appointments to look at. */
export async function listTeam(db: Database, now = new Date()): Promise<TechnicianView[]> {
  const [team, types] = await Promise.all([
    db.select().from(technicians).orderBy(sql`${technicians.active} desc`, asc(technicians.name)),
    db
      .select({ type: appointmentTypes.type, technicians: appointmentTypes.technicians })
      .from(appointmentTypes),
  ]);
  // Only a technician with her own hours, or who left, can have appointments to look at: the
  // others' upcoming appointments are not read at all.
  const watched = team.filter((t) => t.hours || !t.active).map((t) => t.name);
  const upcoming =
    watched.length === 0
      ? []
      : await db
          .select({
            id: appointments.id,
            name: appointments.name,
            phone: appointments.phone,
            typeName: appointments.typeName,
            technician: appointments.technician,
            startsAt: appointments.startsAt,
            endsAt: appointments.endsAt,
          })
          .from(appointments)
          .where(
            and(
              eq(appointments.status, "booked"),
              gt(appointments.startsAt, now),
              inArray(appointments.technician, watched),
            ),
          )
          .orderBy(asc(appointments.startsAt));
  return team.map((technician) => {
    const hours = technician.hours;
    const outside = upcoming.filter((a) => {
      if (a.technician !== technician.name) return false;
      if (!technician.active) return true;
      if (!hours) return false;
      const day = salonDateOf(a.startsAt, zone);
      return !withinRanges(
        workingRanges(hours, day, zone),
        a.startsAt.getTime(),
        a.endsAt.getTime(),
      );
    });
    return {
      id: technician.id,
      name: technician.name,
      active: technician.active,
      hours,
      services: [
        ...new Set(types.filter((t) => t.technicians.includes(technician.name)).map((t) => t.type)),
      ].sort((a, b) => a.localeCompare(b)),
      outsideHours: outside.map((a) => ({
        id: a.id,
        name: a.name,
        phone: a.phone,
        typeName: a.typeName,
        when: `${formatDateString(a.startsAt, zone)}, ${formatSlotLabel(a.startsAt, zone)}`,
      })),
    };
  });
}

export type TeamResult =
  | { ok: true; id: string; name: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "conflict"; message: string };

const nameTaken = (name: string): TeamResult => ({
  ok: false,
  kind: "invalid",
  fieldErrors: { name: `${name} is already on the team` },
});

export async function addTechnician(
  db: Database,
  input: { name: string; hours: WeeklyHours },
): Promise<TeamResult> {
  const [row] = await db
    .insert(technicians)
    .values({ name: input.name, hours: input.hours })
    .onConflictDoNothing()
    .returning({ id: technicians.id });
  return row ? { ok: true, id: row.id, name: input.name } : nameTaken(input.name);
}

/**
 * Renames and sets the hours in one transaction: her services, appointments and days off follow
 * the new name. Appointments are never moved; those now outside her hours are listed (listTeam).
 */
export async function updateTechnician(
  db: Database,
  id: unknown,
  input: { name: string; hours: WeeklyHours },
): Promise<TeamResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(technicians)
      .where(eq(technicians.id, id))
      .for("update");
    if (!current) return { ok: false, kind: "not-found" } as const;
    if (current.name !== input.name) {
      const [taken] = await tx
        .select({ id: technicians.id })
        .from(technicians)
        .where(eq(technicians.name, input.name));
      if (taken) return nameTaken(input.name);
      const from = current.name;
      const to = input.name;
      await tx
        .update(appointmentTypes)
        .set({ technicians: sql`array_replace(${appointmentTypes.technicians}, ${from}, ${to})` })
        .where(sql`${from} = any(${appointmentTypes.technicians})`);
      await tx
        .update(appointments)
        .set({ technician: to })
        .where(eq(appointments.technician, from));
      await tx.update(closedDays).set({ technician: to }).where(eq(closedDays.technician, from));
    }
    await tx
      .update(technicians)
      .set({ name: input.name, hours: input.hours })
      .where(eq(technicians.id, id));
    return { ok: true, id, name: input.name } as const;
  });
}

/**
 * Deactivates (she leaves: taken off every service, never offered again; her appointments stay,
 * listed to staff) or reactivates (back on the team; staff choose her services again). A service
 * she alone performs is named instead: give it another technician first.
 */
export async function setTechnicianActive(
  db: Database,
  id: unknown,
  active: boolean,
): Promise<TeamResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(technicians)
      .where(eq(technicians.id, id))
      .for("update");
    if (!current) return { ok: false, kind: "not-found" } as const;
    if (!active) {
      const alone = await tx
        .select({ type: appointmentTypes.type })
        .from(appointmentTypes)
        .where(sql`${appointmentTypes.technicians} = array[${current.name}]::text[]`);
      if (alone.length > 0) {
        return {
          ok: false,
          kind: "conflict",
          message: `${current.name} alone performs ${alone.map((t) => t.type).join(", ")}: give ${alone.length === 1 ? "it" : "them"} another technician first.`,
        } as const;
      }
      await tx
        .update(appointmentTypes)
        .set({ technicians: sql`array_remove(${appointmentTypes.technicians}, ${current.name})` })
        .where(sql`${current.name} = any(${appointmentTypes.technicians})`);
    }
    await tx.update(technicians).set({ active }).where(eq(technicians.id, id));
    return { ok: true, id, name: current.name } as const;
  });
}
