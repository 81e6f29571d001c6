// What an online booking's transaction checks before it writes, and how it is written
// (docs/product.md#booking-limit, docs/product.md#pending-bookings). Shared by one service and a
// visit, so both keep the same rules:
// - one customer (email or phone) holds at most BOOKING_MAX_UPCOMING upcoming online bookings;
// - one client address (an IPv4 address or IPv6 /64) books at most 2 visits of one salon day outright
//   (ONLINE_BOOKINGS_PER_DAY); its next ones are pending: kept 15 minutes for the customer to
//   confirm from an emailed link, released otherwise; 6 of one day in all
//   (ONLINE_BOOKINGS_PER_DAY_MAX).
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { SalonDetails } from "../../domain/salon/salon-details";
import type { Transaction } from "../db/client.server";
import { appointments, slotHolds } from "../db/schema.server";
import { enqueueCustomerEmail, enqueueEmail } from "../email/outbox.server";
import { bookingPolicy } from "../platform/env.server";
import { type BookedAppointment, languageOf } from "./booked-appointment.server";
import { bookingConfirmationEmail, bookingNoticeEmail } from "./booking-emails.server";
import { dayBounds } from "./busy-times.server";
import { inCustomerLanguage } from "./customer-language.server";
import { hashManageToken, newManageToken } from "./manage-token.server";
import { confirmBookingEmail, confirmBookingUrl } from "./pending-emails.server";

/** How long a pending booking is kept for its customer to confirm. */
const PENDING_MINUTES = 15;

/**
 * A booking the limits refuse, answered as it is (nothing is written): the customer's upcoming
 * bookings (`limit`) or the client address's of the day (`day-limit`) are spent.
 */
export type OnlineRefusal =
  | { ok: false; kind: "limit"; maxUpcoming: number }
  | { ok: false; kind: "day-limit" };

export interface OnlineOptions {
  maxUpcoming: number;
  /** Who asked, as the limits count it: the client address; without one (a waitlist link) no day limit. */
  client?: string | undefined;
}

/**
 * How the booking is written: outright, or pending with the secret its email carries, or
 * pending without one (`token` null): a protected visit awaiting its payment, confirmed by
 * Stripe's webhook (docs/payments.md#booking).
 */
export type Admission = { pending: false } | { pending: true; token: string | null; until: Date };

/** A protected visit's admission: kept until `until`, no link to confirm, no email yet. */
export const awaitingPayment = (until: Date): Admission => ({ pending: true, token: null, until });

/**
 * Checks the customer's and the client address's limits under their locks (simultaneous bookings are
 * counted one after the other), then lets the visitor's hold go. A refusal is returned before
 * anything is written, so the hold stays theirs.
 */
export async function admitOnline(
  tx: Transaction,
  online: OnlineOptions | undefined,
  booking: { dateIso: string; holder?: string | undefined },
  now: Date,
  countUpcoming: (tx: Transaction) => Promise<number>,
): Promise<Admission | OnlineRefusal> {
  const admission = await admissionOf(tx, online, booking.dateIso, now, countUpcoming);
  if ("ok" in admission) return admission;
  if (booking.holder) await tx.delete(slotHolds).where(eq(slotHolds.holder, booking.holder));
  return admission;
}

async function admissionOf(
  tx: Transaction,
  online: OnlineOptions | undefined,
  dateIso: string,
  now: Date,
  countUpcoming: (tx: Transaction) => Promise<number>,
): Promise<Admission | OnlineRefusal> {
  if (!online) return { pending: false };
  if ((await countUpcoming(tx)) >= online.maxUpcoming) {
    return { ok: false, kind: "limit", maxUpcoming: online.maxUpcoming };
  }
  if (!online.client) return { pending: false };
  const day = dayBounds(dateIso);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`online-day:${online.client}:${dateIso}`}))`,
  );
  const [row] = await tx
    .select({ count: sql<number>`count(distinct ${appointments.visitId})::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.client, online.client),
        eq(appointments.status, "booked"),
        gte(appointments.startsAt, new Date(day.start)),
        lt(appointments.startsAt, new Date(day.end)),
      ),
    );
  const count = row?.count ?? 0;
  // ONLINE_BOOKINGS_PER_DAY (2) outright, ONLINE_BOOKINGS_PER_DAY_MAX (6) in all.
  const limits = bookingPolicy().onlineDay;
  if (count >= limits.total) return { ok: false, kind: "day-limit" };
  if (count < limits.booked) return { pending: false };
  return {
    pending: true,
    token: newManageToken(),
    until: new Date(now.getTime() + PENDING_MINUTES * 60_000),
  };
}

/** The columns of an online booking's appointments (`first`: the visit's first, which links). */
export function onlineColumns(
  online: OnlineOptions | undefined,
  admission: Admission,
  manageToken: string,
  first: boolean,
) {
  return {
    client: online?.client ?? null,
    pendingUntil: admission.pending ? admission.until : null,
    confirmTokenHash:
      admission.pending && admission.token && first ? hashManageToken(admission.token) : null,
    // A pending booking gets its manage link when confirmed (pending-bookings.server.ts).
    manageTokenHash: !admission.pending && first ? hashManageToken(manageToken) : null,
  };
}

/**
 * The new booking's emails: the confirmation and the salon's notice, or, for a pending one, only
 * the request to confirm it (the two others go once it is confirmed). The customer's in her
 * language, the salon's in English (issue 39).
 */
export async function enqueueBookingEmails(
  tx: Transaction,
  visit: readonly BookedAppointment[],
  admission: Admission,
  options: {
    siteUrl?: string | undefined;
    manageLink?: string | undefined;
    paced: boolean;
    now: Date;
    /** The salon's details as the owner keeps them, read before the transaction. */
    salon: SalonDetails;
  },
): Promise<void> {
  const { now, paced, salon } = options;
  const hers = await inCustomerLanguage(tx, visit);
  if (admission.pending) {
    // Awaiting payment: the emails go when Stripe's webhook confirms it.
    if (admission.token === null) return;
    const link = confirmBookingUrl(options.siteUrl ?? "", admission.token, languageOf(visit));
    const email = confirmBookingEmail(hers, link, admission.until, salon);
    await enqueueCustomerEmail(tx, email, { now, paced });
    return;
  }
  const confirmation = bookingConfirmationEmail(hers, salon, options.manageLink);
  await enqueueCustomerEmail(tx, confirmation, { now, paced });
  await enqueueEmail(tx, bookingNoticeEmail(visit, salon), { now });
}
