// The salon's customers as staff look them up ('Find Customer', docs/product.md#customers): a
// customer is an email (case and spaces aside), or, booked by phone alone, a phone
// (domain/customer-key.ts), with every appointment booked under it, on any date, cancelled ones
// too, and the staff's 'Client Notes'.
import { desc, eq, sql } from "drizzle-orm";
import { PHONE_KEY } from "../../domain/customer-key";
import type { Locale } from "../../domain/i18n/locale";
import { phoneE164 } from "../../domain/phone";
import { bookingDateString } from "../booking/booked-appointment.server";
import type { Database } from "../db/client.server";
import { appointments, customerNotes, type VisitStatus } from "../db/schema.server";

/** At most this many customers answer one search. */
const SEARCH_LIMIT = 50;

/**
 * An appointment's customer in SQL, as customerKey (domain/customer-key.ts) writes it. The prefix
 * is a literal, not a parameter, so GROUP BY sees the same expression as SELECT.
 */
export const customerKeySql = sql<string>`coalesce(lower(trim(${appointments.email})), ${sql.raw(`'${PHONE_KEY}'`)} || ${appointments.phone})`;

/** A customer as staff name them: their email (case aside), or "tel:" and their phone. */
export function readCustomerKey(key: string): string {
  const trimmed = key.trim();
  return trimmed.startsWith(PHONE_KEY) ? trimmed : trimmed.toLowerCase();
}

interface CustomerMatch {
  /** Who they are (domain/customer-key.ts): their email, or "tel:" and their phone. */
  key: string;
  /** Their latest email; none for a customer booked by phone alone. */
  email: string | null;
  /** The name of their latest booking. */
  name: string;
  phone: string | null;
  appointments: number;
  noShows: number;
  /** Their latest appointment's start. */
  latest: Date;
}

/**
 * Customers one of whose appointments has a name or email containing `query` (case aside), or a
 * phone containing its digits (at least 3 of them), on any date, cancelled ones included; latest
 * first, each with all their appointments counted.
 */
