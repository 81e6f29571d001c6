// The free times the staff's 'Add Appointment' and 'Move' dialogs offer (docs/product.md#front-desk):
// online booking's own listing (booking/visit-times.server.ts, for one service or a visit of
// several services and add-ons), with the front desk's settings (no online notice), a visitor's hold not keeping
// the staff from a time, and, for a move, the appointment's own time counting as free.
import { BOOKING_LIMITS } from "../../domain/booking/booking-schema";
import { STAFF_BOOKING_SETTINGS } from "../../domain/booking/booking-settings";
import { isIsoDate } from "../../domain/booking/time-zone";
import { VISIT_QUERY, visitItemsOfQuery } from "../../domain/booking/visit-query";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { isUuid } from "../../domain/uuid";
import { z } from "../../domain/zod";
import type { ListingOptions, SlotView } from "../booking/slot-listing.server";
import { listVisitTimes } from "../booking/visit-times.server";
import type { Database } from "../db/client.server";
import { firstQueryError, parseQuery, type QueryRead } from "../platform/query.server";

/** A free time as the dialogs list it: its label, and the instant the form posts back. */
type StaffSlotView = Pick<SlotView, "label" | "startsAt">;

/** The answer: the times still free, or why there are none to list. */
export type StaffTimesAnswer = { ok: true; slots: StaffSlotView[] } | { ok: false; error: string };

/**
 * ?date=&service=&technician=&moving=, as the dialogs ask; a visit adds `addon`, `service2`,
 * `technician2`, `addon2`, ... as online booking's address does (domain/booking/visit-request.ts). Ids
 * are checked before any query: a malformed uuid would otherwise reach PostgreSQL's cast and fail
 * as a 500 (domain/uuid.ts).
 */
export const StaffTimesQuerySchema = z.object({
  ...VISIT_QUERY,
  date: z.string("Choose a date.").refine(isIsoDate, "Choose a date."),
  service: z.string("Choose a service.").refine(isUuid, "Choose a service."),
  /** "any" (or nothing) for 'Any available'; the listing checks a named one is the service's. */
  technician: z
    .string()
    .trim()
    .max(BOOKING_LIMITS.technician, "Choose one of the service's workers.")
    .optional()
    .transform((value) => value || "any"),
  /** The appointment being moved. */
  moving: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUuid(value), "Choose an appointment to move."),
});

export type StaffTimesQuery = Pick<z.output<typeof StaffTimesQuerySchema>, "date" | "moving"> & {
  /** The services asked for (`service`, `technician`, and a visit's others), as online booking's. */
  items: VisitRequestItem[];
};

/** The query of a request, or the first reason it is not one. */
export function readStaffTimesQuery(params: URLSearchParams): StaffTimesRead {
  return staffTimesQueryOf(parseQuery(params, StaffTimesQuerySchema));
}

type StaffTimesRead = { ok: true; query: StaffTimesQuery } | { ok: false; error: string };

/** The query as parseQuery read it (the route's readsQuery), or the first reason it is not one. */
export function staffTimesQueryOf(read: QueryRead<typeof StaffTimesQuerySchema>): StaffTimesRead {
  if (!read.ok) return { ok: false, error: firstQueryError(read.fieldErrors) };
  const { date, moving } = read.data;
  const items = visitItemsOfQuery(read.data);
  const ids = items.flatMap((item) => [item.typeId, ...item.addOnIds]);
  // A move lists its one appointment's service again; a visit is moved from its own appointment.
  if (moving && ids.length > 1) return { ok: false, error: "Move a visit from its appointment." };
  if (!ids.every(isUuid)) return { ok: false, error: "Choose a service." };
  return { ok: true, query: { date, moving, items } };
}

/**
 * The free times of a service (or a visit) on a date, for a staff member booking or moving an
 * appointment.
 */
export async function listStaffTimes(
  db: Database,
  query: StaffTimesQuery,
  options: Pick<ListingOptions, "now"> = {},
): Promise<StaffTimesAnswer> {
  // Held times are the staff's to book too (docs/product.md#holds); no online notice: from the
  // current 5 minutes on (docs/product.md#walk-ins).
  const listing = { ...options, ignoreHolds: true, settings: STAFF_BOOKING_SETTINGS };
  const listed = await listVisitTimes(
    db,
    { dateIso: query.date, items: query.items, excludeIds: query.moving ? [query.moving] : [] },
    listing,
  );
  if (!listed.ok) return listed;
  return { ok: true, slots: listed.slots.map(({ label, startsAt }) => ({ label, startsAt })) };
}
