// Offering freed times to the waitlist (docs/product.md#waitlist): the worker that looks at each
// line after every change and every minute, and emails the first in line whose times suit a free
// one, under the line's lock (waitlist.server.ts holds the line and its rules of joining).
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { business } from "../../content/business";
import { salonDateOf, salonWallClock } from "../../domain/booking/time-zone";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import { suits } from "../../domain/booking/waitlist-times";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import { listSlots, type SlotView } from "../booking/slot-listing.server";
import { listVisit } from "../booking/visit.server";
import type { Database } from "../db/client.server";
import { waitlistEntries } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { lockLine } from "./waitlist.server";
import { waitlistOfferEmail } from "./waitlist-emails.server";

const zone = business.timeZone;

/** How long after an offer the next in line may be emailed (the time is never held). */
export const DEFAULT_OFFER_MS = 30 * 60_000;

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
