// The booking form's limits and choices, without zod: the browser's island imports these (the
// form's field sizes, its lines, the waitlist's checkboxes) and must not bundle the validator,
// which checks the same limits on the server (booking-schema.ts, waitlist-times.ts;
// docs/decisions/016-preact-islands.md).

/** The 'Worker' field's value for "Any available" (the default). */
export const ANY_TECHNICIAN = "any";

export const BOOKING_LIMITS = {
  typeId: 64,
  technician: 60,
  name: 100,
  email: 254,
  phone: 30,
} as const;

/**
 * What the confirm form says beside a field it refuses, in the browser before sending and on the
 * server alike (booking-schema.ts; issue 38: the same words either way).
 */
export const BOOKING_FIELD_MESSAGES = {
  required: "Required",
  email: "Enter a valid email address",
} as const;

/** A visit's services at most (docs/product.md#visits), and add-ons to one service. */
export const MAX_VISIT_SERVICES = 3;
export const MAX_ADD_ONS = 3;

/** The parts of the day a visitor can ask for on the waitlist; none asked means any time. */
export const DAY_PERIODS = ["morning", "afternoon", "evening"] as const;
export type DayPeriod = (typeof DAY_PERIODS)[number];

/** The waitlist's checkboxes' labels, in the salon's day. */
export const DAY_PERIOD_LABELS: Record<DayPeriod, string> = {
  morning: "Morning (before noon)",
  afternoon: "Afternoon (noon to 5 PM)",
  evening: "Evening (5 PM on)",
};
