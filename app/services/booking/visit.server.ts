// A visit (docs/product.md#visits): several services, or one with add-ons, booked together as
// one booking of several appointments (one per service, its add-ons in it) sharing a visit id.
// The listing reads each service's kept listing (slot-listing.server.ts); the booking recomputes
// the visit with fresh busy times and the exclusion constraint has the last word, as for one.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { business } from "../../content/business";
import { BookingRequestSchema, requestedWorker } from "../../domain/booking/booking-schema";
import type { BusyInterval } from "../../domain/booking/slots";
import { formatSlotLabel, isIsoDate } from "../../domain/booking/time-zone";
import {
  listVisitSlots,
  type VisitItem,
  type VisitSlot,
  visitAt,
  withAddOns,
} from "../../domain/booking/visit";
import { addPrices, type VisitRequestItem } from "../../domain/booking/visit-request";
import { fieldErrorsOf } from "../../domain/zod";
import type { Database, Transaction } from "../db/client.server";
import { appointments, type BookedAddOn } from "../db/schema.server";
import {
  type AppointmentTypeView,
  findAppointmentType,
  toRule,
} from "../salon/appointment-types.server";
import { closedDaysOn } from "../salon/closed-days.server";
import { readWorkerHours } from "../salon/team.server";
import {
  type BookingOptions,
  type BookResult,
  isLostRace,
  onlineRefusal,
  toBookedAppointment,
  upcomingBookingsOf,
} from "./booking.server";
import type { BookedAppointment } from "./booking-emails.server";
import { activeHolds, busyOn } from "./busy-times.server";
import { manageUrl, newManageToken } from "./manage-token.server";
import {
  type Admission,
  admitOnline,
  enqueueBookingEmails,
  onlineColumns,
} from "./online-booking.server";
import { type ListingOptions, readSlotListing, type SlotView } from "./slot-listing.server";

const zone = business.timeZone;

/** A visit's services as stored types: each with its add-ons and the technician asked for. */
export interface ResolvedItem {
  type: AppointmentTypeView;
  addOns: AppointmentTypeView[];
  worker: string | undefined;
}

type Resolved = { ok: true; items: ResolvedItem[] } | { ok: false; error: string };

/** The request's types checked: each service known, its add-ons add-ons its technicians do. */
function resolveItems(
  request: readonly VisitRequestItem[],
  typeOf: (id: string) => AppointmentTypeView | undefined,
): Resolved {
  if (request.length === 0) return { ok: false, error: "Choose a service." };
  const items: ResolvedItem[] = [];
  for (const item of request) {
    const type = typeOf(item.typeId);
    if (!type) return { ok: false, error: "Choose a service." };
    const worker = requestedWorker(item.worker);
    if (worker !== undefined && !type.workers.includes(worker)) {
      return { ok: false, error: "Choose one of the service's workers." };
    }
    const addOns = item.addOnIds.map(typeOf);
    if (addOns.some((addOn) => !addOn?.addOn)) {
      return { ok: false, error: "Choose add-ons offered with the service." };
    }
    items.push({ type, addOns: addOns as AppointmentTypeView[], worker });
  }
  return { ok: true, items };
}

const toItem = (item: ResolvedItem): VisitItem => ({
  type: toRule(item.type),
  addOns: item.addOns.map(toRule),
  worker: item.worker,
});

/** "Gel Manicure + Nail Art (per nail)". */
export function serviceName(item: ResolvedItem): string {
  return [item.type.type, ...item.addOns.map((addOn) => addOn.type)].join(" + ");
}

function itemPrice(item: ResolvedItem): string {
  return (
    addPrices([item.type.price, ...item.addOns.map((addOn) => addOn.price)]) ?? item.type.price
  );
}

/** A listed visit time as the page shows it. */
function toSlotView(slot: VisitSlot, items: readonly ResolvedItem[]): SlotView {
  const parts = slot.parts.map((part) => {
    const item = items[part.item] as ResolvedItem;
    return {
      service: serviceName(item),
      worker: part.worker,
      from: formatSlotLabel(part.startMs, zone),
      to: formatSlotLabel(part.endMs, zone),
      price: itemPrice(item),
    };
  });
  return {
    label: slot.label,
    startsAt: slot.startsAt.toISOString(),
    freeWorkers: slot.parts[0] ? [slot.parts[0].worker] : [],
    visit: {
      parts,
      totalPrice: addPrices(parts.map((part) => part.price)) ?? "",
      totalMin: Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000),
    },
  };
}

export type ListVisitResult = { ok: true; slots: SlotView[] } | { ok: false; error: string };

/**
 * The times a visit may start on a date: every one can be confirmed right now. Each service's
 * data comes from its kept listing (one statement while nothing changed that day).
 */
