// The waitlist (docs/product.md#waitlist). A visitor whose search found no time joins the line
// for that day and search. Whenever availability may have changed (a cancellation, a move, a
// staff change: the database's change notices, and every minute for holds that lapse), the
// waitlist worker looks at each search someone waits for: when a time is free, the first in line
// whose preferred parts of the day it suits is emailed a link that books it if it is still free.
// While that offer is fresh (WAITLIST_OFFER_MINUTES) nobody else in that line is emailed; after
// it, the next in line is. Someone whose offered time another guest took goes back to waiting, in
// the same place. One process at a time decides for a line (an advisory lock on the line's key),
// so two processes never email two people for one freed time.
import { and, asc, eq, gte, inArray, or, sql } from "drizzle-orm";
import { business } from "../../content/business";
import { DEFAULT_BOOKING_SETTINGS } from "../../domain/booking/slots";
import {
  addDaysIso,
  formatSlotLabel,
  salonDateOf,
  salonWallClock,
} from "../../domain/booking/time-zone";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import {
  canonicalItems,
  type DayPeriod,
  describePeriods,
  type JoinRefusal,
  lineOf,
  suits,
  type WaitlistRequest,
  WaitlistRequestSchema,
} from "../../domain/booking/waitlist";
import { fieldErrorsOf } from "../../domain/zod";
import type { Database, Transaction } from "../db/client.server";
import { waitlistEntries } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { waitlistOfferEmail } from "../email/waitlist-emails.server";
import { hashManageToken, looksLikeManageToken, newManageToken } from "../manage-token.server";
import { findAppointmentType } from "./appointment-types.server";
import { type BookingOptions, type BookResult, bookAppointment } from "./booking.server";
import { dayMark } from "./month-days.server";
import { listSlots, type SlotView } from "./slot-listing.server";
import { bookVisit, listVisit, resolveVisit, serviceName } from "./visit.server";

const zone = business.timeZone;
/** How long after an offer the next in line may be emailed (the time is never held). */
export const DEFAULT_OFFER_MS = 30 * 60_000;
/** The most people waiting for one day and search: a line, not a flood. */
const MAX_IN_LINE = 100;

export type JoinResult =
  | { ok: true; dateIso: string; service: string; periods: DayPeriod[] }
  | { ok: false; fieldErrors: Record<string, string> }
  | { ok: false; message: string; reason: JoinRefusal };

/** The most places one email holds in all lines at once. */
const MAX_PLACES_PER_EMAIL = 5;

/** What was asked for, as the email and the pages say it; undefined for an unknown service. */
async function describeSearch(
  db: Database,
  items: readonly VisitRequestItem[],
): Promise<string | undefined> {
  if (items.length === 0) return undefined;
  if (!isVisit(items)) return (await findAppointmentType(db, items[0]?.typeId ?? ""))?.type;
  const resolved = await resolveVisit(db, items);
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
  input: { dateIso: unknown; name: unknown; email: unknown; periods: unknown[] },
  asked: readonly VisitRequestItem[],
  options: { now?: Date; holder?: string | undefined } = {},
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
  return db.transaction(async (tx): Promise<JoinResult> => {
    // One decision per line at a time (the worker takes the same lock).
    await lockLine(tx, line);
    const waiting = await tx
      .select({ email: waitlistEntries.email, line: waitlistEntries.line })
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
    if (waiting.filter((entry) => entry.email === email).length >= MAX_PLACES_PER_EMAIL) {
      return {
        ok: false,
        reason: "too-many",
        message: `This email is already on ${MAX_PLACES_PER_EMAIL} waitlists. Please call us at ${business.phone}.`,
      };
    }
    if (waiting.filter((entry) => entry.line === line).length >= MAX_IN_LINE) {
      return {
        ok: false,
        reason: "line-full",
        message: `The waitlist for this day is full. Please call us at ${business.phone}.`,
      };
    }
    await tx.insert(waitlistEntries).values({
      day: request.dateIso,
      line,
      items,
      service,
      name: request.name,
      email,
      periods: request.periods,
      createdAt: now,
    });
    return answer;
  });
}

/** Holds the line's lock to the end of the transaction. */
async function lockLine(tx: Transaction, line: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${line}`}))`);
}

