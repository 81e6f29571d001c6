// A walk-in (docs/product.md#walk-ins): the front desk's 'Walk-in' books the chosen technician's
// next free minutes starting now, today, for a customer who gives a name and a phone. The time
// is found by online booking's own listing (booking/visit-times.server.ts) with the walk-in's
// settings (no notice, a 5-minute grid from the current 5 minutes), booked by bookVisitRequest
// with the same settings; the exclusion constraint still refuses any overlap.
import { WALK_IN_SETTINGS } from "../../domain/booking/booking-settings";
import { WalkInFormSchema } from "../../domain/booking/desk-booking-schema";
import { SALON_TIME_ZONE, salonDateOf } from "../../domain/booking/time-zone";
import { readPhoneField } from "../../domain/phone";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf } from "../../domain/zod";
import type { BookedAppointment } from "../booking/booked-appointment.server";
import { bookVisitRequest } from "../booking/booking.server";
import { listVisitTimes } from "../booking/visit-times.server";
import type { Database } from "../db/client.server";
import type { FormFields } from "../platform/form.server";

export type WalkInResult =
  | { ok: true; appointment: BookedAppointment }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  /** The service is gone, or the technician does not do it. */
  | { ok: false; kind: "not-their-service" }
  /** Nothing left today: her hours, the service's, and the salon's are over, or she is booked up. */
  | { ok: false; kind: "no-time" };

/** Times taken by someone else between finding a time and booking it, before giving up. */
const TRIES = 3;

/**
 * Books a walk-in from the form's fields: the first start, at or after the current 5 minutes,
 * at which the technician is free for the whole service, its clean-up included.
 */
export async function bookWalkIn(
  db: Database,
  fields: FormFields,
  options: { now?: Date; siteUrl?: string } = {},
): Promise<WalkInResult> {
  const parsed = WalkInFormSchema.safeParse(fields);
  // The phone is stored in one form, E.164 (docs/product.md#phone-numbers).
  const phone = readPhoneField(parsed.success ? parsed.data.phone : fields.phone);
  if (!parsed.success || !phone.ok || !phone.phone) {
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    const fieldErrors = phone.ok ? errors : { ...errors, phone: phone.message };
    return { ok: false, kind: "invalid", fieldErrors };
  }
  const { service, technician, name } = parsed.data;
  if (!isUuid(service)) return { ok: false, kind: "not-their-service" };
  const now = options.now ?? new Date();
  const dateIso = salonDateOf(now, SALON_TIME_ZONE);
  const items = [{ typeId: service, technician: technician, addOnIds: [] }];
  const listing = { now, settings: WALK_IN_SETTINGS, ignoreHolds: true };
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const listed = await listVisitTimes(db, { dateIso, items }, listing);
    if (!listed.ok) return { ok: false, kind: "not-their-service" };
    const first = listed.slots[0];
    if (!first) return { ok: false, kind: "no-time" };
    const request = {
      dateIso,
      startsAt: new Date(first.startsAt),
      name,
      phone: phone.phone,
      items,
    };
    const booked = await bookVisitRequest(db, request, { ...listing, siteUrl: options.siteUrl });
    if (booked.ok) return { ok: true, appointment: booked.appointment };
    if (booked.kind === "invalid") return booked;
    if (booked.kind === "unavailable" && booked.reason === "no-such-service") {
      return { ok: false, kind: "not-their-service" };
    }
    // Taken a moment ago by another booking: look for her next free minutes again.
  }
  return { ok: false, kind: "no-time" };
}
