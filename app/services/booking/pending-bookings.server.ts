// Pending online bookings (docs/product.md#pending-bookings): a client address's third and later online
// bookings of one salon day are kept 15 minutes for the customer to confirm from the emailed
// link (/schedule/confirm?token=...); confirming sends the usual confirmation and notice, and
// releasing the lapsed ones (every minute, server.ts) frees their times for everyone.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { SalonDetails } from "../../domain/salon/salon-details";
import type { Database, Transaction } from "../db/client.server";
import { appointments } from "../db/schema.server";
import { enqueueCustomerEmail, enqueueEmail } from "../email/outbox.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { type BookedAppointment, languageOf } from "./booked-appointment.server";
import { toBookedAppointment } from "./booking.server";
import { bookingConfirmationEmail, bookingNoticeEmail } from "./booking-emails.server";
import { inCustomerLanguage } from "./customer-language.server";
import {
  hashManageToken,
  looksLikeManageToken,
  manageUrl,
  newManageToken,
} from "./manage-token.server";

interface PendingView {
  /** The visit's appointments in time order (with their services' ids, to name them). */
  visit: ReturnType<typeof toBookedAppointment>[];
  state: "pending" | "confirmed" | "lapsed";
  pendingUntil: Date | null;
}

/** The appointments of the visit a confirm link names, in time order. */
async function rowsOfToken(db: Database, token: string) {
  if (!looksLikeManageToken(token)) return [];
  const [first] = await db
    .select({ visitId: appointments.visitId })
    .from(appointments)
    .where(eq(appointments.confirmTokenHash, hashManageToken(token)));
  if (!first) return [];
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, first.visitId))
    .orderBy(asc(appointments.startsAt));
}

/** What a confirm link opens; undefined for an unknown token. */
export async function findPending(
  db: Database,
  token: string,
  now = new Date(),
): Promise<PendingView | undefined> {
  const rows = await rowsOfToken(db, token);
  if (!rows[0]) return undefined;
  return { visit: rows.map(toBookedAppointment), ...stateOf(rows[0], now) };
}

function stateOf(row: typeof appointments.$inferSelect, now: Date) {
  if (row.status !== "booked") return { state: "lapsed" as const, pendingUntil: row.pendingUntil };
  if (!row.pendingUntil) return { state: "confirmed" as const, pendingUntil: null };
  return {
    state: row.pendingUntil > now ? ("pending" as const) : ("lapsed" as const),
    pendingUntil: row.pendingUntil,
  };
}

type ConfirmResult =
  | { ok: true; visit: BookedAppointment[] }
  | { ok: false; kind: "not-found" | "lapsed" | "confirmed" };

/**
 * 'Confirm Booking': the visit is booked for good, gets its manage link, and its confirmation
 * and the salon's notice are written to the outbox, in one transaction (a second press finds it
 * confirmed). A lapsed one is not revived: its time may be someone else's by now.
 */
export async function confirmPending(
  db: Database,
  token: string,
  options: { siteUrl?: string; now?: Date } = {},
): Promise<ConfirmResult> {
  const now = options.now ?? new Date();
  const visitId = (await rowsOfToken(db, token))[0]?.visitId;
  if (!visitId) return { ok: false, kind: "not-found" };
  const salon = (await readSalonFacts(db)).details;
  return db.transaction(async (tx) => {
    const rows = await lockVisit(tx, visitId);
    const first = rows.find((row) => row.confirmTokenHash !== null) ?? rows[0];
    if (!first) return { ok: false, kind: "not-found" };
    const { state } = stateOf(first, now);
    if (state !== "pending") return { ok: false, kind: state };
    const visit = await confirmVisit(tx, rows, { ...options, now, salon });
    return { ok: true, visit };
  });
}

/** A visit's appointments in time order, locked for this transaction's change. */
export function lockVisit(tx: Transaction, visitId: string) {
  return tx
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startsAt))
    .for("update");
}

/**
 * Books a pending visit for good (its rows locked by the caller, still pending): its manage link
 * on its first, and its confirmation and the salon's notice in the outbox, in the caller's
 * transaction. 'Confirm Booking' and Stripe's webhook (a protected visit paid) both end here.
 */
export async function confirmVisit(
  tx: Transaction,
  rows: (typeof appointments.$inferSelect)[],
  options: {
    siteUrl?: string | undefined;
    now: Date;
    salon: SalonDetails;
    /** A protected visit's cancellation policy as she agreed to it: its confirmation says it. */
    policy?: readonly string[];
  },
): Promise<BookedAppointment[]> {
  const { now, salon } = options;
  const visitId = rows[0]?.visitId ?? "";
  const first = rows.find((row) => row.confirmTokenHash !== null) ?? rows[0];
  const manageToken = newManageToken();
  await tx
    .update(appointments)
    // The link's hash stays: pressing it again says the booking is confirmed.
    .set({ pendingUntil: null })
    .where(eq(appointments.visitId, visitId));
  if (first) {
    await tx
      .update(appointments)
      .set({ manageTokenHash: hashManageToken(manageToken) })
      .where(eq(appointments.id, first.id));
  }
  const visit = rows.map(toBookedAppointment);
  const link = options.siteUrl
    ? manageUrl(options.siteUrl, manageToken, languageOf(visit))
    : undefined;
  const hers = await inCustomerLanguage(tx, visit);
  await enqueueCustomerEmail(tx, bookingConfirmationEmail(hers, salon, link, options.policy), {
    now,
    paced: true,
  });
  await enqueueEmail(tx, bookingNoticeEmail(visit, salon), { now });
  return visit;
}

/**
 * Frees one pending visit's time now (Checkout expired, or never opened): its appointments still
 * pending are cancelled, as a lapsed one's are. Returns how many it released.
 */
export async function releasePendingVisit(
  tx: Pick<Database, "update">,
  visitId: string,
  now = new Date(),
): Promise<number> {
  const released = await tx
    .update(appointments)
    .set({ status: "cancelled", cancelledAt: now, sequence: sql`${appointments.sequence} + 1` })
    .where(
      and(
        eq(appointments.visitId, visitId),
        eq(appointments.status, "booked"),
        isNotNull(appointments.pendingUntil),
      ),
    )
    .returning({ id: appointments.id });
  return released.length;
}

/**
 * Cancels the pending bookings whose time to confirm is over, freeing their times (the change
 * notices tell open pages and the waitlist). Returns how many appointments it released.
 */
export async function releaseLapsedPending(db: Database, now = new Date()): Promise<number> {
  const released = await db
    .update(appointments)
    .set({ status: "cancelled", cancelledAt: now, sequence: sql`${appointments.sequence} + 1` })
    .where(
      and(
        eq(appointments.status, "booked"),
        isNotNull(appointments.pendingUntil),
        lte(appointments.pendingUntil, now),
      ),
    )
    .returning({ id: appointments.id });
  return released.length;
}
