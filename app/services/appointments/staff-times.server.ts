// The free times the staff's 'Add Appointment' and 'Move' dialogs offer (docs/product.md#front-desk):
// online booking's own listing (booking/slot-listing.server.ts, or booking/visit.server.ts for a
// visit of several services and add-ons), with online booking's settings, a visitor's hold
// counting as busy, and, for a move, the appointment's own time counting as free.
import { BOOKING_LIMITS } from "../../domain/booking/booking-schema";
import { isIsoDate } from "../../domain/booking/time-zone";
import { VISIT_QUERY, visitItemsOfQuery } from "../../domain/booking/visit-query";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import { isUuid } from "../../domain/uuid";
import { z } from "../../domain/zod";
import { type ListingOptions, listSlots, type SlotView } from "../booking/slot-listing.server";
import { listVisit } from "../booking/visit.server";
import type { Database } from "../db/client.server";
import { firstQueryError, parseQuery, type QueryRead } from "../platform/query.server";

/** A free time as the dialogs list it: its label, and the instant the form posts back. */
type StaffSlotView = Pick<SlotView, "label" | "startsAt">;

/** The answer: the times still free, or why there are none to list. */
export type StaffTimesAnswer = { ok: true; slots: StaffSlotView[] } | { ok: false; error: string };

/**
 * ?date=&service=&worker=&moving=, as the dialogs ask; a visit adds `addon`, `service2`,
 * `worker2`, `addon2`, ... as online booking's address does (domain/booking/visit-request.ts). Ids
 * are checked before any query: a malformed uuid would otherwise reach PostgreSQL's cast and fail
 * as a 500 (domain/uuid.ts).
 */
export const StaffTimesQuerySchema = z.object({
  ...VISIT_QUERY,
  date: z.string("Choose a date.").refine(isIsoDate, "Choose a date."),
  service: z.string("Choose a service.").refine(isUuid, "Choose a service."),
  /** "any" (or nothing) for 'Any available'; the listing checks a named one is the service's. */
  worker: z
    .string()
    .trim()
    .max(BOOKING_LIMITS.worker, "Choose one of the service's workers.")
    .optional()
    .transform((value) => value || "any"),
  /** The appointment being moved. */
  moving: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUuid(value), "Choose an appointment to move."),
});

export type StaffTimesQuery = Pick<
  z.output<typeof StaffTimesQuerySchema>,
  "date" | "service" | "worker" | "moving"
> & {
  /** A visit's services (more than one, or add-ons): listed as online booking lists a visit. */
  items?: VisitRequestItem[];
};

/** The query of a request, or the first reason it is not one. */
export function readStaffTimesQuery(params: URLSearchParams): StaffTimesRead {
  return staffTimesQueryOf(parseQuery(params, StaffTimesQuerySchema));
}

type StaffTimesRead = { ok: true; query: StaffTimesQuery } | { ok: false; error: string };

/** The query as parseQuery read it (the route's readsQuery), or the first reason it is not one. */
export function staffTimesQueryOf(read: QueryRead<typeof StaffTimesQuerySchema>): StaffTimesRead {
  if (!read.ok) return { ok: false, error: firstQueryError(read.fieldErrors) };
  const { date, service, worker, moving } = read.data;
  const parsed = { data: { date, service, worker, moving } };
  const items = visitItemsOfQuery(read.data);
  if (!isVisit(items)) return { ok: true, query: parsed.data };
  if (parsed.data.moving) return { ok: false, error: "Move a visit from its appointment." };
  const ids = items.flatMap((item) => [item.typeId, ...item.addOnIds]);
  if (!ids.every(isUuid)) return { ok: false, error: "Choose a service." };
  return { ok: true, query: { ...parsed.data, items } };
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
  // Held times are the staff's to book too (docs/product.md#holds).
  const listing = { ...options, ignoreHolds: true };
  const listed = query.items
    ? await listVisit(db, { dateIso: query.date, items: query.items }, listing)
    : await listSlots(
        db,
        {
          dateIso: query.date,
          typeId: query.service,
          worker: query.worker,
          excludeId: query.moving,
        },
        listing,
      );
  if (!listed.ok) return listed;
  return { ok: true, slots: listed.slots.map(({ label, startsAt }) => ({ label, startsAt })) };
}
