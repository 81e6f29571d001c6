// The team half of the booking schema (docs/architecture.md#data): the technicians and the days
// without bookings. Same rules as schema.server.ts, which re-exports it: every text has a length
// limit. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import { instant } from "./columns.server";

/**
 * Days without bookings: the whole salon (technician null, a holiday) or one technician (a day off).
 * Salon calendar dates "YYYY-MM-DD"; one row per date and technician (or salon).
 */
export const closedDays = pgTable(
  "closed_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    date: text("date").notNull(),
    technician: text("technician"),
    note: text("note"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("closed_days_date_technician").on(
      table.date,
      sql`coalesce(${table.technician}, '')`,
    ),
    check("closed_days_date", sql`${table.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check("closed_days_technician_length", sql`char_length(${table.technician}) between 1 and 40`),
    check("closed_days_note_length", sql`char_length(${table.note}) <= 200`),
  ],
);

/**
 * The team (docs/product.md#team): every name a service, an appointment or a day off gives as its
 * technician is a technician's. Services keep their technicians' names (appointment_types.technicians) and
 * appointments the name they were booked with; a rename changes them all in one transaction
 * (app/services/salon/team.server.ts). A technician who leaves is made inactive, never deleted, so her
 * past appointments keep their column. Changes bump every day's availability (drizzle/0015).
 */
export const technicians = pgTable(
  "technicians",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    /** Her working week (domain/booking/technician-hours.ts); null: whenever the salon is open. */
    hours: jsonb("hours").$type<WeeklyHours>(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("technicians_name").on(table.name),
    check("technicians_name_length", sql`char_length(${table.name}) between 1 and 40`),
  ],
);