export async function listVisit(
  db: Database,
  input: {
    dateIso: string;
    items: readonly VisitRequestItem[];
    /** A visit being moved: its own appointments do not block its new time (read fresh). */
    excludeIds?: readonly string[];
  },
  options: ListingOptions = {},
): Promise<ListVisitResult> {
  if (!isIsoDate(input.dateIso)) return { ok: false, error: "Choose a date." };
  const ids = [...new Set(input.items.flatMap((item) => [item.typeId, ...item.addOnIds]))];
  const listings = new Map(
    await Promise.all(
      ids.map(
        async (typeId) =>
          [
            typeId,
            await readSlotListing(db, { dateIso: input.dateIso, typeId, worker: undefined }),
          ] as const,
      ),
    ),
  );
  const resolved = resolveItems(input.items, (id) => listings.get(id)?.type);
  if (!resolved.ok) return resolved;
  const now = options.now ?? new Date();
  // Each listing holds the busy times of its service's technicians: each worker's taken once.
  const busy: BusyInterval[] = [];
  const covered = new Set<string>();
  let workerHours = {};
  let closed = {
    closedDates: [] as string[],
    workerDaysOff: [] as { worker: string; dateIso: string }[],
  };
  for (const listing of listings.values()) {
    if (!listing) continue;
    closed = listing.closed;
    workerHours = { ...workerHours, ...listing.workerHours };
    const fresh = listing.type.workers.filter((worker) => !covered.has(worker));
    for (const worker of fresh) covered.add(worker);
    for (const interval of listing.busy) if (fresh.includes(interval.worker)) busy.push(interval);
    const held = activeHolds(listing.holds, now, options);
    for (const interval of held) if (fresh.includes(interval.worker)) busy.push(interval);
  }
  const slots = listVisitSlots({
    dateIso: input.dateIso,
    items: resolved.items.map(toItem),
    hours: business.hours,
    ...closed,
    workerHours,
    busy: input.excludeIds?.length
      ? await busyOn(db, input.dateIso, [...covered], input.excludeIds, {
          now,
          holder: options.holder,
          ignoreHolds: options.ignoreHolds,
        })
      : busy,
    now,
    zone,
    settings: options.settings,
  });
  return { ok: true, slots: slots.map((slot) => toSlotView(slot, resolved.items)) };
}

/** Reads the request's types fresh (not the kept listings) and checks them. */
export async function resolveVisit(
  db: Database,
  request: readonly VisitRequestItem[],
): Promise<ResolvedItem[] | undefined> {
  const types = new Map<string, AppointmentTypeView | undefined>();
  for (const id of new Set(request.flatMap((item) => [item.typeId, ...item.addOnIds]))) {
    types.set(id, await findAppointmentType(db, id));
  }
  const resolved = resolveItems(request, (id) => types.get(id));
  return resolved.ok ? resolved.items : undefined;
}

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
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const slot = visitAt({
      dateIso: claim.dateIso,
      items: claim.items.map(toItem),
      hours: business.hours,
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
  return { ok: false };
}

/**
 * Books a visit: the customer's details as for one service, the services in `items`, the start
 * in `startsAt`. Stores its appointments (one visit id, the manage link on the first) and the two
 * emails in one transaction (claimVisit).
 */
export async function bookVisit(
  db: Database,
  input: Record<string, unknown> & { items: readonly VisitRequestItem[] },
  options: BookingOptions = {},
): Promise<BookResult> {
  const parsed = BookingRequestSchema.safeParse({ ...input, typeId: input.items[0]?.typeId });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const request = parsed.data;
  const items = await resolveVisit(db, input.items);
  if (!items) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const now = options.now ?? new Date();
  const manageToken = newManageToken();
  // Decided inside the transaction below (`as`: TypeScript would narrow it to its first value).
  let admission = { pending: false } as Admission;
  try {
    const claimed = await claimVisit(
      db,
      { dateIso: request.dateIso, startsAt: request.startsAt, items },
      { ...options, now },
      async (tx, slot) => {
        admission = await admitOnline(
          tx,
          options.online,
          { ...request, holder: options.holder },
          now,
          (tx) => upcomingBookingsOf(tx, request, now),
        );
        const visitId = randomUUID();
        const rows = await tx
          .insert(appointments)
          .values(
            slot.parts.map((part, index) => {
              const item = items[part.item] as ResolvedItem;
              return {
                name: request.name,
                email: request.email,
                phone: request.phone ?? null,
                typeId: item.type.id,
                typeName: serviceName(item),
                category: item.type.category,
                worker: part.worker,
                startsAt: new Date(part.startMs),
                endsAt: new Date(part.endMs),
                price: itemPrice(item),
                visitId,
                bufferMin: withAddOns(toItem(item)).bufferMin ?? 0,
                addOns: item.addOns.map(
                  (addOn): BookedAddOn => ({
                    typeId: addOn.id,
                    name: addOn.type,
                    price: addOn.price,
                    durationMin: addOn.durationMin,
                  }),
                ),
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
        });
        await options.alsoWrite?.(tx);
        return visit;
      },
    );
    if (!claimed.ok) return { ok: false, kind: "unavailable", reason: "taken" };
    const visit = claimed.value;
    const pending = admission.pending ? { pendingUntil: admission.until } : {};
    return { ok: true, appointment: visit[0] as BookedAppointment, visit, manageToken, ...pending };
  } catch (error) {
    const refusal = onlineRefusal(error, options.online);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * A visit's appointments in the order it was asked for: by start, the one holding the manage
 * link (the first service) first among those starting together.
 */
export function inVisitOrder<T extends { startsAt: Date; hasLink?: boolean }>(parts: T[]): T[] {
  return [...parts].sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() ||
      Number(b.hasLink ?? false) - Number(a.hasLink ?? false),
  );
}

/** A stored visit's services as a request: the same services, add-ons and technicians. */
export function itemsOfVisit(
  parts: readonly { typeId: string | null; worker: string; addOns: readonly BookedAddOn[] }[],
): VisitRequestItem[] | undefined {
  if (parts.some((part) => !part.typeId)) return undefined;
  return parts.map((part) => ({
    typeId: part.typeId as string,
    worker: part.worker,
    addOnIds: part.addOns.map((addOn) => addOn.typeId),
  }));
}