/** The free times of a line's search now; none when it can no longer be listed. */
async function freeTimes(
  db: Database,
  dateIso: string,
  items: readonly VisitRequestItem[],
  now: Date,
): Promise<SlotView[]> {
  const first = items[0];
  if (!first) return [];
  const listed = isVisit(items)
    ? await listVisit(db, { dateIso, items }, { now })
    : await listSlots(db, { dateIso, typeId: first.typeId, worker: first.worker }, { now });
  return listed.ok ? listed.slots : [];
}

export interface OfferOptions {
  now?: Date;
  /** The site's address: the link's origin (configuration, never a request's header). */
  siteUrl: string;
  offerMs?: number;
}

/** The most lines looked at in one round (the soonest days first); the next round goes on. */
const MAX_LINES_PER_ROUND = 200;

/**
 * Offers freed times to the waitlist, line by line (from today on, the soonest days first): an
 * offer whose time someone else took (or that passed) goes back to waiting, in its place; then,
 * when a time is free and no offer of the line is fresh, the first in line whose preferred times
 * it suits is emailed. A line that fails is reported and skipped. Returns how many were emailed.
 */
export async function offerFreedTimes(
  db: Database,
  options: OfferOptions & { onLineError?: (error: unknown) => void },
): Promise<number> {
  const now = options.now ?? new Date();
  const offerMs = options.offerMs ?? DEFAULT_OFFER_MS;
  const lines = await db
    .selectDistinct({
      line: waitlistEntries.line,
      day: waitlistEntries.day,
      items: waitlistEntries.items,
    })
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.status, ["waiting", "offered"]),
        gte(waitlistEntries.day, salonDateOf(now, zone)),
      ),
    )
    .orderBy(asc(waitlistEntries.day), asc(waitlistEntries.line))
    .limit(MAX_LINES_PER_ROUND);
  let offered = 0;
  for (const line of lines) {
    try {
      const free = await freeTimes(db, line.day, line.items, now);
      if (await offerInLine(db, line.line, free, { ...options, now, offerMs })) offered += 1;
    } catch (error) {
      options.onLineError?.(error);
    }
  }
  return offered;
}

/** One line's turn (offerFreedTimes), under its lock; true when someone was emailed. */
async function offerInLine(
  db: Database,
  line: string,
  free: readonly SlotView[],
  options: OfferOptions & { now: Date; offerMs: number },
): Promise<boolean> {
  const { now, offerMs } = options;
  const freeStarts = new Set(free.map((time) => time.startsAt));
  return db.transaction(async (tx) => {
    await lockLine(tx, line);
    const entries = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.line, line),
          inArray(waitlistEntries.status, ["waiting", "offered"]),
        ),
      )
      .orderBy(asc(waitlistEntries.place));
    // An offer whose time is no longer free: someone else took it, or it passed.
    const isTaken = (entry: (typeof entries)[number]) =>
      entry.status === "offered" && !freeStarts.has(entry.offeredStartsAt?.toISOString() ?? "");
    const taken = entries.filter(isTaken);
    if (taken.length > 0) {
      await tx
        .update(waitlistEntries)
        .set({ status: "waiting" })
        .where(
          inArray(
            waitlistEntries.id,
            taken.map((entry) => entry.id),
          ),
        );
    }
    const standing = entries.filter((entry) => entry.status === "offered" && !isTaken(entry));
    const since = now.getTime() - offerMs;
    if (standing.some((entry) => (entry.offeredAt?.getTime() ?? 0) > since)) return false;
    for (const entry of entries) {
      if (standing.includes(entry)) continue;
      const slot = free.find((time) =>
        suits(entry.periods, salonWallClock(new Date(time.startsAt), zone).minutes),
      );
      if (!slot) continue;
      const token = newManageToken();
      const startsAt = new Date(slot.startsAt);
      await tx
        .update(waitlistEntries)
        .set({
          status: "offered",
          offeredStartsAt: startsAt,
          offeredAt: now,
          offerTokenHash: hashManageToken(token),
        })
        .where(eq(waitlistEntries.id, entry.id));
      await enqueueEmail(
        tx,
        waitlistOfferEmail({
          email: entry.email,
          service: entry.service,
          startsAt,
          url: waitlistOfferUrl(options.siteUrl, token),
          window: `${Math.round(offerMs / 60_000)} minutes`,
        }),
        { now },
      );
      return true;
    }
    return false;
  });
}

