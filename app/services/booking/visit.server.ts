// A request's services as stored types (docs/product.md#visits): checked, named and priced as
// the listing (visit-times.server.ts), the booking and the move use them.
import { requestedTechnician } from "../../domain/booking/booking-schema";
import type { VisitItem } from "../../domain/booking/visit";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { sumPrices } from "../../domain/money";
import type { Database } from "../db/client.server";
import type { BookedAddOn } from "../db/schema.server";
import {
  type AppointmentTypeView,
  findAppointmentType,
  toRule,
} from "../salon/appointment-types.server";

/** A visit's services as stored types: each with its add-ons and the technician asked for. */
export interface ResolvedItem {
  type: AppointmentTypeView;
  addOns: AppointmentTypeView[];
  technician: string | undefined;
}

type Resolved = { ok: true; items: ResolvedItem[] } | { ok: false; error: string };

/** The request's types checked: each service known, its add-ons add-ons its technicians do. */
export function resolveItems(
  request: readonly VisitRequestItem[],
  typeOf: (id: string) => AppointmentTypeView | undefined,
  checkTechnicians = true,
): Resolved {
  if (request.length === 0) return { ok: false, error: "Choose a service." };
  const items: ResolvedItem[] = [];
  for (const item of request) {
    const type = typeOf(item.typeId);
    if (!type) return { ok: false, error: "Choose a service." };
    const technician = requestedTechnician(item.technician);
    if (checkTechnicians && technician !== undefined && !type.technicians.includes(technician)) {
      return { ok: false, error: "Choose one of the service's workers." };
    }
    const addOns = item.addOnIds.map(typeOf);
    if (addOns.some((addOn) => !addOn?.addOn)) {
      return { ok: false, error: "Choose add-ons offered with the service." };
    }
    items.push({ type, addOns: addOns as AppointmentTypeView[], technician });
  }
  return { ok: true, items };
}

export const toItem = (item: ResolvedItem): VisitItem => ({
  type: toRule(item.type),
  addOns: item.addOns.map(toRule),
  technician: item.technician,
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

/**
 * Reads the request's types fresh (not the kept listings) and checks them; `checkTechnicians` false
 * leaves a technician who does not do a service to the time check, which finds her never free.
 */
export async function resolveVisit(
  db: Database,
  request: readonly VisitRequestItem[],
  checkTechnicians = true,
): Promise<ResolvedItem[] | undefined> {
  const types = new Map<string, AppointmentTypeView | undefined>();
  for (const id of new Set(request.flatMap((item) => [item.typeId, ...item.addOnIds]))) {
    types.set(id, await findAppointmentType(db, id));
  }
  const resolved = resolveItems(request, (id) => types.get(id), checkTechnicians);
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
  parts: readonly { typeId: string | null; technician: string; addOns: readonly BookedAddOn[] }[],
): VisitRequestItem[] | undefined {
  if (parts.some((part) => !part.typeId)) return undefined;
  return parts.map((part) => ({
    typeId: part.typeId as string,
    technician: part.technician,
    addOnIds: part.addOns.map((addOn) => addOn.typeId),
  }));
}
