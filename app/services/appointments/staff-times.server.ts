// The free times the staff's 'Add Appointment' and 'Move' dialogs offer (docs/product.md#front-desk):
// online booking's own listing (booking/slot-listing.server.ts, or booking/visit.server.ts for a
// visit of several services and add-ons), with online booking's settings, a visitor's hold
// counting as busy, and, for a move, the appointment's own time counting as free.
import { BOOKING_LIMITS } from "../../domain/booking/booking-schema";
import { isIsoDate } from "../../domain/booking/time-zone";
import { isVisit, type VisitRequestItem, visitItemsOf } from "../../domain/booking/visit-request";
import { isUuid } from "../../domain/uuid";
import { z } from "../../domain/zod";
import { type ListingOptions, listSlots, type SlotView } from "../booking/slot-listing.server";
import { listVisit } from "../booking/visit.server";
import type { Database } from "../db/client.server";

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
const StaffTimesQuerySchema = z.object({
  date: z.string().refine(isIsoDate, "Choose a date."),
  service: z.string().refine(isUuid, "Choose a service."),
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

type StaffTimesQuery = z.output<typeof StaffTimesQuerySchema> & {
  /** A visit's services (more than one, or add-ons): listed as online booking lists a visit. */
  items?: VisitRequestItem[];
};

/** The query of a request, or the first reason it is not one. */
export function readStaffTimesQuery(
  params: URLSearchParams,
): { ok: true; query: StaffTimesQuery } | { ok: false; error: string } {
  const parsed = StaffTimesQuerySchema.safeParse({
    date: params.get("date") ?? "",
    service: params.get("service") ?? "",
    worker: params.get("worker") ?? undefined,
    moving: params.get("moving") ?? undefined,
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Bad query." };
  const items = visitItemsOf(params);
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
