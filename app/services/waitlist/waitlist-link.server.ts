// The link a waitlist offer emails (/waitlist?token=..., docs/product.md#waitlist): what it
// offers, and booking that time if it is still free, as the public form books.

import { and, eq } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import {
  type BookingOptions,
  type BookResult,
  bookVisitRequest,
  checkVisitRequest,
  type VisitBookingRequest,
} from "../booking/booking.server";
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
  /** The visit it booked (a protected one may still await, or have lost, its payment). */
  bookedVisitId: string | null;
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
    bookedVisitId: entry.status === "booked" ? entry.bookedVisitId : null,
    taken: entry.status === "waiting",
  };
}

/** Why an offer's link books nothing before any booking is tried. */
type OfferRefusal =
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "booked" }
  | Extract<BookResult, { kind: "invalid" }>
  /** Back in line: someone else took the offered time since the email. */
  | { ok: false; kind: "unavailable"; reason: "taken" };

/** How the caller books the offer's request: as the public form does, or through payments. */
type BookWith<R> = (request: VisitBookingRequest, options: BookingOptions) => Promise<R>;

/**
 * The offer behind a link, ready to book: its request (the customer's details checked as the
 * public form's), and `book`, which books it with the caller's booking and marks the place booked
 * in the same transaction (a second press, or two at once, books nothing: "booked").
 */
export async function prepareOffer(
  db: Database,
  token: string,
  options: BookingOptions = {},
): Promise<
  | OfferRefusal
  | {
      ok: true;
      request: VisitBookingRequest;
      book<R>(bookWith: BookWith<R>): Promise<R | { ok: false; kind: "booked" }>;
    }
> {
  if (!looksLikeManageToken(token)) return { ok: false, kind: "not-found" };
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, hashManageToken(token)));
  if (!entry?.offeredStartsAt) return { ok: false, kind: "not-found" };
  if (entry.status === "booked") return { ok: false, kind: "booked" };
  if (entry.status === "waiting") return { ok: false, kind: "unavailable", reason: "taken" };
  const first = entry.items[0];
  if (!first) return { ok: false, kind: "not-found" };
  // One service or several: a visit of its items (docs/product.md#visits), booked in the
  // language she joined in (issue 39).
  const read = checkVisitRequest({
    dateIso: entry.day,
    technician: first.technician,
    startsAt: entry.offeredStartsAt.toISOString(),
    name: entry.name,
    email: entry.email,
    locale: entry.language,
    items: entry.items,
  });
  if (!read.ok) return read;
  const booking: BookingOptions = {
    ...options,
    channel: "waitlist",
    alsoWrite: async (tx, visitId) => {
      const marked = await tx
        .update(waitlistEntries)
        .set({ status: "booked", bookedVisitId: visitId })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "offered")))
        .returning({ id: waitlistEntries.id });
      // Two presses of the link at once: the second books nothing. Thrown, it rolls the booking
      // back; claimVisit passes on what is not a lost race, and it is caught below.
      if (marked.length === 0) throw new OfferAlreadyTaken();
    },
  };
  return {
    ok: true,
    request: read.request,
    async book(bookWith) {
      try {
        return await bookWith(read.request, booking);
      } catch (error) {
        if (error instanceof OfferAlreadyTaken) return { ok: false, kind: "booked" };
        throw error;
      }
    },
  };
}

/**
 * Books the offered time for the person in line, if it is still free: the same booking as the
 * public form's (its checks, limit and emails), and the entry marked booked in its transaction.
 */
export async function takeOffer(
  db: Database,
  token: string,
  options: BookingOptions = {},
): Promise<BookResult | OfferRefusal> {
  const prepared = await prepareOffer(db, token, options);
  if (!prepared.ok) return prepared;
  return prepared.book((request, booking) => bookVisitRequest(db, request, booking));
}

class OfferAlreadyTaken extends Error {}
