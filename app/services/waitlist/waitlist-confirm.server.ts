// 'Confirm My Place' (/waitlist/confirm?token=..., docs/product.md#waitlist): a place on the
// waitlist counts once the owner of its email address confirms it from the link emailed when it
// was taken, so nobody can put a stranger in line, or have us email them offers.
import { and, eq, isNull } from "drizzle-orm";
import { formatDateString, SALON_TIME_ZONE, zonedDateTime } from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { hashManageToken, looksLikeManageToken } from "../booking/manage-token.server";
import type { Database } from "../db/client.server";
import { waitlistEntries } from "../db/schema.server";
import { lockLine } from "./waitlist.server";

export interface PlaceView {
  service: string;
  /** "Saturday, May 2 2026". */
  day: string;
  /** The day itself ("2026-05-02"), for a page in another language to name. */
  dateIso: string;
  /** The services searched for, for a page to name them in its language. */
  items: VisitRequestItem[];
  confirmed: boolean;
}

async function placeOf(db: Database, token: string) {
  if (!looksLikeManageToken(token)) return undefined;
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.confirmTokenHash, hashManageToken(token)));
  return entry;
}

const dayLabel = (dateIso: string) =>
  formatDateString(zonedDateTime(dateIso, "12:00", SALON_TIME_ZONE), SALON_TIME_ZONE);

/** The place a confirm link names; undefined for an unknown token or a place gone. */
export async function findPlace(db: Database, token: string): Promise<PlaceView | undefined> {
  const entry = await placeOf(db, token);
  if (!entry) return undefined;
  return {
    service: entry.service,
    day: dayLabel(entry.day),
    dateIso: entry.day,
    items: entry.items,
    confirmed: entry.confirmedAt !== null,
  };
}

/**
 * Confirms the place under its line's lock (the worker decides that line one round at a time);
 * from then on it is in line, in the place it took when it joined. Again: nothing changes.
 */
export async function confirmPlace(
  db: Database,
  token: string,
  now = new Date(),
): Promise<PlaceView | undefined> {
  const entry = await placeOf(db, token);
  if (!entry) return undefined;
  await db.transaction(async (tx) => {
    await lockLine(tx, entry.line);
    await tx
      .update(waitlistEntries)
      .set({ confirmedAt: now })
      // Confirmed once: a second press keeps the first time.
      .where(and(eq(waitlistEntries.id, entry.id), isNull(waitlistEntries.confirmedAt)));
  });
  return {
    service: entry.service,
    day: dayLabel(entry.day),
    dateIso: entry.day,
    items: entry.items,
    confirmed: true,
  };
}
