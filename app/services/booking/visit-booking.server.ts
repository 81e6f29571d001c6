// Booking a visit of several services (docs/product.md#visits): taking its time for every
// technician at once (claimVisit, shared by booking, holds and moving), and the booking itself.
// Listing a visit's times is in visit.server.ts.

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type VisitSlot, visitAt, withAddOns } from "../../domain/booking/visit";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import type { Database, Transaction } from "../db/client.server";
import { appointments, type BookedAddOn } from "../db/schema.server";
import { closedDaysOn } from "../salon/closed-days.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { readWorkerHours } from "../salon/team.server";
import type { BookedAppointment } from "./booked-appointment.server";
import {
  type BookingOptions,
  type BookResult,
  channelOf,
  isLostRace,
  readBookingRequest,
  toBookedAppointment,
} from "./booking.server";
import { busyOn } from "./busy-times.server";
import { upcomingBookingsOf } from "./customer-keys.server";
import { manageUrl, newManageToken } from "./manage-token.server";
import { admitOnline, enqueueBookingEmails, onlineColumns } from "./online-booking.server";
import type { ListingOptions } from "./slot-listing.server";
import {
  inVisitOrder,
  itemPriceColumns,
  type ResolvedItem,
  resolveVisit,
  serviceName,
  toItem,
} from "./visit.server";

const zone = SALON_TIME_ZONE;

/**
 * Takes a visit's time, as booking and moving it both do (claimSlot's rules for one): recomputes
 * the visit with fresh busy times (`excludeIds`, the visit being moved, not counting), then runs
 * `write` in a transaction holding each of its technicians' locks. A race lost to another booking
 * looks again; undefined when the time is no longer free.
 */
export async function claimVisit<T>(
  db: Database,
  claim: {
    dateIso: string;
    startsAt: Date;
    items: readonly ResolvedItem[];
    excludeIds?: readonly string[];
  },
  options: ListingOptions,
  write: (tx: Transaction, slot: VisitSlot) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  const workers = [...new Set(claim.items.flatMap((item) => item.type.workers))];
  const closed = await closedDaysOn(db, claim.dateIso);
  const workerHours = await readWorkerHours(db, workers);
  const tried = new Set<string>();
  for (;;) {
    const slot = visitAt({
      dateIso: claim.dateIso,
      items: claim.items.map(toItem),
      ...closed,
      workerHours,
      busy: await busyOn(db, claim.dateIso, workers, claim.excludeIds, {
        now: options.now ?? new Date(),
        holder: options.holder,
        ignoreHolds: options.ignoreHolds,
      }),
      now: options.now ?? new Date(),
      zone,
      settings: options.settings,
      startsAt: claim.startsAt,
    });
    if (!slot) return { ok: false };
    // As claimSlot: look again while a fresh look finds other technicians or times free.
    const arrangement = slot.parts.map((part) => `${part.worker}@${part.startMs}`).join(",");
    if (tried.has(arrangement)) return { ok: false };
    tried.add(arrangement);
    try {
      const value = await db.transaction(async (tx) => {
        // Every technician of the visit, in one order: two visits never wait on each other crosswise.
        for (const worker of [...new Set(slot.parts.map((part) => part.worker))].sort()) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`appointments:${worker}`}))`,
          );
        }
        return write(tx, slot);
      });
      return { ok: true, value };
    } catch (error) {
      if (!isLostRace(error)) throw error;
      // Someone took one of these technicians a moment ago: look again.
    }
  }
}

/**
 * Books a visit from unchecked input (the front desk, a waitlist offer's link): the customer's
 * details checked as for one service, the services in `items`, then bookVisitRequest.
 */
export async function bookVisit(
  db: Database,
  input: Record<string, unknown> & { items: readonly VisitRequestItem[] },
  options: BookingOptions = {},
): Promise<BookResult> {
  const read = readBookingRequest({ ...input, typeId: input.items[0]?.typeId }, options);
  if (!read.ok) return read;
  return bookVisitRequest(db, { ...read.request, items: input.items }, options);
}

/** A booking's request once checked: one service is a visit of one item (docs/product.md#visits). */
export interface VisitBookingRequest {
  dateIso: string;
  startsAt: Date;
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  items: readonly VisitRequestItem[];
}

/**
 * Books a checked request: stores its appointments (one visit id, the manage link on the first)
 * and the two emails in one transaction (claimVisit). The limits' refusals are answered as values,
 * with nothing written.
 */
export async function bookVisitRequest(
  db: Database,
  request: VisitBookingRequest,
  options: BookingOptions = {},
): Promise<BookResult> {
  const items = await resolveVisit(db, request.items);
  if (!items) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const now = options.now ?? new Date();
  // Read before the transaction: the emails carry the details as the owner keeps them now.
  const salon = options.salon ?? (await readSalonFacts(db)).details;
  const manageToken = newManageToken();
  const claimed = await claimVisit(
    db,
    { dateIso: request.dateIso, startsAt: request.startsAt, items },
    { ...options, now },
    async (tx, slot): Promise<BookResult> => {
      const admission = await admitOnline(
        tx,
        options.online,
        { ...request, holder: options.holder },
        now,
        (tx) => upcomingBookingsOf(tx, request, now),
      );
      // Refused by a limit: nothing is written, and the answer says why.
      if ("ok" in admission) return admission;
      const visitId = randomUUID();
      const rows = await tx
        .insert(appointments)
        .values(
          slot.parts.map((part, index) => {
            const item = items[part.item] as ResolvedItem;
            return {
              ...partRow(request, item, part, visitId),
              channel: channelOf(options),
              // One link for the whole visit, on its first appointment.
              ...onlineColumns(options.online, admission, manageToken, index === 0),
              createdAt: now,
            };
          }),
        )
        .returning();
      const visit = inVisitOrder(rows.map(toBookedAppointment));
      await enqueueBookingEmails(tx, visit, admission, {
        siteUrl: options.siteUrl,
        manageLink: options.siteUrl ? manageUrl(options.siteUrl, manageToken) : undefined,
        paced: options.online !== undefined,
        now,
        salon,
      });
      await options.alsoWrite?.(tx);
      const pending = admission.pending ? { pendingUntil: admission.until } : {};
      const appointment = visit[0] as BookedAppointment;
      return { ok: true, appointment, visit, manageToken, ...pending };
    },
  );
  return claimed.ok ? claimed.value : { ok: false, kind: "unavailable", reason: "taken" };
}

/** One service of a visit as its appointment row stores it: the customer, service and time. */
function partRow(
  customer: { name: string; email?: string | undefined; phone?: string | undefined },
  item: ResolvedItem,
  part: { worker: string; startMs: number; endMs: number },
  visitId: string,
) {
  return {
    name: customer.name,
    email: customer.email ?? null,
    phone: customer.phone ?? null,
    typeId: item.type.id,
    typeName: serviceName(item),
    category: item.type.category,
    worker: part.worker,
    startsAt: new Date(part.startMs),
    endsAt: new Date(part.endMs),
    ...itemPriceColumns(item),
    visitId,
    bufferMin: withAddOns(toItem(item)).bufferMin ?? 0,
    addOns: item.addOns.map(
      (addOn): BookedAddOn => ({
        typeId: addOn.id,
        name: addOn.type,
        price: addOn.price,
        priceCents: addOn.priceCents,
        durationMin: addOn.durationMin,
      }),
    ),
  };
}
