// The database schema (docs/architecture.md#data). Invariants live here too: every text has a length
// limit and every enumeration a CHECK, so a bug in a caller cannot store what the form refuses.
// PostgreSQL 15 features only: Debian's server is 15, PGlite is 18.
// Relative imports: drizzle-kit loads this file outside Vite, without the `~/` alias.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { CONTACT_LIMITS, CONTACT_REASONS } from "../../domain/contact/contact-schema";
import { LOCALES } from "../../domain/i18n/locale";
import { instant, sqlList } from "./columns.server";

// The salon's services, appointments, team and availability live in booking-schema.server.ts,
// the availability the triggers keep in availability-schema.server.ts, visitors' holds and
// waitlist places in visitor-schema.server.ts.
export * from "./availability-schema.server";
export * from "./booking-schema.server";
export * from "./fee-link-schema.server";
export * from "./operations-schema.server";
export * from "./payment-schema.server";
export * from "./photo-schema.server";
export * from "./refund-schema.server";
export * from "./report-schema.server";
export * from "./site-schema.server";
export * from "./team-schema.server";
export * from "./visitor-schema.server";

export const contactEntries = pgTable(
  "contact_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    reason: text("reason", { enum: CONTACT_REASONS }).notNull(),
    message: text("message").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** When staff marked it handled ('Mark Handled'), and who. */
    handledAt: instant("handled_at"),
    handledBy: text("handled_by"),
    /** The language of the page it was sent from (issue 39): a reply may be written in it. */
    language: text("language", { enum: LOCALES }).notNull().default("en"),
  },
  (table) => [
    check("contact_entries_language", sql`${table.language} in (${sqlList(LOCALES)})`),
    index("contact_entries_created_at").on(table.createdAt.desc()),
    check("contact_entries_handled_by_length", sql`char_length(${table.handledBy}) <= 254`),
    check(
      "contact_entries_name_length",
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(CONTACT_LIMITS.name))}`,
    ),
    check(
      "contact_entries_email_length",
      sql`char_length(${table.email}) between 3 and ${sql.raw(String(CONTACT_LIMITS.email))}`,
    ),
    check("contact_entries_reason", sql`${table.reason} in (${sqlList(CONTACT_REASONS)})`),
    check(
      "contact_entries_message_length",
      sql`char_length(${table.message}) between 1 and ${sql.raw(String(CONTACT_LIMITS.message))}`,
    ),
  ],
);

export const pageViews = pgTable(
  "page_views",
  {
    pageName: text("page_name").primaryKey(),
    views: integer("views").notNull().default(0),
  },
  (table) => [
    check("page_views_page_name_length", sql`char_length(${table.pageName}) between 1 and 100`),
    check("page_views_views_not_negative", sql`${table.views} >= 0`),
  ],
);

/**
 * The public pages' views per salon date (docs/product.md#reports, 'Website'): kept beside the
 * running totals of page_views, in the same statement (recordPageView). Staff pages are not
 * counted here.
 */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    pageName: text("page_name").notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.pageName, table.day] }),
    check("page_view_days_page_name_length", sql`char_length(${table.pageName}) between 1 and 100`),
    check("page_view_days_views_not_negative", sql`${table.views} >= 0`),
  ],
);

export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Stored in `email_outbox.attachments`; `content` is text, or base64 when `encoding` says so. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
}

// docs/product.md#email-outbox: written in the same transaction as what it announces, delivered later.
// While a row is 'sending', next_attempt_at is the end of the worker's lease: a worker that
// crashed mid-send leaves the row due again once the lease has run out (outbox.server.ts).
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments")
      .$type<EmailAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: instant("created_at").notNull().defaultNow(),
    sentAt: instant("sent_at"),
    /**
     * Emails a public form asked for (a booking's or a message's confirmation): when this one was
     * first due. At most 5 such a rolling hour go to one address; the rest are due later
     * (docs/product.md#email-outbox). Null for every other email.
     */
    pacedAt: instant("paced_at"),
  },
  (table) => [
    index("email_outbox_paced")
      .on(sql`lower(${table.toAddress})`, table.pacedAt)
      .where(sql`${table.pacedAt} is not null`),
    index("email_outbox_due")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    check("email_outbox_status", sql`${table.status} in (${sqlList(EMAIL_STATUSES)})`),
    check("email_outbox_attempts_not_negative", sql`${table.attempts} >= 0`),
    check("email_outbox_to_address_length", sql`char_length(${table.toAddress}) between 3 and 320`),
    check("email_outbox_reply_to_length", sql`char_length(${table.replyTo}) <= 320`),
    check("email_outbox_subject_length", sql`char_length(${table.subject}) between 1 and 300`),
    check("email_outbox_text_body_length", sql`char_length(${table.textBody}) <= 100000`),
    check("email_outbox_html_body_length", sql`char_length(${table.htmlBody}) <= 200000`),
    check("email_outbox_attachments_array", sql`jsonb_typeof(${table.attachments}) = 'array'`),
    check("email_outbox_last_error_length", sql`char_length(${table.lastError}) <= 2000`),
  ],
);

// Fixed-window counters shared by every process on one database (docs/architecture.md#shape).
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: instant("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limits_window_start").on(table.windowStart),
    check("rate_limits_key_length", sql`char_length(${table.key}) between 1 and 200`),
    check("rate_limits_hits_not_negative", sql`${table.hits} >= 0`),
  ],
);

export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Staff accounts (docs/product.md#staff-accounts-and-sessions), never by sign-up: the first owner
 * by `npm run staff:create`, the others by an owner in 'Accounts'.
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased: one account per address whatever the capitals. */
    email: text("email").notNull().unique(),
    /** scrypt$N$r$p$salt$hash (auth.server.ts); never the password itself. */
    passwordHash: text("password_hash").notNull(),
    /** An owner also manages the accounts and reads the staff's activity. */
    role: text("role", { enum: STAFF_ROLES }).notNull().default("staff"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("staff_users_email_length", sql`char_length(${table.email}) between 3 and 254`),
    check("staff_users_email_lower", sql`${table.email} = lower(${table.email})`),
    check("staff_users_hash_format", sql`${table.passwordHash} like 'scrypt$%'`),
    check("staff_users_role", sql`${table.role} in ('owner', 'staff')`),
  ],
);

/**
 * A signed-in staff member, as the sign-in, the session and every staff check name her: here,
 * below both staff/auth and staff/session, so neither imports the other for it (issue 37).
 */
export interface StaffUser {
  id: string;
  email: string;
  role: StaffRole;
}

/**
 * What staff did, who and when (the owner reads it in 'Accounts'): written in the same
 * transaction as the change it records. The email, not a reference: the record outlives the
 * account.
 */
export const staffActions = pgTable(
  "staff_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: instant("at").notNull().defaultNow(),
    actorEmail: text("actor_email").notNull(),
    /** "Cancelled Ana Diaz's appointment of Thursday, November 26 2026, 10:00 AM with Mara". */
    action: text("action").notNull(),
  },
  (table) => [
    index("staff_actions_at").on(table.at),
    check("staff_actions_action_length", sql`char_length(${table.action}) between 1 and 500`),
  ],
);

/** Server-side sessions: the cookie holds a random id; only its SHA-256 is stored. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** Slides forward with use; a session unused for the idle timeout is over. */
    expiresAt: instant("expires_at").notNull(),
  },
  (table) => [
    index("staff_sessions_user").on(table.userId),
    index("staff_sessions_expires").on(table.expiresAt),
  ],
);

/**
 * The staff's note on a customer ('Client Notes': nail shape, colour, allergies), kept across
 * visits. A customer is their email, trimmed and in lower case, or, booked by phone alone,
 * "tel:" and their phone (domain/customer-key.ts). `client_notes` before drizzle/0040, the label
 * stays (docs/architecture.md#words).
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    emailKey: text("email_key").primaryKey(),
    note: text("note").notNull(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by").notNull(),
  },
  (table) => [
    check(
      "customer_notes_email_key_lower",
      sql`${table.emailKey} = lower(trim(${table.emailKey}))`,
    ),
    check("customer_notes_email_key_length", sql`char_length(${table.emailKey}) between 3 and 254`),
    check("customer_notes_note_length", sql`char_length(${table.note}) <= 4000`),
    check("customer_notes_updated_by_length", sql`char_length(${table.updatedBy}) <= 254`),
  ],
);
