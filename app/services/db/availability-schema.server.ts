// The availability the database's triggers keep (docs/decisions/013-slot-listing-cache.md): each
// day's version and each technician's booked times per day, read by the slot listing. Re-exported by
// schema.server.ts. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  date,
  doublePrecision,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";

/** PostgreSQL's tstzmultirange, as its text ("{[start,end),...}"): read only inside SQL. */
const tstzMultirange = customType<{ data: string }>({ dataType: () => "tstzmultirange" });

/**
 * When what a day's free times depend on last changed, for the slot listing cache
 * (app/services/booking/slot-listing-cache.server.ts). Written only by the triggers of drizzle/0006: any
 * change to an appointment sets the UTC days it touches, before and after, to the next value of
 * availability_version_seq; a change to closed days or appointment types sets the row of day
 * '-infinity', which every day reads. In the same transaction as the change.
 */
export const availabilityVersions = pgTable("availability_versions", {
  day: date("day", { mode: "string" }).primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * Each technician's booked times per UTC day, for the listing (services/booking/busy-times.server.ts):
 * the booked appointments of `technician` that overlap the UTC day `day`, as epoch seconds in start
 * order (`starts[i]` to `ends[i]`). A row of ready-made lists per technician is read in a fraction of
 * the time the appointments themselves take (one row each, timestamps to convert). Written only
 * by the triggers of drizzle/0007, in the same transaction as the change, after the day's
 * availability version row is locked; no row for a day without booked appointments.
 */
export const technicianBusyDays = pgTable(
  "technician_busy_days",
  {
    technician: text("technician").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    starts: doublePrecision("starts").array().notNull(),
    ends: doublePrecision("ends").array().notNull(),
    /**
     * The same times as one multirange (busy_ranges, drizzle/0030), kept by PostgreSQL with the
     * row, merged where they touch: the month calendar (app/services/booking/month-data.server.ts)
     * reads a month of them, a few ranges per technician and day instead of every appointment.
     */
    busy: tstzMultirange("busy").generatedAlwaysAs(sql`busy_ranges(starts, ends)`),
  },
  (table) => [primaryKey({ columns: [table.technician, table.day] })],
);
