// What the staff calendar reads (staff-calendar.server.ts): the team with its hours, the closed
// days, and the times visitors hold (docs/product.md#holds).
import { and, asc, eq, gt, gte, lt, lte } from "drizzle-orm";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import { dayBounds } from "../booking/busy-times.server";
import type { Database } from "../db/client.server";
import { closedDays, slotHolds, technicians } from "../db/schema.server";

export interface Technician {
  name: string;
  active: boolean;
  hours: WeeklyHours | null;
}

export async function readTeam(db: Database): Promise<Technician[]> {
  return db
    .select({ name: technicians.name, active: technicians.active, hours: technicians.hours })
    .from(technicians)
    .orderBy(asc(technicians.name));
}

export async function readClosedDays(db: Database, fromIso: string, toIso: string) {
  return db
    .select({ dateIso: closedDays.date, technician: closedDays.technician })
    .from(closedDays)
    .where(and(gte(closedDays.date, fromIso), lte(closedDays.date, toIso)));
}

export interface HeldRow {
  technician: string;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
}

/** The holds not yet lapsed of the salon days `fromIso` to `toIso` (one technician's, or all). */
export async function readHolds(
  db: Database,
  fromIso: string,
  toIso: string,
  now: Date,
  technician?: string,
): Promise<HeldRow[]> {
  return db
    .select({
      technician: slotHolds.technician,
      startsAt: slotHolds.startsAt,
      endsAt: slotHolds.endsAt,
      expiresAt: slotHolds.expiresAt,
    })
    .from(slotHolds)
    .where(
      and(
        gt(slotHolds.expiresAt, now),
        gte(slotHolds.startsAt, new Date(dayBounds(fromIso).start)),
        lt(slotHolds.startsAt, new Date(dayBounds(toIso).end)),
        technician === undefined ? undefined : eq(slotHolds.technician, technician),
      ),
    );
}