/** The link of an offer's email. */
export function waitlistOfferUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, "")}/waitlist?token=${token}`;
}

export interface WaitlistOfferView {
  name: string;
  email: string;
  service: string;
  dateIso: string;
  startsAt: Date;
  booked: boolean;
  /** Someone else took the offered time: the person is back in line, in their place. */
  taken: boolean;
}

/** The offer behind a link, booked or not; undefined for an unknown token. */
export async function findOffer(
  db: Database,
  token: string,
): Promise<WaitlistOfferView | undefined> {
  if (!looksLikeManageToken(token)) return undefined;
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, hashManageToken(token)));
  if (!entry?.offeredStartsAt) return undefined;
  return {
    name: entry.name,
    email: entry.email,
    service: entry.service,
    dateIso: entry.day,
    startsAt: entry.offeredStartsAt,
    booked: entry.status === "booked",
    taken: entry.status === "waiting",
  };
}

export type TakeOfferResult =
  | BookResult
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "booked" };

/**
 * Books the offered time for the person in line, if it is still free: the same booking as the
 * public form's (its checks, limit and emails), and the entry marked booked in its transaction.
 */
export async function takeOffer(
  db: Database,
  token: string,
  options: BookingOptions = {},
): Promise<TakeOfferResult> {
  if (!looksLikeManageToken(token)) return { ok: false, kind: "not-found" };
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, hashManageToken(token)));
  if (!entry?.offeredStartsAt) return { ok: false, kind: "not-found" };
  if (entry.status === "booked") return { ok: false, kind: "booked" };
  // Back in line: someone else took the offered time since the email.
  if (entry.status === "waiting") return { ok: false, kind: "unavailable", reason: "taken" };
  const first = entry.items[0];
  if (!first) return { ok: false, kind: "not-found" };
  const input = {
    dateIso: entry.day,
    typeId: first.typeId,
    worker: first.worker,
    startsAt: entry.offeredStartsAt.toISOString(),
    name: entry.name,
    email: entry.email,
  };
  const booking: BookingOptions = {
    ...options,
    alsoWrite: async (tx) => {
      const marked = await tx
        .update(waitlistEntries)
        .set({ status: "booked" })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "offered")))
        .returning({ id: waitlistEntries.id });
      // Two presses of the link at once: the second books nothing. Thrown, it rolls the booking
      // back; claimSlot and claimVisit pass on what is not a lost race, and it is caught below.
      if (marked.length === 0) throw new OfferAlreadyTaken();
    },
  };
  try {
    return isVisit(entry.items)
      ? await bookVisit(db, { ...input, items: entry.items }, booking)
      : await bookAppointment(db, input, booking);
  } catch (error) {
    if (error instanceof OfferAlreadyTaken) return { ok: false, kind: "booked" };
    throw error;
  }
}

class OfferAlreadyTaken extends Error {}

export interface WaitlistWorker {
  /** Looks again soon (a change was announced). */
  poke(): void;
  stop(): Promise<void>;
}

/**
 * Runs offerFreedTimes at start, every `intervalMs` (holds and offers lapse without a change
 * notice), and shortly after each poke; one round at a time.
 */
export function startWaitlistWorker(options: {
  db: Database;
  siteUrl: () => string;
  offerMs?: number;
  intervalMs?: number;
  onQueued?: () => void;
  onError?: (error: unknown) => void;
}): WaitlistWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = offerFreedTimes(options.db, {
      siteUrl: options.siteUrl(),
      offerMs: options.offerMs,
      onLineError: options.onError,
    })
      .then(
        (count) => {
          if (count > 0) options.onQueued?.();
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    poke() {
      if (stopped || soon) return;
      // A burst of changes (a visit's several rows, a rename) is one look.
      soon = setTimeout(() => {
        soon = undefined;
        run();
      }, 200);
      soon.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
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
            : "Waiting",
    };
  });
}
