// The waitlist (docs/product.md#waitlist). A visitor whose search found no time joins the line
// for that day and search. Whenever availability may have changed (a cancellation, a move, a
// staff change: the database's change notices, and every minute for holds that lapse), the
// waitlist worker looks at each search someone waits for: when a time is free, the first in line
// whose preferred parts of the day it suits is emailed a link that books it if it is still free.
// While that offer is fresh (WAITLIST_OFFER_MINUTES) nobody else in that line is emailed; after
// it, the next in line is. Each entry is offered once. One process at a time decides for a line
// (an advisory lock), so two processes never email two people for one freed time.
import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import { business } from "../../content/business";
import { DEFAULT_BOOKING_SETTINGS } from "../../domain/booking/slots";
import { addDaysIso, salonDateOf, salonWallClock } from "../../domain/booking/time-zone";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import {
  type DayPeriod,
  suits,
  type WaitlistRequest,
  WaitlistRequestSchema,
} from "../../domain/booking/waitlist";
import { fieldErrorsOf } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { waitlistEntries } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { waitlistOfferEmail } from "../email/waitlist-emails.server";
import { hashManageToken, looksLikeManageToken, newManageToken } from "../manage-token.server";
import { findAppointmentType } from "./appointment-types.server";
import { type BookingOptions, type BookResult, bookAppointment } from "./booking.server";
import { listSlots, type SlotView } from "./slot-listing.server";
import { bookVisit, listVisit, resolveVisit, serviceName } from "./visit.server";

const zone = business.timeZone;
/** How long an offer is the offered person's alone before the next in line is emailed. */
export const DEFAULT_OFFER_MS = 30 * 60_000;
/** The most people waiting for one day and search: a line, not a flood. */
const MAX_IN_LINE = 100;

export type JoinResult =
  | { ok: true; dateIso: string; service: string; periods: DayPeriod[] }
  | { ok: false; fieldErrors: Record<string, string> }
  | { ok: false; message: string };

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

/**
 * Puts the visitor in line for a day's search. The same email waiting for the same search is
 * one entry (its name and preferred times updated), not two places in line.
 */
export async function joinWaitlist(
  db: Database,
  input: { dateIso: unknown; name: unknown; email: unknown; periods: unknown[] },
  items: readonly VisitRequestItem[],
  options: { now?: Date } = {},
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
  const service = await describeSearch(db, items);
  if (!service) return { ok: false, message: "Choose a service." };
  const email = request.email.toLowerCase();
  return db.transaction(async (tx) => {
    // One decision per line at a time (the worker takes the same lock).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${lineKey(request.dateIso, items)}))`,
    );
    const line = await tx
      .select({
        id: waitlistEntries.id,
        email: waitlistEntries.email,
        status: waitlistEntries.status,
      })
      .from(waitlistEntries)
      .where(sameLine(request.dateIso, items));
    const own = line.find((entry) => entry.email === email && entry.status === "waiting");
    if (own) {
      await tx
        .update(waitlistEntries)
        .set({ name: request.name, periods: request.periods })
        .where(eq(waitlistEntries.id, own.id));
    } else if (line.filter((entry) => entry.status === "waiting").length >= MAX_IN_LINE) {
      return {
        ok: false,
        message: `The waitlist for this day is full. Please call us at ${business.phone}.`,
      } as const;
    } else {
      await tx.insert(waitlistEntries).values({
        day: request.dateIso,
        items: [...items],
        service,
        name: request.name,
        email,
        periods: request.periods,
        createdAt: now,
      });
    }
    return { ok: true, dateIso: request.dateIso, service, periods: request.periods } as const;
  });
}

function lineKey(dateIso: string, items: readonly VisitRequestItem[]): string {
  return `waitlist:${dateIso}:${JSON.stringify(items)}`;
}

function sameLine(dateIso: string, items: readonly VisitRequestItem[]) {
  return and(
    eq(waitlistEntries.day, dateIso),
    sql`${waitlistEntries.items} = ${JSON.stringify(items)}::jsonb`,
  );
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

/**
 * Offers freed times to the waitlist: for each line with someone waiting (from today on), when a
 * time is free and no offer of that line is fresh, emails the first in line whose preferred
 * times it suits. Returns how many were emailed.
 */
export async function offerFreedTimes(db: Database, options: OfferOptions): Promise<number> {
  const now = options.now ?? new Date();
  const offerMs = options.offerMs ?? DEFAULT_OFFER_MS;
  const lines = await db
    .selectDistinct({ day: waitlistEntries.day, items: waitlistEntries.items })
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.status, "waiting"), gte(waitlistEntries.day, salonDateOf(now, zone))),
    );
  let offered = 0;
  for (const line of lines) {
    const free = await freeTimes(db, line.day, line.items, now);
    if (free.length === 0) continue;
    const sent = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${lineKey(line.day, line.items)}))`,
      );
      const fresh = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(
          and(
            sameLine(line.day, line.items),
            eq(waitlistEntries.status, "offered"),
            gt(waitlistEntries.offeredAt, new Date(now.getTime() - offerMs)),
            gt(waitlistEntries.offeredStartsAt, now),
          ),
        )
        .limit(1);
      if (fresh.length > 0) return false;
      const waiting = await tx
        .select()
        .from(waitlistEntries)
        .where(and(sameLine(line.day, line.items), eq(waitlistEntries.status, "waiting")))
        .orderBy(asc(waitlistEntries.place));
      for (const entry of waiting) {
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
    if (sent) offered += 1;
  }
  return offered;
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
      // Two presses of the link at once: the second books nothing.
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
    running = offerFreedTimes(options.db, { siteUrl: options.siteUrl(), offerMs: options.offerMs })
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
