// The waitlist (docs/product.md#waitlist). A visitor whose search found no time joins the line
// for that day and search. Whenever availability may have changed (a cancellation, a move, a
// staff change: the database's change notices, and every minute for holds that lapse), the
// waitlist worker looks at each search someone waits for: when a time is free, the first in line
// whose preferred parts of the day it suits is emailed a link that books it if it is still free.
// While that offer is fresh (WAITLIST_OFFER_MINUTES) nobody else in that line is emailed; after
// it, the next in line is. Someone whose offered time another guest took goes back to waiting, in
// the same place. One process at a time decides for a line (an advisory lock on the line's key),
// so two processes never email two people for one freed time. Here: joining a line, its lock, and
// the staff's view; the offers and their worker in waitlist-offers.server.ts, the emailed link's
// page and booking in waitlist-link.server.ts.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { DEFAULT_BOOKING_SETTINGS } from "../../domain/booking/slots";
import {
  addDaysIso,
  formatSlotLabel,
  SALON_TIME_ZONE,
  salonDateOf,
} from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import {
  canonicalItems,
  type DayPeriod,
  describePeriods,
  type JoinRefusal,
  lineOf,
  type WaitlistRequest,
  WaitlistRequestSchema,
} from "../../domain/booking/waitlist-times";
import { fieldErrorsOf } from "../../domain/zod";
import { searchInLanguage } from "../booking/customer-language.server";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import { dayMark } from "../booking/month-days.server";
import { resolveVisit, serviceName } from "../booking/visit.server";
import type { Database, Transaction } from "../db/client.server";
import { waitlistEntries } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { waitlistConfirmEmail, waitlistConfirmUrl } from "./waitlist-emails.server";

const zone = SALON_TIME_ZONE;
/** The most people waiting for one day and search: a line, not a flood. */
const MAX_IN_LINE = 100;

export type JoinResult =
  | { ok: true; dateIso: string; service: string; periods: DayPeriod[] }
  | { ok: false; fieldErrors: Record<string, string> }
  | { ok: false; message: string; reason: JoinRefusal };

/** The most places one email holds in all lines at once. */
const MAX_PLACES_PER_EMAIL = 5;

const UNCONFIRMED =
  "We have emailed this address a link to confirm a place on a waitlist. Please confirm that place first.";

/** What was asked for, as the email and the pages say it; undefined for an unknown service. */
async function describeSearch(
  db: Database,
  items: readonly VisitRequestItem[],
): Promise<string | undefined> {
  // The technicians named are the day's listing's to check (joinWaitlist): it says which is wrong.
  const resolved = await resolveVisit(db, items, false);
  return resolved?.map(serviceName).join(" and ");
}

/** Why a day that is not full cannot have a waitlist, as the visitor reads it. */
const NOT_FULL: Record<"free" | "closed" | "off" | "open", string> = {
  free: "There are free times on this day: please choose one.",
  closed: "We are closed on this day: please choose another.",
  off: "This service is not offered on this day: please choose another.",
  open: "Choose a service.",
};

/**
 * Puts the visitor in line for a day's search, when that day is full for it (open, the service
 * offered, no time free). The same email waiting for the same search keeps its one place, as it
 * was: joining again changes nothing (nobody can rewrite another's place by typing their email).
 */
