// The link a waitlist offer emails (/waitlist?token=..., docs/product.md#waitlist): what it
// offers, and booking that time if it is still free, as the public form books.

import { and, eq } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { type BookingOptions, type BookResult, bookVisit } from "../booking/booking.server";
import { hashManageToken, looksLikeManageToken } from "../booking/manage-token.server";
import type { Database } from "../db/client.server";
import { waitlistEntries } from "../db/schema.server";

const _zone = SALON_TIME_ZONE;

interface WaitlistOfferView {
  name: string;
  email: string;
  service: string;
  /** The services searched for, for a page to name them in its language. */
  items: VisitRequestItem[];
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
    items: entry.items,
    dateIso: entry.day,
    startsAt: entry.offeredStartsAt,
    booked: entry.status === "booked",
    taken: entry.status === "waiting",
  };
}

type TakeOfferResult =
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
    technician: first.technician,
    startsAt: entry.offeredStartsAt.toISOString(),
    name: entry.name,
    email: entry.email,
    // Booked in the language she joined in (issue 39).
    locale: entry.language,
  };
  const booking: BookingOptions = {
    ...options,
    channel: "waitlist",
    alsoWrite: async (tx) => {
      const marked = await tx
        .update(waitlistEntries)
        .set({ status: "booked" })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "offered")))
        .returning({ id: waitlistEntries.id });
      // Two presses of the link at once: the second books nothing. Thrown, it rolls the booking
      // back; claimVisit passes on what is not a lost race, and it is caught below.
      if (marked.length === 0) throw new OfferAlreadyTaken();
    },
  };
  try {
    // One service or several: a visit of its items (docs/product.md#visits).
    return await bookVisit(db, { ...input, items: entry.items }, booking);
  } catch (error) {
    if (error instanceof OfferAlreadyTaken) return { ok: false, kind: "booked" };
    throw error;
  }
}

class OfferAlreadyTaken extends Error {}
