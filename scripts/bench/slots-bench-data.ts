// The data of the slots benchmark (slots.bench.ts): a service with the most technicians the schema
// allows, and 10,000 made-up appointments, on one day or over a month, inserted in batches.
import { sql } from "drizzle-orm";
import type { BusyInterval } from "../../app/domain/booking/slots";
import {
  addDaysIso,
  SALON_TIME_ZONE,
  WEEKDAYS,
  zonedDateTime,
} from "../../app/domain/booking/time-zone";
import type { Database } from "../../app/services/db/client.server";
import { appointments, appointmentTypes } from "../../app/services/db/schema.server";

export const APPOINTMENTS = 10_000;

export const zone = SALON_TIME_ZONE;
/** Fixed clock: Friday, May 1 2026, 10:00 AM in Chicago. */
export const now = new Date("2026-05-01T15:00:00.000Z");
export const DAY = "2026-05-12"; // a Tuesday: open 10:00-20:00
export const MONTH_START = "2026-06-01";
export const MONTH_DAYS = 30;

const technicianName = (i: number) => `W${String(i + 1).padStart(3, "0")}`;
export const TYPE_TECHNICIANS = Array.from({ length: 10 }, (_, i) => technicianName(i));

export type BenchType = typeof appointmentTypes.$inferSelect;

/** The bench's service: ten technicians, every weekday 10:00-20:00, 30 minutes. */
export async function insertBenchType(db: Database): Promise<BenchType> {
  const [type] = await db
    .insert(appointmentTypes)
    .values({
      type: "Bench Full Set",
      category: "Bench",
      daysOfWeek: WEEKDAYS.join(","),
      durationMin: 30,
      description: "A service with the most technicians the schema allows.",
      startTime: "10:00",
      endTime: "20:00",
      technicians: TYPE_TECHNICIANS,
      priceCents: 5000,
    })
    .returning();
  if (!type) throw new Error("No bench type");
  return type;
}

export async function insertAll(db: Database, rows: BusyInterval[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db.insert(appointments).values(
      rows.slice(i, i + 1_000).map((row, j) => ({
        name: `Bench Customer ${i + j}`,
        email: `customer${i + j}@example.com`,
        typeName: "Bench Service",
        category: "Bench",
        technician: row.technician,
        startsAt: new Date(row.startMs),
        endsAt: new Date(row.endMs),
        priceCents: 5000,
        channel: "staff" as const,
      })),
    );
  }
}

const MINUTE = 60_000;

/** 125 technicians x 80 appointments of 5 minutes, one every 6 minutes from 10:00: one busy day. */
export function oneDayOfAppointments(): BusyInterval[] {
  const opening = zonedDateTime(DAY, "10:00", zone).getTime();
  const rows: BusyInterval[] = [];
  for (let w = 0; rows.length < APPOINTMENTS; w++) {
    for (let k = 0; k < 80 && rows.length < APPOINTMENTS; k++) {
      const start = opening + k * 6 * MINUTE;
      rows.push({ technician: technicianName(w), startMs: start, endMs: start + 5 * MINUTE });
    }
  }
  return rows;
}

/** The service's 10 technicians, back-to-back 15-minute appointments from 10:00 every day of June. */
export function oneMonthOfAppointments(): BusyInterval[] {
  const perTechnicianDay = Math.ceil(APPOINTMENTS / (MONTH_DAYS * TYPE_TECHNICIANS.length));
  const rows: BusyInterval[] = [];
  for (let k = 0; k < perTechnicianDay; k++) {
    for (let d = 0; d < MONTH_DAYS; d++) {
      const opening = zonedDateTime(addDaysIso(MONTH_START, d), "10:00", zone).getTime();
      for (const technician of TYPE_TECHNICIANS) {
        if (rows.length === APPOINTMENTS) return rows;
        const start = opening + k * 15 * MINUTE;
        rows.push({ technician, startMs: start, endMs: start + 15 * MINUTE });
      }
    }
  }
  return rows;
}

/**
 * For a visit of three services (docs/product.md#visits): two more with the same technicians, one of
 * them side by side with the bench's service, which is made side by side too. Returns all three.
 */
export async function insertVisitTypes(db: Database, type: BenchType): Promise<BenchType[]> {
  const more = await db
    .insert(appointmentTypes)
    .values(
      [
        { type: "Bench Pedicure", durationMin: 45, sideBySide: true },
        { type: "Bench Massage", durationMin: 20, sideBySide: false },
      ].map((extra) => ({
        ...extra,
        category: "Bench",
        daysOfWeek: WEEKDAYS.join(","),
        description: "A second service for the visit bench.",
        startTime: "10:00",
        endTime: "20:00",
        technicians: TYPE_TECHNICIANS,
        priceCents: 4000,
      })),
    )
    .returning();
  await db
    .update(appointmentTypes)
    .set({ sideBySide: true })
    .where(sql`${appointmentTypes.id} = ${type.id}`);
  return [type, ...more];
}