export async function joinWaitlist(
  db: Database,
  input: { dateIso: unknown; name: unknown; email: unknown; periods: unknown[]; locale?: unknown },
  asked: readonly VisitRequestItem[],
  options: { now?: Date; holder?: string | undefined; siteUrl?: string } = {},
): Promise<JoinResult> {
  const parsed = WaitlistRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const request: WaitlistRequest = parsed.data;
  const now = options.now ?? new Date();
  const today = salonDateOf(now, zone);
  const lastDay = addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1);
  if (request.dateIso < today || request.dateIso > lastDay) {
    return {
      ok: false,
      fieldErrors: { dateIso: "Choose a day from today on, within our calendar." },
    };
  }
  const items = canonicalItems(asked);
  const service = await describeSearch(db, items);
  // The day's own listing checks the rest: the technicians named, the add-ons, the day.
  const day = service ? await dayMark(db, request.dateIso, items, options) : undefined;
  if (!service || !day?.ok) {
    return {
      ok: false,
      reason: "unreadable",
      message: day?.ok === false ? day.error : "Choose a service.",
    };
  }
  if (day.mark !== "full") return { ok: false, reason: "not-full", message: NOT_FULL[day.mark] };
  const email = request.email.toLowerCase();
  const line = lineOf(request.dateIso, items);
  const token = newManageToken();
  const salon = (await readSalonFacts(db)).details;
  return db.transaction(async (tx): Promise<JoinResult> => {
    // One decision per line at a time (the worker takes the same lock).
    await lockLine(tx, line);
    const waiting = await tx
      .select({
        email: waitlistEntries.email,
        line: waitlistEntries.line,
        confirmedAt: waitlistEntries.confirmedAt,
      })
      .from(waitlistEntries)
      .where(
        and(
          inArray(waitlistEntries.status, ["waiting", "offered"]),
          or(eq(waitlistEntries.line, line), eq(waitlistEntries.email, email)),
        ),
      );
    const answer = {
      ok: true,
      dateIso: request.dateIso,
      service,
      periods: request.periods,
    } as const;
    if (waiting.some((entry) => entry.line === line && entry.email === email)) return answer;
    const refused = refusalOf(waiting, line, email, salon.phone);
    if (refused) return refused;
    await tx.insert(waitlistEntries).values({
      day: request.dateIso,
      line,
      items,
      service,
      name: request.name,
      email,
      periods: request.periods,
      language: request.locale,
      createdAt: now,
      confirmTokenHash: hashManageToken(token),
    });
    // In the language of the page it was joined from (issue 39), its link too.
    const language = request.locale;
    const url = waitlistConfirmUrl(options.siteUrl ?? "", token, language);
    const named = await searchInLanguage(tx, items, language, service);
    const confirm = { email, service: named, dateIso: request.dateIso, url, language };
    await enqueueEmail(tx, waitlistConfirmEmail(confirm, salon), { now, paced: true });
    return answer;
  });
}

/**
 * Why a new place is refused, from the places now waiting in this line or under this email:
 * an address's unconfirmed place (a stranger typing it gets its owner one email, no more), its
 * five places, or a full line (only confirmed places fill one: unconfirmed ones keep no one out).
 */
function refusalOf(
  waiting: { email: string; line: string; confirmedAt: Date | null }[],
  line: string,
  email: string,
  phone: string,
): Extract<JoinResult, { reason: JoinRefusal }> | undefined {
  const own = waiting.filter((entry) => entry.email === email);
  if (own.some((entry) => entry.confirmedAt === null)) {
    return { ok: false, reason: "unconfirmed", message: UNCONFIRMED };
  }
  if (own.length >= MAX_PLACES_PER_EMAIL) {
    return {
      ok: false,
      reason: "too-many",
      message: `This email is already on ${MAX_PLACES_PER_EMAIL} waitlists. Please call us at ${phone}.`,
    };
  }
  const confirmedInLine = waiting.filter((e) => e.line === line && e.confirmedAt !== null);
  if (confirmedInLine.length >= MAX_IN_LINE) {
    return {
      ok: false,
      reason: "line-full",
      message: `The waitlist for this day is full. Please call us at ${phone}.`,
    };
  }
  return undefined;
}

/** Holds the line's lock to the end of the transaction. */
export async function lockLine(tx: Transaction, line: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${line}`}))`);
}

/** A place in a day's waitlist as staff read it (/scheduleadmin). */
export interface WaitlistPlaceView {
  id: string;
  name: string;
  email: string;
  service: string;
  /** "mornings", "any time". */
  times: string;
  /** "Waiting", "Offered 2:00 PM", "Booked 2:00 PM". */
  state: string;
}

/** The people waiting for times on a day, in line order (staff only: it names customers). */
export async function listWaitlistOn(db: Database, dateIso: string): Promise<WaitlistPlaceView[]> {
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.day, dateIso))
    .orderBy(asc(waitlistEntries.line), asc(waitlistEntries.place));
  return rows.map((row) => {
    const at = row.offeredStartsAt ? ` ${formatSlotLabel(row.offeredStartsAt, zone)}` : "";
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      service: row.service,
      times: describePeriods(row.periods),
      state:
        row.status === "booked"
          ? `Booked${at}`
          : row.status === "offered"
            ? `Offered${at}`
            : row.confirmedAt === null
              ? "Not confirmed yet"
              : "Waiting",
    };
  });
}
