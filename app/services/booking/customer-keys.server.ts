// Who a customer is, for the limit of upcoming online bookings (docs/product.md#booking-limit):
// one email (case aside) or one phone (its digits), and how many upcoming bookings they hold.
import { sql } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { appointments } from "../db/schema.server";

/** An email as one customer: trimmed, lower case. */
function customerEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone as one customer: its digits, without the US country code; undefined when too short to
 * name anyone (fewer than 7 digits), so "+" or "0" never matches every customer without a phone.
 */
export function customerPhoneKey(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? "").replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length >= 7 ? national : undefined;
}

/**
 * The customer's bookings still to come (a visit of several appointments counts once), by email
 * or by phone. Called inside the
 * booking's transaction after a lock on each of the customer's keys, so two simultaneous bookings
 * of one customer (on different technicians, under different technician locks) are counted one after the
 * other. Keys are locked in sorted order: two bookings never wait on each other crosswise.
 */
export async function upcomingBookingsOf(
  tx: Transaction,
  customer: { email?: string | undefined; phone?: string | undefined },
  now: Date,
): Promise<number> {
  // A caller booked by phone alone is her phone (docs/product.md#front-desk).
  const email = customer.email ? customerEmailKey(customer.email) : undefined;
  const phone = customerPhoneKey(customer.phone);
  const keys = [
    ...(email ? [`customer-email:${email}`] : []),
    ...(phone ? [`customer-phone:${phone}`] : []),
  ].sort();
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
  if (keys.length === 0) return 0;
  const emailMatches = email ? sql`lower(trim(${appointments.email})) = ${email}` : sql`false`;
  const phoneMatches = phone
    ? sql`or regexp_replace(regexp_replace(coalesce(${appointments.phone}, ''), '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\\1') = ${phone}`
    : sql``;
  const [row] = await tx
    // A visit of several services is one booking.
    .select({ count: sql<number>`count(distinct ${appointments.visitId})::int` })
    .from(appointments)
    .where(
      sql`${appointments.status} = 'booked' and ${appointments.startsAt} > ${now}
        and (${emailMatches} ${phoneMatches})`,
    );
  return row?.count ?? 0;
}
