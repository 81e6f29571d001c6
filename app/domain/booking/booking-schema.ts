import { localeField, nameField, z } from "../zod";
import { ANY_TECHNICIAN, BOOKING_FIELD_MESSAGES, BOOKING_LIMITS } from "./booking-limits";
import { isIsoDate } from "./time-zone";

// The 'Before you confirm...' form (spec "Schedule", section 5; docs/product.md#technician-choice, docs/product.md#booking-validation). The spec
// only requires name and email; the server also checks format and length and answers bad input
// with field errors and no write. Availability, technician, price and duration are recomputed by the
// server, never taken from here.

// The limits live without zod, for the browser's island too (docs/decisions/016-preact-islands.md).
export { ANY_TECHNICIAN, BOOKING_LIMITS };

const REQUIRED = BOOKING_FIELD_MESSAGES.required;

const required = (max: number) =>
  z.string(REQUIRED).trim().min(1, REQUIRED).max(max, `At most ${max} characters`);

/** A slot's start as the form posts it: an ISO 8601 UTC instant, still text. */
const instant = z
  .string("Choose a time")
  .trim()
  .max(40, "Choose a time")
  .pipe(z.iso.datetime("Choose a time"));

export const BookingRequestSchema = z.object({
  dateIso: z
    .string("Required")
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a valid date")
    .refine(isIsoDate, "Enter a valid date"),
  typeId: required(BOOKING_LIMITS.typeId),
  /**
   * The slot's start as an ISO 8601 UTC instant, exactly as `Slot.startsAt.toISOString()` writes
   * it ("2026-05-02T15:00:00.000Z"); parsed to a Date. An instant (not a wall-clock time) keeps
   * the fall-back hour unambiguous and needs no zone from the browser.
   */
  startsAt: instant.transform((value) => new Date(value)),
  /** "any" or one of the service's technicians (the server checks which). */
  technician: z
    .string()
    .trim()
    .max(BOOKING_LIMITS.technician, `At most ${BOOKING_LIMITS.technician} characters`)
    .optional()
    .transform((value) => (value ? value : ANY_TECHNICIAN)),
  name: nameField(BOOKING_LIMITS.name),
  email: required(BOOKING_LIMITS.email).pipe(z.email(BOOKING_FIELD_MESSAGES.email)),
  /** Not required (spec section 5); an empty field becomes undefined. */
  phone: z
    .string()
    .trim()
    .max(BOOKING_LIMITS.phone, `At most ${BOOKING_LIMITS.phone} characters`)
    .regex(/^[0-9 +().-]*$/, "Use digits, spaces and + ( ) - . only")
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The language of the page it is booked from (issue 39): English unless said. */
  locale: localeField,
});

/**
 * The confirm form (public /schedule, the staff's 'Add Appointment') under its own field names,
 * with the booking's rules, so a field error names the field the page shows it under. Its
 * transform hands the booking its names: `date` is `dateIso`, `service` (the first service; a
 * visit's others and its add-ons are read by visitItemsOf, visit-request.ts) is `typeId`, `slot`
 * is `startsAt`, parsed once here into a Date (docs/product.md#visits: one service is a visit of
 * one).
 */
export const BookingFormSchema = z
  .object({
    date: BookingRequestSchema.shape.dateIso,
    service: BookingRequestSchema.shape.typeId,
    slot: instant,
    technician: BookingRequestSchema.shape.technician,
    name: BookingRequestSchema.shape.name,
    email: BookingRequestSchema.shape.email,
    phone: BookingRequestSchema.shape.phone,
    locale: BookingRequestSchema.shape.locale,
  })
  .transform(({ date, service, slot, ...customer }) => ({
    ...customer,
    dateIso: date,
    typeId: service,
    startsAt: new Date(slot),
  }));

/** The request's technician as listAvailableSlots/isSlotBookable take it: undefined for any. */
export function requestedTechnician(technician: string): string | undefined {
  return technician === ANY_TECHNICIAN ? undefined : technician;
}
