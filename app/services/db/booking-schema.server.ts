// The booking half of the database schema (docs/architecture.md#data): the menu's categories, the
// services and the appointments. The team and closed days are in team-schema.server.ts, holds and
// the waitlist in visitor-schema.server.ts, what the triggers keep for the listing in
// availability-schema.server.ts.
// Same rules as schema.server.ts, which re-exports all of it: every text has a length limit,
// every enumeration a CHECK. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LOCALES } from "../../domain/i18n/locale";
import { instant, priceText, sqlList } from "./columns.server";

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/**
 * The menu's categories (spec "Services": each has a description and a details list, the details
 * being the category's appointment types). Seeded once from app/content/service-menu.ts; staff edit
 * them in /scheduleadmin. Types name their category by `name`.
 */
export const serviceCategories = pgTable(
  "service_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "gel-extension": the category's anchor on /services, never changed. */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull().unique(),
    /** One line under the name (the menu and the home page's favourites). */
    summary: text("summary").notNull(),
    description: text("description").notNull(),
    /** The three above in Spanish (issue 39): empty until written, the English is shown then. */
    nameEs: text("name_es").notNull().default(""),
    summaryEs: text("summary_es").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    /** Shown among the home page's favourites. */
    featured: boolean("featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(100),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("service_categories_slug", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("service_categories_name_length", sql`char_length(${table.name}) between 1 and 60`),
    // Empty until staff describe a category they made with a new type (the menu then shows its name).
    check("service_categories_summary_length", sql`char_length(${table.summary}) <= 300`),
    check("service_categories_description_length", sql`char_length(${table.description}) <= 1000`),
    check(
      "service_categories_spanish_length",
      sql`char_length(${table.nameEs}) <= 60 and char_length(${table.summaryEs}) <= 300 and char_length(${table.descriptionEs}) <= 1000`,
    ),
  ],
);

