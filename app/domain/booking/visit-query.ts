// A visit's services in an address's query (`service`, `technician`, `addon`, `service2`, ...:
// visit-request.ts), as the central reading checks them (parseQuery, docs/security.md#queries):
// ids are ids and technicians one plain line. Server only: the browser reads them with
// visit-request.ts, which bundles no zod.
import { queryLine } from "../query-fields";
import { z } from "../zod";
import { BOOKING_LIMITS } from "./booking-limits";
import { type VisitRequestItem, visitItemsOf } from "./visit-request";

/** A service's id as the address carries it: the listing says when it names no service. */
const service = queryLine(BOOKING_LIMITS.typeId);
/** "any" or a technician's name. */
const technician = queryLine(BOOKING_LIMITS.technician);
/** A service's add-ons: the parameter repeated. */
const addon = z.array(z.string().max(BOOKING_LIMITS.typeId, "Not a service")).max(20, "Too many");

/** The fields of a visit's services (MAX_VISIT_SERVICES), to spread into a route's query schema. */
export const VISIT_QUERY = {
  service,
  technician,
  addon,
  service2: service,
  technician2: technician,
  addon2: addon,
  service3: service,
  technician3: technician,
  addon3: addon,
};

/** The visit's items from a parsed query (visitItemsOf, on the values the schema let through). */
export function visitItemsOfQuery(values: Readonly<Record<string, unknown>>): VisitRequestItem[] {
  const one = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : null;
  };
  const all = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
  };
  return visitItemsOf({ get: one, getAll: all });
}
