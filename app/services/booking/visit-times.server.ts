// The free times of a search on a date (spec "Schedule", docs/product.md#visits): one listing for
// one service (with a technician asked for, or any) and for a visit of several services and
// add-ons alike, since one service is a visit of one item (issue 37). Each service's data is its
// kept listing (slot-listing.server.ts, docs/decisions/013-slot-listing-cache.md), the engine
// domain/booking/visit.ts's; every time listed can be confirmed right now.
import { requestedTechnician } from "../../domain/booking/booking-schema";
import type { BusyInterval } from "../../domain/booking/slots";
import { formatSlotLabel, isIsoDate, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type ListedVisitSlot, listVisitSlots } from "../../domain/booking/visit";
import { addPrices, type VisitRequestItem } from "../../domain/booking/visit-request";
import { formatPrice } from "../../domain/money";
import type { Database } from "../db/client.server";
import { type ClosedDaysOn, toClosedDaysOn } from "../salon/closed-days.server";
import { activeHolds, busyOn } from "./busy-times.server";
import {
  type ListingOptions,
  readSlotListing,
  type SlotListing,
  type SlotView,
} from "./slot-listing.server";
import {
  itemPriceColumns,
  type ResolvedItem,
  resolveItems,
  serviceName,
  toItem,
} from "./visit.server";

const zone = SALON_TIME_ZONE;

type VisitTimesResult = { ok: true; slots: SlotView[] } | { ok: false; error: string };

/** A kept listing read: a service (or add-on) for the technician its item asks for. */
interface Read {
  typeId: string;
  /** Undefined: any of the type's technicians. */
  technician: string | undefined;
  listing: SlotListing | undefined;
}

/**
 * The listings a search reads: each item's service and add-ons for the item's technician, so a
 * technician asked for by name is read alone (her times only, kept apart from "any": the
 * listing's key), and a service asked for twice the same way is read once.
 */
async function readListings(
  db: Database,
  dateIso: string,
  items: readonly VisitRequestItem[],
): Promise<Read[]> {
  const wanted = new Map<string, Omit<Read, "listing">>();
  for (const item of items) {
    const technician = requestedTechnician(item.technician);
    for (const typeId of [item.typeId, ...item.addOnIds]) {
      wanted.set(`${typeId}|${technician ?? ""}`, { typeId, technician });
    }
  }
  return Promise.all(
    [...wanted.values()].map(async (read) => ({
      ...read,
      listing: await readSlotListing(db, { dateIso, ...read }),
    })),
  );
}

/**
 * The engine's data from the listings read: the date's closed days, the technicians' hours, and
 * each technician's busy times and other visitors' live holds taken once (a listing holds those of
 * the technicians it was read for).
 */
function dayOf(reads: readonly Read[], dateIso: string, now: Date, options: ListingOptions) {
  const busy: BusyInterval[] = [];
  const covered = new Set<string>();
  let technicianHours: SlotListing["technicianHours"] = {};
  let closed: ClosedDaysOn = toClosedDaysOn(dateIso, [], null);
  for (const { technician, listing } of reads) {
    if (!listing) continue;
    closed = listing.closed;
    technicianHours = { ...technicianHours, ...listing.technicianHours };
    const readFor = technician === undefined ? listing.type.technicians : [technician];
    const fresh = new Set(readFor.filter((name) => !covered.has(name)));
    for (const name of fresh) covered.add(name);
    for (const interval of listing.busy) if (fresh.has(interval.technician)) busy.push(interval);
    const held = activeHolds(listing.holds, now, options);
    for (const interval of held) if (fresh.has(interval.technician)) busy.push(interval);
  }
  return { busy, technicians: [...covered], technicianHours, closed };
}

/**
 * The times a search may start on a date: every one can be confirmed right now. Each service's
 * data comes from its kept listing (one statement while nothing changed that day); a move's
 * (`excludeIds`: the appointments being moved do not block their new time) reads the busy times
 * fresh, from the appointments.
 */
export async function listVisitTimes(
  db: Database,
  input: {
    dateIso: string;
    items: readonly VisitRequestItem[];
    excludeIds?: readonly string[] | undefined;
  },
  options: ListingOptions = {},
): Promise<VisitTimesResult> {
  const { dateIso, items } = input;
  if (!isIsoDate(dateIso)) return { ok: false, error: "Choose a date." };
  const reads = await readListings(db, dateIso, items);
  const types = new Map(
    reads.flatMap(({ listing }) => (listing ? [[listing.type.id, listing.type]] : [])),
  );
  const resolved = resolveItems(items, (id) => types.get(id));
  if (!resolved.ok) return resolved;
  const now = options.now ?? new Date();
  const day = dayOf(reads, dateIso, now, options);
  const slots = listVisitSlots({
    dateIso,
    items: resolved.items.map(toItem),
    ...day.closed,
    technicianHours: day.technicianHours,
    busy: input.excludeIds?.length
      ? await busyOn(db, dateIso, day.technicians, input.excludeIds, {
          now,
          holder: options.holder,
          ignoreHolds: options.ignoreHolds,
        })
      : day.busy,
    now,
    zone,
    settings: options.settings,
  });
  return { ok: true, slots: slots.map((slot) => toSlotView(slot, resolved.items)) };
}

/**
 * A listed time as the page shows it. One service without add-ons is the spec's time: every
 * technician free then (the confirm dialog names the first for 'Any available',
 * docs/product.md#technician-choice). A visit (a second service, an add-on) also says what each
 * part is, with whom, when and its price, and names the technician it is arranged with
 * (docs/product.md#visits).
 */
function toSlotView(slot: ListedVisitSlot, items: readonly ResolvedItem[]): SlotView {
  const time = { label: slot.label, startsAt: slot.startsAt.toISOString() };
  const [first, ...more] = items;
  if (first && more.length === 0 && first.addOns.length === 0) {
    return { ...time, freeTechnicians: slot.freeTechnicians };
  }
  const parts = slot.parts.map((part) => {
    const item = items[part.item] as ResolvedItem;
    const price = itemPriceColumns(item);
    return {
      service: serviceName(item),
      technician: part.technician,
      from: formatSlotLabel(part.startMs, zone),
      to: formatSlotLabel(part.endMs, zone),
      price: formatPrice(price.priceCents, price.priceFrom),
    };
  });
  return {
    ...time,
    freeTechnicians: slot.parts.slice(0, 1).map((part) => part.technician),
    visit: {
      parts,
      totalPrice: addPrices(parts.map((part) => part.price)) ?? "",
      totalMin: Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000),
    },
  };
}
