import { z } from "../zod";
import { BOOKING_LIMITS, BookingFormSchema, BookingRequestSchema } from "./booking-schema";

// The front desk's 'Add Appointment' (docs/product.md#front-desk): the booking form's rules, but
// either an email or a phone is enough, since a caller may have no email to give. Its own module,
// so the public booking island (which imports booking-schema.ts) carries none of it.

/** Said beside the email and phone fields when both are empty. */
export const EMAIL_OR_PHONE = "Enter an email or a phone number.";

/** An email the front desk may leave empty; an empty field becomes undefined. */
const optionalEmail = z
  .string()
  .trim()
  .max(BOOKING_LIMITS.email, `At most ${BOOKING_LIMITS.email} characters`)
  .refine(
    (value) => value === "" || z.email().safeParse(value).success,
    "Enter a valid email address",
  )
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * The booking's rules for a move (the staff's, the manage link's) and a corrected customer: an
 * email or a phone is enough.
 */
export const DeskBookingRequestSchema = BookingRequestSchema.extend({ email: optionalEmail });

/**
 * 'Add Appointment' under the form's own field names, as BookingFormSchema: `service` is the first
 * service; a visit's others and its add-ons are read by visitItemsOf (docs/product.md#visits).
 */
export const DeskBookingFormSchema = BookingFormSchema.in
  .extend({ email: optionalEmail })
  .transform(({ date, service, slot, ...customer }) => ({
    ...customer,
    dateIso: date,
    typeId: service,
    startsAt: new Date(slot),
  }));

/** Said beside a walk-in's 'Phone' when it is empty: the phone is how the desk knows her again. */
export const WALK_IN_PHONE = "Enter the customer's phone number.";

/**
 * A walk-in (docs/product.md#walk-ins): the service, the technician, and the customer's name and
 * phone only. The time is not the form's: the server books the technician's next free minutes.
 */
export const WalkInFormSchema = z.object({
  service: BookingRequestSchema.shape.typeId,
  technician: z
    .string("Choose a technician.")
    .trim()
    .min(1, "Choose a technician.")
    .max(BOOKING_LIMITS.technician, "Choose a technician."),
  name: BookingRequestSchema.shape.name,
  phone: z.string(WALK_IN_PHONE).trim().min(1, WALK_IN_PHONE).max(BOOKING_LIMITS.phone),
});
