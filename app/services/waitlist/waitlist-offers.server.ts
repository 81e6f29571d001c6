// Offering freed times to the waitlist (docs/product.md#waitlist): the worker that looks at each
// line after every change and every minute, and emails the first in line whose times suit a free
// one, under the line's lock (waitlist.server.ts holds the line and its rules of joining).
import { and, asc, eq, gt, gte, inArray, isNotNull, sql } from "drizzle-orm";
import {
  addDaysIso,
  isIsoDate,
  SALON_TIME_ZONE,
  salonDateOf,
  salonWallClock,
} from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { suits } from "../../domain/booking/waitlist-times";
import { searchInLanguage } from "../booking/customer-language.server";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import type { SlotView } from "../booking/slot-listing.server";
import { listVisitTimes } from "../booking/visit-times.server";
import type { Database, Transaction } from "../db/client.server";
import { availabilityVersions, waitlistEntries } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { lockLine } from "./waitlist.server";
import { waitlistOfferEmail, waitlistOfferUrl } from "./waitlist-emails.server";

const zone = SALON_TIME_ZONE;

/** How long after an offer the next in line may be emailed (the time is never held). */
export const DEFAULT_OFFER_MS = 30 * 60_000;

/** The free times of a line's search now; none when it can no longer be listed. */
async function freeTimes(
  db: Database,
  dateIso: string,
  items: readonly VisitRequestItem[],
  now: Date,
): Promise<SlotView[]> {
  const listed = await listVisitTimes(db, { dateIso, items }, { now });
  return listed.ok ? listed.slots : [];
}

interface OfferOptions {
  now?: Date;
  /** The site's address: the link's origin (configuration, never a request's header). */
  siteUrl: string;
  offerMs?: number;
}

/** The most lines of unchanged days looked at in one round (the soonest days first). */
const MAX_SWEPT_LINES = 200;

/** An address is emailed at most one offer in this long, whatever its lines. */
const OFFER_PACE_MS = 30 * 60_000;

/** The lines people have confirmed places in, from today on (`days`: only those days). */
function linesOf(db: Database, today: string, days?: readonly string[]) {
  return db
    .select({
      line: waitlistEntries.line,
      day: waitlistEntries.day,
      items: waitlistEntries.items,
      /** Whether an offer stands in it (to take back if its time is no longer free). */
      offered: sql<boolean>`bool_or(${waitlistEntries.status} = 'offered')`,
    })
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.status, ["waiting", "offered"]),
        isNotNull(waitlistEntries.confirmedAt),
        gte(waitlistEntries.day, today),
        days ? inArray(waitlistEntries.day, [...days]) : undefined,
      ),
    )
    .groupBy(waitlistEntries.line, waitlistEntries.day, waitlistEntries.items)
    .orderBy(asc(waitlistEntries.day), asc(waitlistEntries.line));
}

/**
 * The salon days whose availability changed after `version` (drizzle/0006: every change of the
 * bookings, holds, services, team or closed days raises its days' versions from one sequence),
 * and the highest version now. A salon day's listing reads its UTC day and the next.
 */
export async function changedDays(
  db: Database,
  version: number,
): Promise<{ days: string[] | "every"; version: number }> {
  const rows = await db
    .select({ day: availabilityVersions.day, version: availabilityVersions.version })
    .from(availabilityVersions)
    .where(gt(availabilityVersions.version, version));
  // A change of every day's availability (a service, the team: its row is not a date) leaves
  // no line out.
  const every = rows.some((row) => !isIsoDate(row.day));
  const days = new Set(
    rows.flatMap((row) => (isIsoDate(row.day) ? [row.day, addDaysIso(row.day, -1)] : [])),
  );
  const [top] = await db
    .select({ version: sql<number | null>`max(${availabilityVersions.version})::bigint` })
    .from(availabilityVersions);
  return { days: every ? "every" : [...days], version: Number(top?.version ?? 0) };
}

/**
 * Offers freed times to the waitlist, line by line, confirmed places only: first every line of
 * the days in `changed` (a freed time reaches its day's lines in this round, however many other
 * lines wait), then up to MAX_SWEPT_LINES others from today on, the soonest days first (offers
 * lapse, holds end without a change). An offer whose time someone else took (or that passed)
 * goes back to waiting, in its place; then, when a time is free and no offer of the line is
 * fresh, the first in line whose preferred times it suits (and who had no offer in the last 30
 * minutes) is emailed. A line that fails is reported and skipped. Returns how many were emailed.
 */
export async function offerFreedTimes(
  db: Database,
  options: OfferOptions & {
    onLineError?: (error: unknown) => void;
    /** The days changed since the last round, or "every" day (then every line is looked at). */
    changed?: readonly string[] | "every";
  },
): Promise<number> {
  const now = options.now ?? new Date();
  const offerMs = options.offerMs ?? DEFAULT_OFFER_MS;
  const today = salonDateOf(now, zone);
  const { changed } = options;
  const first =
    changed === "every"
      ? await linesOf(db, today)
      : changed?.length
        ? await linesOf(db, today, changed)
        : [];
  const seen = new Set(first.map((line) => line.line));
  const swept = (await linesOf(db, today).limit(MAX_SWEPT_LINES + seen.size)).filter(
    (line) => !seen.has(line.line),
  );
  const lines = [...first, ...swept.slice(0, MAX_SWEPT_LINES)];
  let offered = 0;
  for (const line of lines) {
    try {
      const free = await freeTimes(db, line.day, line.items, now);
      // Nothing free and no offer standing: nothing to decide, no need for the line's lock.
      if (free.length === 0 && !line.offered) continue;
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
  const salon = (await readSalonFacts(db)).details;
  return db.transaction(async (tx) => {
    await lockLine(tx, line);
    const entries = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.line, line),
          inArray(waitlistEntries.status, ["waiting", "offered"]),
          isNotNull(waitlistEntries.confirmedAt),
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
      // One offer per address per half hour, whatever its lines (docs/security.md#waitlist).
      if (await offeredLately(tx, entry.email, now)) continue;
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
      // In the language of the place (issue 39): its words, its service's names, its link.
      const language = entry.language;
      const service = await searchInLanguage(tx, entry.items, language, entry.service);
      await enqueueEmail(
        tx,
        waitlistOfferEmail(
          {
            email: entry.email,
            name: entry.name,
            service,
            startsAt,
            url: waitlistOfferUrl(options.siteUrl, token, language),
            windowMinutes: Math.round(offerMs / 60_000),
            language,
          },
          salon,
        ),
        // Public mail: within the 5 an hour to one address, like every confirmation.
        { now, paced: true },
      );
      return true;
    }
    return false;
  });
}

/** Whether `email` was offered a time in the last OFFER_PACE_MS, in any line. */
async function offeredLately(tx: Transaction, email: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.email, email),
        gt(waitlistEntries.offeredAt, new Date(now.getTime() - OFFER_PACE_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
