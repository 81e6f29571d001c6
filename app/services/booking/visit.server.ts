import { requestedWorker } from "../../domain/booking/booking-schema";
import type { BusyInterval } from "../../domain/booking/slots";
import { formatSlotLabel, isIsoDate, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { listVisitSlots, type VisitItem, type VisitSlot } from "../../domain/booking/visit";
import { addPrices, type VisitRequestItem } from "../../domain/booking/visit-request";
import { formatPrice, sumPrices } from "../../domain/money";
import type { Database } from "../db/client.server";
import type { BookedAddOn } from "../db/schema.server";
import {
  type AppointmentTypeView,
  findAppointmentType,
  toRule,
} from "../salon/appointment-types.server";
import { type ClosedDaysOn, toClosedDaysOn } from "../salon/closed-days.server";
import { activeHolds, busyOn } from "./busy-times.server";
import { type ListingOptions, readSlotListing, type SlotView } from "./slot-listing.server";

const zone = SALON_TIME_ZONE;

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
  checkWorkers = true,
): Resolved {
  if (request.length === 0) return { ok: false, error: "Choose a service." };
  const items: ResolvedItem[] = [];
  for (const item of request) {
    const type = typeOf(item.typeId);
    if (!type) return { ok: false, error: "Choose a service." };
    const worker = requestedWorker(item.worker);
    if (checkWorkers && worker !== undefined && !type.workers.includes(worker)) {
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

export const toItem = (item: ResolvedItem): VisitItem => ({
  type: toRule(item.type),
  addOns: item.addOns.map(toRule),
  worker: item.worker,
});

/** "Gel Manicure + Nail Art (per nail)". */
export function serviceName(item: ResolvedItem): string {
  return [item.type.type, ...item.addOns.map((addOn) => addOn.type)].join(" + ");
}

/** A service and its add-ons' price, as stored on its appointment (docs/product.md#prices-and-payments). */
export function itemPriceColumns(item: ResolvedItem): { priceCents: number; priceFrom: boolean } {
  const price = sumPrices(
    [item.type, ...item.addOns].map((type) => ({ cents: type.priceCents, from: type.priceFrom })),
  );
  return { priceCents: price.cents, priceFrom: price.from };
}

/** The same price as shown: "$55+". */
function itemPrice(item: ResolvedItem): string {
  const price = itemPriceColumns(item);
  return formatPrice(price.priceCents, price.priceFrom);
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

type ListVisitResult = { ok: true; slots: SlotView[] } | { ok: false; error: string };

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
  // Each listing holds the busy times of its service's technicians: each technician's taken once.
  const busy: BusyInterval[] = [];
  const covered = new Set<string>();
  let workerHours = {};
  let closed: ClosedDaysOn = toClosedDaysOn(input.dateIso, [], null);
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

/**
 * Reads the request's types fresh (not the kept listings) and checks them; `checkWorkers` false
 * leaves a technician who does not do a service to the time check, which finds her never free.
 */
export async function resolveVisit(
  db: Database,
  request: readonly VisitRequestItem[],
  checkWorkers = true,
): Promise<ResolvedItem[] | undefined> {
  const types = new Map<string, AppointmentTypeView | undefined>();
  for (const id of new Set(request.flatMap((item) => [item.typeId, ...item.addOnIds]))) {
    types.set(id, await findAppointmentType(db, id));
  }
  const resolved = resolveItems(request, (id) => types.get(id), checkWorkers);
  return resolved.ok ? resolved.items : undefined;
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
