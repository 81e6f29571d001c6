// The owner's report figures the database keeps (docs/product.md#reports, docs/performance.md
// "Reports over a year"): per salon date, per customer and per visit, written only by the
// statement triggers of drizzle/0032 on appointments, in the same transaction as each change, so
// a year's report sums a few thousand rows instead of reading every appointment. Re-exported by
// schema.server.ts. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { instant } from "./columns.server";

/** PostgreSQL's datemultirange, as its text: read only inside SQL. */
const dateMultirange = customType<{ data: string }>({ dataType: () => "datemultirange" });

const day = () => date("day", { mode: "string" }).notNull();
const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** A technician's counts (pending online bookings aside): kept, what became of them, cancelled. */
const technicianCounts = () => ({
  technician: text("technician").notNull(),
  booked: count("booked"),
  completed: count("completed"),
  noShows: count("no_shows"),
  cancelled: count("cancelled"),
  /** Completed with an amount charged. */
  charged: count("charged"),
  chargedCents: cents("charged_cents"),
  tipCents: cents("tip_cents"),
  bookedSeconds: numeric("booked_seconds").notNull().default("0"),
});

/** Each technician's appointments starting on a salon date. */
export const reportDays = pgTable("report_days", { day: day(), ...technicianCounts() }, (table) => [
  primaryKey({ columns: [table.day, table.technician] }),
]);

/**
 * The same by calendar month (`day`: its first date): a period's whole months are read here, so
 * a year is 12 rows a technician; only the dates before and after them are read by day.
 */
export const reportMonths = pgTable(
  "report_months",
  { day: day(), ...technicianCounts() },
  (table) => [primaryKey({ columns: [table.day, table.technician] })],
);

/**
 * Counts of a salon date by kind: 'service' (name: the service; cents charged on its completed
 * ones) and 'channel' (name: how it was booked), of kept appointments starting that day; and, by
 * visit (name ''), 'done' (visits whose first completed appointment starts that day), 'rebooked'
 * (of those, the customer booked another visit within 24 hours of its end) and 'online' (visits
 * booked online, by the date they were made); and (name '') 'charged' (completed with an amount:
 * count and cents) and 'unmarked' (kept, not marked yet: their booked price, upcoming once past).
 */
export const reportDayCounts = pgTable(
  "report_day_counts",
  {
    day: day(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    count: count("count"),
    cents: cents("cents"),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.name] })],
);

/** Kept appointments' seconds by salon date (of their start) and wall-clock hour: busiest times. */
export const reportHours = pgTable(
  "report_hours",
  {
    day: day(),
    hour: integer("hour").notNull(),
    appointments: count("appointments"),
    seconds: numeric("seconds").notNull().default("0"),
  },
  (table) => [primaryKey({ columns: [table.day, table.hour] })],
);

/** Cancelled appointments by salon date and how long before their start (ms, rounded down). */
export const reportCancellations = pgTable(
  "report_cancellations",
  {
    day: day(),
    leadMs: bigint("lead_ms", { mode: "number" }).notNull(),
    count: count("count"),
  },
  (table) => [primaryKey({ columns: [table.day, table.leadMs] })],
);

/**
 * A customer (app/domain/customer-key.ts) with a kept appointment: her first, the salon dates she
 * has kept and completed appointments on, and the completed dates whose first appointment was
 * followed within 90 days by a completed one of another visit. `report_clients` before drizzle/0040
 * (docs/architecture.md#words).
 */
export const reportCustomers = pgTable("report_customers", {
  key: text("k").primaryKey(),
  firstKept: instant("first_kept").notNull(),
  keptDays: dateMultirange("kept_days").notNull().default(sql`'{}'`),
  doneDays: dateMultirange("done_days").notNull().default(sql`'{}'`),
  backDays: dateMultirange("back_days").notNull().default(sql`'{}'`),
});

/**
 * A customer's visit, as counted in report_day_counts ('done', 'rebooked', 'online'): kept so a
 * change takes its old counts away. Only visits booked online or completed have a row.
 */
export const reportVisits = pgTable(
  "report_visits",
  {
    key: text("k").notNull(),
    visitId: uuid("visit_id").notNull(),
    onlineDay: date("online_day", { mode: "string" }),
    doneDay: date("done_day", { mode: "string" }),
    rebooked: boolean("rebooked").notNull().default(false),
    /** The later dates it was also booked online on (its services booked apart), or null. */
    onlineLater: dateMultirange("online_later"),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.visitId] }),
    index("report_visits_online_later")
      .on(table.onlineDay)
      .where(sql`${table.onlineLater} is not null`),
  ],
);
