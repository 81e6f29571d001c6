// The salon's customers as staff look them up ('Find Customer', docs/product.md#customers): a
// customer is an email (case and spaces aside), with every appointment booked under it, on any
// date, cancelled ones too, and the staff's 'Client Notes'.
import { desc, eq, sql } from "drizzle-orm";
import { phoneE164 } from "../../domain/phone";
import { bookingDateString } from "../booking/booked-appointment.server";
import { customerEmailKey } from "../booking/customer-keys.server";
import type { Database } from "../db/client.server";
import { appointments, clientNotes, type VisitStatus } from "../db/schema.server";

/** At most this many customers answer one search. */
const SEARCH_LIMIT = 50;

export interface CustomerMatch {
  email: string;
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
  const key = sql<string>`lower(trim(${appointments.email}))`;
  const rows = await db
    .select({
      email: key,
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
      sql`${key} in (select lower(trim(${appointments.email})) from ${appointments}
        where lower(${appointments.name}) like ${like} or lower(${appointments.email}) like ${like} ${phoneMatch})`,
    )
    .groupBy(key)
    .orderBy(desc(sql`max(${appointments.startsAt})`))
    .limit(SEARCH_LIMIT);
  return rows;
}

export interface CustomerAppointment {
  id: string;
  /** "Tuesday, November 24 2026 @ 10:00 AM with Mara". */
  when: string;
  startsAt: Date;
  typeName: string;
  price: string;
  status: "booked" | "cancelled";
  visitStatus: VisitStatus | null;
}

export interface CustomerRecord {
  email: string;
  name: string;
  phones: string[];
  appointments: CustomerAppointment[];
  counts: { booked: number; completed: number; noShows: number; cancelled: number };
  notes: { note: string; updatedAt: Date; updatedBy: string } | null;
}

/** One customer's page: every appointment under their email, newest first, and their notes. */
export async function readCustomer(
  db: Database,
  email: string,
): Promise<CustomerRecord | undefined> {
  const emailKey = customerEmailKey(email);
  const rows = await db
    .select()
    .from(appointments)
    .where(sql`lower(trim(${appointments.email})) = ${emailKey}`)
    .orderBy(desc(appointments.startsAt));
  if (rows.length === 0) return undefined;
  const [notes] = await db.select().from(clientNotes).where(eq(clientNotes.emailKey, emailKey));
  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  return {
    email: emailKey,
    name: rows[0]?.name ?? "",
    // One number typed two ways (before normalisation) is one phone.
    phones: [
      ...new Set(rows.flatMap((row) => (row.phone ? [phoneE164(row.phone) ?? row.phone] : []))),
    ],
    appointments: rows.map((row) => ({
      id: row.id,
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
export async function saveClientNotes(
  db: Database,
  email: string | undefined,
  note: string | undefined,
  by: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; kind: "not-found" | "too-long" }> {
  const emailKey = customerEmailKey(email ?? "");
  const text = (note ?? "").trim();
  if (text.length > 4000) return { ok: false, kind: "too-long" };
  const [known] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(sql`lower(trim(${appointments.email})) = ${emailKey}`)
    .limit(1);
  if (!known) return { ok: false, kind: "not-found" };
  await db
    .insert(clientNotes)
    .values({ emailKey, note: text, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({
      target: clientNotes.emailKey,
      set: { note: text, updatedAt: now, updatedBy: by },
    });
  return { ok: true };
}
