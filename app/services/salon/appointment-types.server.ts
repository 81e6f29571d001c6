// The services visitors book, as pages, emails and the booking engine read them.
import { asc, eq } from "drizzle-orm";
import type { AppointmentTypeRule } from "../../domain/booking/slots";
import type { Weekday } from "../../domain/booking/time-zone";
import { isUuid } from "../../domain/uuid";
import type { Database } from "../db/client.server";
import { appointmentTypes } from "../db/schema.server";

export interface AppointmentTypeView {
  id: string;
  type: string;
  category: string;
  description: string;
  durationMin: number;
  /** As shown: "$50", "$60+" (generated from the two below). */
  price: string;
  priceCents: number;
  /** A starting price: the "+" of "$60+". */
  priceFrom: boolean;
  technicians: string[];
  daysOfWeek: Weekday[];
  startTime: string;
  endTime: string;
  /** Clean-up minutes kept free after it. */
  bufferMin: number;
  /** Offered with a base service too (docs/product.md#visits). */
  addOn: boolean;
  sideBySide: boolean;
}

/** A stored type as pages and emails use it (category trimmed, weekdays as a list). */
export function toAppointmentTypeView(
  row: typeof appointmentTypes.$inferSelect,
): AppointmentTypeView {
  return {
    id: row.id,
    type: row.type,
    category: row.category.trim(),
    description: row.description,
    durationMin: row.durationMin,
    price: row.price,
    priceCents: row.priceCents,
    priceFrom: row.priceFrom,
    technicians: row.technicians,
    daysOfWeek: row.daysOfWeek.split(",") as Weekday[],
    startTime: row.startTime,
    endTime: row.endTime,
    bufferMin: row.bufferMin,
    addOn: row.addOn,
    sideBySide: row.sideBySide,
  };
}

/** The type as the booking engine (domain/booking/slots) takes it. */
export function toRule(type: AppointmentTypeView): AppointmentTypeRule {
  return {
    id: type.id,
    durationMin: type.durationMin,
    daysOfWeek: type.daysOfWeek,
    startTime: type.startTime,
    endTime: type.endTime,
    technicians: type.technicians,
    bufferMin: type.bufferMin,
    sideBySide: type.sideBySide,
  };
}

/** Spec section 7: 'Reg Mani/Pedi' first, then by category (trimmed), then by name. */
export const PUBLIC_ORDER = [
  asc(appointmentTypes.sortOrder),
  asc(appointmentTypes.category),
  asc(appointmentTypes.type),
];

export async function listAppointmentTypes(db: Database): Promise<AppointmentTypeView[]> {
  const rows = await db
    .select()
    .from(appointmentTypes)
    .orderBy(...PUBLIC_ORDER);
  return rows.map(toAppointmentTypeView);
}

export async function findAppointmentType(
  db: Database,
  id: string,
): Promise<AppointmentTypeView | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(appointmentTypes).where(eq(appointmentTypes.id, id));
  return row ? toAppointmentTypeView(row) : undefined;
}