/** Services as booked (spec EventTypes): the staff edit them in /scheduleadmin. */
export const appointmentTypes = pgTable(
  "appointment_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    category: text("category").notNull(),
    /** Comma-separated weekday names without spaces, as the spec stores them: "Monday,Tuesday". */
    daysOfWeek: text("days_of_week").notNull(),
    durationMin: integer("duration_min").notNull(),
    description: text("description").notNull(),
    /** The name and description in Spanish (issue 39): empty until written, the English is shown then. */
    typeEs: text("type_es").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    /** Salon wall-clock times "HH:MM": the bookable day of this service. */
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    technicians: text("technicians").array().notNull(),
    /** The price in cents (docs/product.md#prices-and-payments). */
    priceCents: integer("price_cents").notNull(),
    /** A starting price: the "+" of "$60+". */
    priceFrom: boolean("price_from").notNull().default(false),
    /** As shown, e.g. "$50" or "$60+": generated from the two above, never written. */
    price: text("price")
      .notNull()
      .generatedAlwaysAs(() => priceText("price_cents", "price_from")),
    /** Lower first; the seed puts 'Reg Mani/Pedi' first (spec section 7). */
    sortOrder: integer("sort_order").notNull().default(100),
    /** Minutes kept free after it (cleaning the station): docs/product.md#visits. */
    bufferMin: integer("buffer_min").notNull().default(0),
    /** An add-on (nail art, paraffin): also offered with a base service, adding its minutes and price. */
    addOn: boolean("add_on").notNull().default(false),
    /** May be done at the same time as another such service of the visit, by another technician. */
    sideBySide: boolean("side_by_side").notNull().default(false),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check(
      "appointment_types_buffer",
      sql`${table.bufferMin} between 0 and 120 and ${table.bufferMin} % 5 = 0`,
    ),
    check("appointment_types_type_length", sql`char_length(${table.type}) between 1 and 80`),
    check(
      "appointment_types_category_length",
      sql`char_length(${table.category}) between 1 and 60`,
    ),
    check(
      "appointment_types_description_length",
      sql`char_length(${table.description}) between 1 and 1000`,
    ),
    check(
      "appointment_types_spanish_length",
      sql`char_length(${table.typeEs}) <= 80 and char_length(${table.descriptionEs}) <= 1000`,
    ),
    check(
      "appointment_types_duration",
      sql`${table.durationMin} between 5 and 480 and ${table.durationMin} % 5 = 0`,
    ),
    check(
      "appointment_types_start_time",
      sql`${table.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check("appointment_types_end_time", sql`${table.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("appointment_types_hours_order", sql`${table.endTime} > ${table.startTime}`),
    check(
      "appointment_types_days",
      sql`${table.daysOfWeek} ~ '^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(,(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday))*$'`,
    ),
    check("appointment_types_technicians", sql`cardinality(${table.technicians}) between 1 and 10`),
    // $99,999.99 at most (MAX_PRICE_CENTS): the five digits the earlier price texts allowed.
    check("appointment_types_price_cents", sql`${table.priceCents} between 0 and 9999999`),
  ],
);

/** An add-on as booked: copied from its service, like the appointment's own name and price. */
export interface BookedAddOn {
  typeId: string;
  name: string;
  /** As shown ("$5+"), made from its service's numbers at booking (formatPrice). */
  price: string;
  /** Its cents, counted in the appointment's price_cents. */
  priceCents: number;
  durationMin: number;
}

export const APPOINTMENT_STATUSES = ["booked", "cancelled"] as const;
/** What happened at the salon, marked by staff: unset until then. */
export const VISIT_STATUSES = ["arrived", "completed", "no_show"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
/** How an appointment was booked: the public form, the front desk, or a waitlist offer's link. */
export const BOOKING_CHANNELS = ["online", "staff", "waitlist"] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

/**
 * Booked appointments (spec ScheduledEvents). The type's name, price and times are copied at
 * booking, so editing or removing a type never rewrites history. No technician can be booked twice
 * at once: an exclusion constraint (drizzle/0003_appointments_no_overlap.sql) has the last word.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /**
     * None for a caller the front desk booked by phone alone (docs/product.md#front-desk): every
     * email to the customer is skipped then. A row has an email or a phone (a check).
     */
    email: text("email"),
    phone: text("phone"),
    typeId: uuid("type_id").references(() => appointmentTypes.id, { onDelete: "set null" }),
    typeName: text("type_name").notNull(),
    category: text("category").notNull(),
    technician: text("technician").notNull(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    /**
     * The visit it belongs to (docs/product.md#visits): the appointments booked together, one per
     * service (with its add-ons), moved and cancelled as a whole. Its own id's worth for a single one.
     */
    visitId: uuid("visit_id").notNull().defaultRandom(),
    /** The service's clean-up minutes, copied at booking like its price. */
    bufferMin: integer("buffer_min").notNull().default(0),
    /**
     * ends_at + buffer_min: the technician is not free before it. Set by a trigger on every write
     * (drizzle/0017), so no writer can forget it; the exclusion constraint and the listing read it.
     * The default is never kept: the trigger replaces it.
     */
    blockedUntil: instant("blocked_until").notNull().default(sql`'infinity'`),
    /** The add-ons done in it (their names and prices are in type_name and price too). */
    addOns: jsonb("add_ons").$type<BookedAddOn[]>().notNull().default([]),
    /**
     * The price it was booked at, its add-ons included (docs/product.md#prices-and-payments): copied
     * at booking like its name, so a later edit of the service never changes it.
     */
    priceCents: integer("price_cents").notNull(),
    priceFrom: boolean("price_from").notNull().default(false),
    /** As shown ("$55+"): generated from the two above, never written. */
    price: text("price")
      .notNull()
      .generatedAlwaysAs(() => priceText("price_cents", "price_from")),
    /** What the customer paid and tipped, asked when the visit is marked Completed; null before. */
    chargedCents: integer("charged_cents"),
    tipCents: integer("tip_cents"),
    /** How it was booked (drizzle/0028 guessed it for the rows booked before it was kept). */
    channel: text("channel", { enum: BOOKING_CHANNELS }).notNull(),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("booked"),
    /** SHA-256 (hex) of the customer's manage link token; the token itself is only emailed. */
    manageTokenHash: text("manage_token_hash"),
    /** The calendar event's SEQUENCE: raised by every move and the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** When the customer last moved it (a move makes the reminder due again). */
    rescheduledAt: instant("rescheduled_at"),
    /** When the reminder email was queued: set once, in the transaction that queues it. */
    reminderQueuedAt: instant("reminder_queued_at"),
    cancelledAt: instant("cancelled_at"),
    /**
     * An online booking's client (an IPv4 address or IPv6 /64, docs/security.md#clients), to count
     * its bookings of one day; cleared once the day is over (retention).
     */
    client: text("client"),
    /**
     * A pending online booking (docs/product.md#pending-bookings): kept until then for the customer
     * to confirm from the emailed link, released after. Null once confirmed, and for every other.
     */
    pendingUntil: instant("pending_until"),
    /** SHA-256 (hex) of the emailed 'Confirm Booking' link's token, on a pending visit's first. */
    confirmTokenHash: text("confirm_token_hash"),
    /** Marked by staff on the day: arrived, completed or no-show (counted per customer). */
    visitStatus: text("visit_status", { enum: VISIT_STATUSES }),
    visitMarkedAt: instant("visit_marked_at"),
    /**
     * The language of the page it was booked from, or the caller's at the front desk (issue 39):
     * the customer's emails about it are written in it. A visit's appointments share it.
     */
    language: text("language", { enum: LOCALES }).notNull().default("en"),
  },
  (table) => [
    index("appointments_starts_at").on(table.startsAt),
    index("appointments_visit_id").on(table.visitId),
    check(
      "appointments_buffer",
      sql`${table.bufferMin} between 0 and 120 and ${table.blockedUntil} >= ${table.endsAt}`,
    ),
    uniqueIndex("appointments_manage_token_hash")
      .on(table.manageTokenHash)
      .where(sql`${table.manageTokenHash} is not null`),
    uniqueIndex("appointments_confirm_token_hash")
      .on(table.confirmTokenHash)
      .where(sql`${table.confirmTokenHash} is not null`),
    index("appointments_pending_until")
      .on(table.pendingUntil)
      .where(sql`${table.pendingUntil} is not null`),
    index("appointments_client").on(table.client).where(sql`${table.client} is not null`),
    check("appointments_sequence_not_negative", sql`${table.sequence} >= 0`),
    index("appointments_technician_starts_at").on(table.technician, table.startsAt),
    check("appointments_order", sql`${table.endsAt} > ${table.startsAt}`),
    check("appointments_name_length", sql`char_length(${table.name}) between 1 and 100`),
    check(
      "appointments_email_length",
      sql`${table.email} is null or char_length(${table.email}) between 3 and 254`,
    ),
    check(
      "appointments_email_or_phone",
      sql`${table.email} is not null or ${table.phone} is not null`,
    ),
    check(
      "appointments_phone_length",
      sql`${table.phone} is null or char_length(${table.phone}) <= 30`,
    ),
    check("appointments_status", sql`${table.status} in (${sqlList(APPOINTMENT_STATUSES)})`),
    check("appointments_channel", sql`${table.channel} in (${sqlList(BOOKING_CHANNELS)})`),
    check("appointments_language", sql`${table.language} in (${sqlList(LOCALES)})`),
    check("appointments_price_cents", sql`${table.priceCents} >= 0`),
    // MAX_AMOUNT_CENTS ($99,999.99): a typo of a few more digits is refused, not reported on.
    check(
      "appointments_paid",
      sql`(${table.chargedCents} is null or ${table.chargedCents} between 0 and 9999999) and (${table.tipCents} is null or ${table.tipCents} between 0 and 9999999)`,
    ),
    check(
      "appointments_visit_status",
      sql`${table.visitStatus} is null or ${table.visitStatus} in (${sqlList(VISIT_STATUSES)})`,
    ),
  ],
);
