// The tables of what visitors ask for before a booking (docs/architecture.md#data): the times
// they hold while confirming, and their places on the waitlist; and the further links to a
// booking's manage page its later emails carry. Same rules as schema.server.ts,
// which re-exports all of it. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { DAY_PERIODS } from "../../domain/booking/waitlist-times";
import { LOCALES } from "../../domain/i18n/locale";
import { appointments } from "./booking-schema.server";
import { instant, sqlList } from "./columns.server";

/**
 * Times visitors are choosing (docs/product.md#holds): while a visitor's confirm dialog is open,
 * the technicians and times of the time they chose, so no one else is offered it. At most one
 * hold (a row per technician of it) per visitor, kept until `expires_at` (HOLD_SECONDS), the
 * booking, or the dialog's close. `holder` is the SHA-256 of the visitor's hold cookie. Expired
 * rows block nothing (readers compare `expires_at`) and go at the next hold. A trigger bumps the
 * availability of the days a hold touches (drizzle/0018), like an appointment's.
 */
export const slotHolds = pgTable(
  "slot_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    holder: text("holder").notNull(),
    /**
     * Who asked, as the limits count a client (an IPv4 address or IPv6 /64): a client holds at most
     * two times, two technician-hours in all, whatever its cookies (docs/product.md#holds).
     */
    client: text("client").notNull().default(""),
    technician: text("technician").notNull(),
    startsAt: instant("starts_at").notNull(),
    /** The service's end plus its clean-up: what a booking there would block. */
    endsAt: instant("ends_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("slot_holds_holder").on(table.holder),
    index("slot_holds_client").on(table.client),
    index("slot_holds_technician_starts_at").on(table.technician, table.startsAt),
    check("slot_holds_order", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * When each client first held each technician's time (docs/product.md#holds): holding it again,
 * with any cookie, released or not, ends when that first hold ends, so a time is never held past
 * HOLD_SECONDS from its first hold by re-holding. Kept past the hold's release and expiry until
 * `forget_at` (its end plus HOLD_SECONDS); a hold prunes the forgotten rows.
 */
export const holdFirsts = pgTable(
  "hold_firsts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The client (IPv4 address or IPv6 /64) that held it, as slot_holds.client. */
    client: text("client").notNull(),
    /** The hold cookie's SHA-256, so one cookie from another address finds it too. */
    holder: text("holder").notNull(),
    technician: text("technician").notNull(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    /** The first hold's end: every later hold of this time by this client ends then. */
    expiresAt: instant("expires_at").notNull(),
    forgetAt: instant("forget_at").notNull(),
  },
  (table) => [
    index("hold_firsts_client").on(table.client),
    index("hold_firsts_holder").on(table.holder),
    index("hold_firsts_forget_at").on(table.forgetAt),
    check("hold_firsts_order", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** Where a waitlist entry is in line (docs/product.md#waitlist). */
export const WAITLIST_STATUSES = ["waiting", "offered", "booked"] as const;

/**
 * The waitlist (docs/product.md#waitlist): a visitor who found no time for a search (a day, a
 * service or a visit) asks to be told when one frees up. The first in line whose preferred
 * times match a freed time is emailed a link (`offer_token_hash`: the SHA-256 of its secret)
 * that books `offered_starts_at` if it is still free; after WAITLIST_OFFER_MINUTES without a
 * booking, the next in line is emailed. Entries go once their day has passed.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of the line: who joined first, even within one millisecond. */
    place: bigint("place", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    day: date("day", { mode: "string" }).notNull(),
    /** The line it waits in: the day's search written one way (domain/booking/waitlist-times.ts lineOf). */
    line: text("line").notNull(),
    /** The search as the booking form carries it (domain/booking/visit-request.ts). */
    items: jsonb("items").$type<VisitRequestItem[]>().notNull(),
    /** What was asked for, as shown: "Gel Manicure", "Gel Manicure and Classic Pedicure". */
    service: text("service").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    periods: text("periods", { enum: DAY_PERIODS }).array().notNull(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    /** The visit her offer booked ('booked'): its payment, when protected, says whether it holds. */
    bookedVisitId: uuid("booked_visit_id"),
    offeredStartsAt: instant("offered_starts_at"),
    offeredAt: instant("offered_at"),
    offerTokenHash: text("offer_token_hash"),
    createdAt: instant("created_at").notNull().defaultNow(),
    /**
     * When its owner confirmed it from the emailed 'Confirm My Place' link: until then the place
     * counts for nothing (docs/product.md#waitlist), so nobody is put in line, and emailed offers,
     * by someone else typing their address.
     */
    confirmedAt: instant("confirmed_at"),
    /** SHA-256 (hex) of the confirm link's token. */
    confirmTokenHash: text("confirm_token_hash"),
    /** The language of the page it was joined from (issue 39): its emails are written in it. */
    language: text("language", { enum: LOCALES }).notNull().default("en"),
  },
  (table) => [
    check("waitlist_entries_language", sql`${table.language} in (${sqlList(LOCALES)})`),
    index("waitlist_entries_day_status").on(table.day, table.status),
    uniqueIndex("waitlist_entries_confirm_token_hash")
      .on(table.confirmTokenHash)
      .where(sql`${table.confirmTokenHash} is not null`),
    index("waitlist_entries_line").on(table.line, table.place),
    index("waitlist_entries_email").on(table.email),
    uniqueIndex("waitlist_entries_offer_token_hash").on(table.offerTokenHash),
    check(
      "waitlist_entries_periods",
      sql`${table.periods} <@ array[${sqlList(DAY_PERIODS)}]::text[]`,
    ),
    check("waitlist_entries_status", sql`${table.status} in (${sqlList(WAITLIST_STATUSES)})`),
    check("waitlist_entries_name_length", sql`char_length(${table.name}) between 1 and 100`),
    check("waitlist_entries_email_length", sql`char_length(${table.email}) between 3 and 254`),
    check("waitlist_entries_service_length", sql`char_length(${table.service}) between 1 and 1000`),
    check(
      "waitlist_entries_offer",
      sql`${table.status} = 'waiting' or (${table.offeredStartsAt} is not null and ${table.offerTokenHash} is not null)`,
    ),
  ],
);

/**
 * The manage links of a booking's later emails (issue 38): a move, the reminder and a
 * cancellation each carry a new token, since only a token's SHA-256 is ever stored
 * (app/services/booking/manage-token.server.ts) and the confirmation's cannot be sent again. The
 * confirmation's own token stays on the appointment (`manage_token_hash`) and keeps working.
 * Forgetting a customer deletes theirs (app/services/staff/retention.server.ts).
 */
export const manageLinks = pgTable(
  "manage_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("manage_links_appointment_id").on(table.appointmentId),
    check("manage_links_token_hash", sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