export async function findCustomers(db: Database, query: string): Promise<CustomerMatch[]> {
  const text = query.trim().toLowerCase().slice(0, 100);
  if (text.length < 2) return [];
  // Phones are stored as E.164 ("+13125550101"), some older ones as typed: digits match either,
  // and a typed US country code ("1 312 555 0101") is dropped so it finds an older "312.555.0101".
  const typed = text.replace(/\D/g, "");
  const digits = typed.length === 11 && typed.startsWith("1") ? typed.slice(1) : typed;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const phoneMatch =
    digits.length >= 3
      ? sql`or regexp_replace(coalesce(${appointments.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : sql``;
  const key = customerKeySql;
  const rows = await db
    .select({
      key,
      email: sql<
        string | null
      >`(array_agg(${appointments.email} order by ${appointments.startsAt} desc) filter (where ${appointments.email} is not null))[1]`,
      name: sql<string>`(array_agg(${appointments.name} order by ${appointments.startsAt} desc))[1]`,
      phone: sql<
        string | null
      >`(array_agg(${appointments.phone} order by ${appointments.startsAt} desc) filter (where ${appointments.phone} is not null))[1]`,
      appointments: sql<number>`count(*)::int`,
      noShows: sql<number>`(count(*) filter (where ${appointments.visitStatus} = 'no_show'))::int`,
      latest: sql<Date>`max(${appointments.startsAt})`.mapWith((value) => new Date(value)),
    })
    .from(appointments)
    // Every appointment of each customer one of whose appointments matches.
    .where(
      sql`${key} in (select ${key} from ${appointments}
        where lower(${appointments.name}) like ${like} or lower(${appointments.email}) like ${like} ${phoneMatch})`,
    )
    .groupBy(key)
    .orderBy(desc(sql`max(${appointments.startsAt})`))
    .limit(SEARCH_LIMIT);
  return rows;
}

interface CustomerAppointment {
  id: string;
  /** The visit it belongs to (its payment, if protected, is the visit's). */
  visitId: string;
  /** "Tuesday, November 24 2026 @ 10:00 AM with Mara". */
  when: string;
  startsAt: Date;
  typeName: string;
  price: string;
  status: "booked" | "cancelled";
  visitStatus: VisitStatus | null;
}

interface CustomerRecord {
  /** Who they are (domain/customer-key.ts): their email, or "tel:" and their phone. */
  key: string;
  /** None for a customer booked by phone alone. */
  email: string | null;
  name: string;
  phones: string[];
  /** The language of her latest booking (issue 39): the staff pages mark a Spanish speaker. */
  language: Locale;
  appointments: CustomerAppointment[];
  counts: { booked: number; completed: number; noShows: number; cancelled: number };
  notes: { note: string; updatedAt: Date; updatedBy: string } | null;
}

/**
 * One customer's page: every appointment under their email (or, booked by phone alone, their
 * phone), newest first, and their notes.
 */
export async function readCustomer(
  db: Database,
  customer: string,
): Promise<CustomerRecord | undefined> {
  const emailKey = readCustomerKey(customer);
  const rows = await db
    .select()
    .from(appointments)
    .where(sql`${customerKeySql} = ${emailKey}`)
    .orderBy(desc(appointments.startsAt));
  if (rows.length === 0) return undefined;
  const [notes] = await db.select().from(customerNotes).where(eq(customerNotes.emailKey, emailKey));
  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  return {
    key: emailKey,
    email:
      rows
        .find((row) => row.email)
        ?.email?.trim()
        .toLowerCase() ?? null,
    name: rows[0]?.name ?? "",
    language: rows[0]?.language ?? "en",
    // One number typed two ways (before normalisation) is one phone.
    phones: [
      ...new Set(rows.flatMap((row) => (row.phone ? [phoneE164(row.phone) ?? row.phone] : []))),
    ],
    appointments: rows.map((row) => ({
      id: row.id,
      visitId: row.visitId,
      when: bookingDateString(row),
      startsAt: row.startsAt,
      typeName: row.typeName,
      price: row.price,
      status: row.status,
      visitStatus: row.visitStatus,
    })),
    counts: {
      booked: count((row) => row.status === "booked"),
      completed: count((row) => row.visitStatus === "completed"),
      noShows: count((row) => row.visitStatus === "no_show"),
      cancelled: count((row) => row.status === "cancelled"),
    },
    notes: notes
      ? { note: notes.note, updatedAt: notes.updatedAt, updatedBy: notes.updatedBy }
      : null,
  };
}

/** Saves the staff's 'Client Notes' for a customer who has booked (at most 4,000 characters). */
export async function saveCustomerNotes(
  db: Database,
  email: string | undefined,
  note: string | undefined,
  by: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; kind: "not-found" | "too-long" }> {
  const emailKey = readCustomerKey(email ?? "");
  const text = (note ?? "").trim();
  if (text.length > 4000) return { ok: false, kind: "too-long" };
  const [known] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(sql`${customerKeySql} = ${emailKey}`)
    .limit(1);
  if (!known) return { ok: false, kind: "not-found" };
  await db
    .insert(customerNotes)
    .values({ emailKey, note: text, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({
      target: customerNotes.emailKey,
      set: { note: text, updatedAt: now, updatedBy: by },
    });
  return { ok: true };
}

/** A customer as the front desk's 'Existing customers' lists them: what fills the dialog. */
export interface CustomerSuggestion {
  key: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** /scheduleadmin/customers' answer: the customers matching what was typed, or why none. */
export type CustomerLookupAnswer =
  | { ok: true; customers: CustomerSuggestion[] }
  | { ok: false; error: string };

/** At most this many answer one lookup as the front desk types. */
const LOOKUP_LIMIT = 8;

/**
 * 'Add Appointment''s 'Existing customers' (docs/product.md#front-desk): findCustomers' matches
 * (part of a name or an email, or the digits of a phone in any format), latest first, with their
 * latest name, email and phone.
 */
export async function lookupCustomers(db: Database, query: string): Promise<CustomerSuggestion[]> {
  const matches = await findCustomers(db, query);
  return matches
    .slice(0, LOOKUP_LIMIT)
    .map(({ key, name, email, phone }) => ({ key, name, email, phone }));
}
