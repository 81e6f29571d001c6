import { ANY_TECHNICIAN, BOOKING_LIMITS, MAX_ADD_ONS, MAX_VISIT_SERVICES } from "./booking-limits";
import { oldParamOf } from "./renamed-params";

// A visit's services as the booking form and its address carry them (docs/product.md#visits):
// the first as the spec's `service` and `technician`, with its add-ons as `addon`; the second and
// third as `service2`/`technician2`/`addon2` and `service3`/... One reader for the search in the
// address (URLSearchParams) and the posted form (FormData), in the browser and on the server.

export interface VisitRequestItem {
  typeId: string;
  /** "any" or a technician's name. */
  technician: string;
  addOnIds: string[];
}

interface Params {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
}

const text = (value: FormDataEntryValue | null | undefined, max: number) =>
  typeof value === "string" ? value.trim().slice(0, max) : "";

/** The name of an item's field: `service`, `service2`, `service3`. */
export function visitField(name: "service" | "technician" | "addon", index: number): string {
  return index === 0 ? name : `${name}${index + 1}`;
}

/** An item's technician, under its name or the one it had before issue 37 (renamed-params.ts). */
function technicianOf(params: Params, index: number): FormDataEntryValue | null {
  const name = visitField("technician", index);
  const old = oldParamOf(name);
  return params.get(name) ?? (old === undefined ? null : params.get(old));
}

/** The services asked for, in order; a line without a service is left out. */
export function visitItemsOf(params: Params): VisitRequestItem[] {
  const items: VisitRequestItem[] = [];
  for (let index = 0; index < MAX_VISIT_SERVICES; index += 1) {
    const typeId = text(params.get(visitField("service", index)), BOOKING_LIMITS.typeId);
    if (!typeId) continue;
    const addOnIds = [
      ...new Set(
        params
          .getAll(visitField("addon", index))
          .map((value) => text(value, BOOKING_LIMITS.typeId))
          .filter(Boolean),
      ),
    ].slice(0, MAX_ADD_ONS);
    items.push({
      typeId,
      technician: text(technicianOf(params, index), BOOKING_LIMITS.technician) || ANY_TECHNICIAN,
      addOnIds,
    });
  }
  return items;
}

/** The spec's search of one service, as a visit of one item (docs/product.md#visits). */
export function oneService(
  typeId: string,
  technician: string = ANY_TECHNICIAN,
): VisitRequestItem[] {
  return [{ typeId, technician, addOnIds: [] }];
}

/** More than the spec's one service: a second service, or an add-on. */
export function isVisit(items: readonly VisitRequestItem[]): boolean {
  return items.length > 1 || (items[0]?.addOnIds.length ?? 0) > 0;
}

/** The items as address parameters (the times' fetch, the confirm form's action). */
export function visitParams(items: readonly VisitRequestItem[]): [string, string][] {
  return items.flatMap((item, index) => [
    [visitField("service", index), item.typeId] as [string, string],
    [visitField("technician", index), item.technician] as [string, string],
    ...item.addOnIds.map((id) => [visitField("addon", index), id] as [string, string]),
  ]);
}

/**
 * Prices as shown ("$50", "$5+", "$42.50") added up: "$55+" when any of them is a starting price.
 * Undefined when one is not a price.
 */
export function addPrices(prices: readonly string[]): string | undefined {
  let cents = 0;
  let from = false;
  for (const price of prices) {
    const match = /^\$(\d{1,5})(?:\.(\d{2}))?(\+?)$/.exec(price);
    if (!match) return undefined;
    cents += Number(match[1]) * 100 + Number(match[2] ?? 0);
    from ||= match[3] === "+";
  }
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `$${whole}${rest ? `.${String(rest).padStart(2, "0")}` : ""}${from ? "+" : ""}`;
}

/** "1 h 5 min", "45 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
