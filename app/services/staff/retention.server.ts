// How long the salon keeps what customers give it (docs/product.md#privacy, the notice on
// /policies): each kind of record goes, or loses the customer's details, when its time is up; and
// a customer who asks is forgotten at once ('Forget Customer'). The server applies the periods
// every hour (server.ts); several processes may: every step is idempotent.
import { and, eq, gt, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { SALON_TIME_ZONE, salonDateOf } from "../../domain/booking/time-zone";
import { PHONE_KEY } from "../../domain/customer-key";
import type { Database, Transaction } from "../db/client.server";
import {
  appointments,
  contactEntries,
  customerNotes,
  emailOutbox,
  manageLinks,
  staffActions,
  waitlistEntries,
} from "../db/schema.server";
import { customerKeySql, readCustomerKey } from "./customers.server";

const DAY_MS = 86_400_000;

/** The periods the privacy notice states, in days. */
export const RETENTION_DAYS = {
  /** An email, once sent (or given up on): the copy in the outbox. */
  email: 30,
  /** A message from the contact form. */
  message: 365,
  /** A visit keeps the customer's name, email and phone this long after it. */
  appointment: 3 * 365,
  /** The staff's activity log, which names customers. */
  activity: 365,
} as const;

/** A forgotten visit's later emails' links open nothing either (issue 38). */
async function forgetManageLinks(
  tx: Transaction,
  visits: readonly { id: string }[],
): Promise<void> {
  if (visits.length === 0) return;
  const ids = visits.map((visit) => visit.id);
  await tx.delete(manageLinks).where(inArray(manageLinks.appointmentId, ids));
}

/** What a forgotten customer's past visits say instead of who they were. */
export const FORGOTTEN = { name: "Forgotten customer", email: "forgotten@invalid" } as const;

interface RetentionReport {
  emails: number;
  messages: number;
  appointments: number;
  notes: number;
  activity: number;
  waitlist: number;
}

/** Applies every period at `now`; returns how many records went or lost their details. */
export async function applyRetention(db: Database, now = new Date()): Promise<RetentionReport> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const visitsBefore = before(RETENTION_DAYS.appointment);
  return db.transaction(async (tx) => {
    // A write to a table tells every open page it changed (its statement trigger), even when it
    // matches no row: each step writes only when something is due.
    const due = async (table: PgTable, where: SQL | undefined) =>
      (await tx.select({ one: sql`1` }).from(table).where(where).limit(1)).length > 0;
    const oldEmails = and(
      inArray(emailOutbox.status, ["sent", "failed"]),
      lt(
        sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.nextAttemptAt})`,
        before(RETENTION_DAYS.email),
      ),
    );
    const emails = (await due(emailOutbox, oldEmails))
      ? await tx.delete(emailOutbox).where(oldEmails).returning({ id: emailOutbox.id })
      : [];
    const oldMessages = lt(contactEntries.createdAt, before(RETENTION_DAYS.message));
    const messages = (await due(contactEntries, oldMessages))
      ? await tx.delete(contactEntries).where(oldMessages).returning({ id: contactEntries.id })
      : [];
    const oldVisits = and(
      lt(appointments.endsAt, visitsBefore),
      // A caller booked by phone alone has no email: `is distinct from` counts her too.
      sql`${appointments.email} is distinct from ${FORGOTTEN.email}`,
    );
    const visits = (await due(appointments, oldVisits))
      ? await tx
          .update(appointments)
          .set({ ...FORGOTTEN, phone: null, manageTokenHash: null })
          .where(oldVisits)
          .returning({ id: appointments.id })
      : [];
    await forgetManageLinks(tx, visits);
    // An online booking's client (an address, docs/security.md#clients) only counts its day's
    // bookings (docs/product.md#pending-bookings): it goes a day after the visit.
    const oldClients = and(isNotNull(appointments.client), lt(appointments.endsAt, before(1)));
    if (await due(appointments, oldClients)) {
      await tx.update(appointments).set({ client: null }).where(oldClients);
    }
    // A note outlives no customer: once none of their visits is recent, it goes.
    const notes = await tx
      .delete(customerNotes)
      .where(
        and(
          lt(customerNotes.updatedAt, visitsBefore),
          sql`not exists (select 1 from ${appointments} where ${customerKeySql} = ${customerNotes.emailKey} and ${appointments.endsAt} >= ${visitsBefore})`,
        ),
      )
      .returning({ key: customerNotes.emailKey });
    const activity = await tx
      .delete(staffActions)
      .where(lt(staffActions.at, before(RETENTION_DAYS.activity)))
      .returning({ id: staffActions.id });
    // A place on the waitlist is for one day: it goes once that day is over.
    const pastWaitlist = lt(waitlistEntries.day, salonDateOf(now, SALON_TIME_ZONE));
    const waitlist = (await due(waitlistEntries, pastWaitlist))
      ? await tx.delete(waitlistEntries).where(pastWaitlist).returning({ id: waitlistEntries.id })
      : [];
    return {
      emails: emails.length,
      messages: messages.length,
      appointments: visits.length,
      notes: notes.length,
      activity: activity.length,
      waitlist: waitlist.length,
    };
  });
}

type ForgetResult =
  | { ok: true; appointments: number; messages: number; emails: number; waitlist: number }
  | { ok: false; kind: "not-found" }
  /** Upcoming visits are cancelled first (the customer is told), then the customer forgotten. */
  | { ok: false; kind: "upcoming"; count: number };

/**
 * 'Forget Customer', when a customer asks: their name, email and phone leave every past visit,
 * and their messages, customer notes and the emails sent to them are deleted, in one transaction.
 */
export async function forgetCustomer(
  db: Database,
  email: unknown,
  now = new Date(),
): Promise<ForgetResult> {
  // An email, or "tel:" and the phone of a caller booked by phone alone (domain/customer-key.ts).
  const key = typeof email === "string" ? readCustomerKey(email) : "";
  if (key.length < 3 || key === FORGOTTEN.email) return { ok: false, kind: "not-found" };
  const theirs = sql`${customerKeySql} = ${key}`;
  // Messages, waitlist places and emails are an address's: a phone has none of them.
  const address = key.startsWith(PHONE_KEY) ? "" : key;
  return db.transaction(async (tx): Promise<ForgetResult> => {
    const upcoming = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(theirs, eq(appointments.status, "booked"), gt(appointments.endsAt, now)));
    if (upcoming.length > 0) return { ok: false, kind: "upcoming", count: upcoming.length };
    const visits = await tx
      .update(appointments)
      .set({ ...FORGOTTEN, phone: null, manageTokenHash: null })
      .where(theirs)
      .returning({ id: appointments.id });
    await forgetManageLinks(tx, visits);
    const messages = await tx
      .delete(contactEntries)
      .where(sql`lower(trim(${contactEntries.email})) = ${address}`)
      .returning({ id: contactEntries.id });
    const waiting = await tx
      .delete(waitlistEntries)
      .where(eq(waitlistEntries.email, address))
      .returning({ id: waitlistEntries.id });
    if (visits.length === 0 && messages.length === 0 && waiting.length === 0) {
      return { ok: false, kind: "not-found" };
    }
    await tx.delete(customerNotes).where(eq(customerNotes.emailKey, key));
    // The emails to them, and the salon's notices about them (which reply to them). Mail still
    // on its way (a cancellation just made) is delivered, and goes 30 days after.
    const emails = await tx
      .delete(emailOutbox)
      .where(
        and(
          sql`(lower(trim(${emailOutbox.toAddress})) = ${address} or lower(trim(${emailOutbox.replyTo})) = ${address})`,
          inArray(emailOutbox.status, ["sent", "failed"]),
        ),
      )
      .returning({ id: emailOutbox.id });
    return {
      ok: true,
      appointments: visits.length,
      messages: messages.length,
      emails: emails.length,
      waitlist: waiting.length,
    };
  });
}
