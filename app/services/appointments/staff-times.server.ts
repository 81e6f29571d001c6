// The free times the staff's 'Add Appointment' and 'Move' dialogs offer (docs/product.md#front-desk):
// online booking's own listing (booking/slot-listing.server.ts), with online booking's settings, a
// visitor's hold counting as busy, and, for a move, the appointment's own time counting as free.
import { BOOKING_LIMITS } from "../../domain/booking/booking-schema";
import { isIsoDate } from "../../domain/booking/time-zone";
import { isUuid } from "../../domain/uuid";
import { z } from "../../domain/zod";
import { type ListingOptions, listSlots, type SlotView } from "../booking/slot-listing.server";
import type { Database } from "../db/client.server";

/** A free time as the dialogs list it: its label, and the instant the form posts back. */
export type StaffSlotView = Pick<SlotView, "label" | "startsAt">;

/** The answer: the times still free, or why there are none to list. */
export type StaffTimesAnswer = { ok: true; slots: StaffSlotView[] } | { ok: false; error: string };

/**
 * ?date=&service=&worker=&moving=, as the dialogs ask. Ids are checked before any query: a
 * malformed uuid would otherwise reach PostgreSQL's cast and fail as a 500 (domain/uuid.ts).
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

export type StaffTimesQuery = z.output<typeof StaffTimesQuerySchema>;

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
  return { ok: true, query: parsed.data };
}

/** The free times of a service on a date, for a staff member booking or moving an appointment. */
export async function listStaffTimes(
  db: Database,
  query: StaffTimesQuery,
  options: Pick<ListingOptions, "now"> = {},
): Promise<StaffTimesAnswer> {
  const listed = await listSlots(
    db,
    { dateIso: query.date, typeId: query.service, worker: query.worker, excludeId: query.moving },
    // Held times are the staff's to book too (docs/product.md#holds).
    { ...options, ignoreHolds: true },
  );
  if (!listed.ok) return listed;
  return { ok: true, slots: listed.slots.map(({ label, startsAt }) => ({ label, startsAt })) };
}
