import { MAX_PRICE_CENTS, parsePrice } from "../money";
import { isOneLine, lineField, ONE_LINE_MESSAGE, optionalLineField, optionalText, z } from "../zod";
import { isWallTime, parseWallTime, WEEKDAYS, type Weekday } from "./time-zone";

// The staff create/edit form for appointment types (spec sections 3 and 5, "Schedule admin").
// The spec only requires every field to be non-empty; we also bound lengths and check that the
// values make a bookable service, because listAvailableSlots trusts what is stored.

const APPOINTMENT_TYPE_LIMITS = {
  type: 80,
  category: 60,
  description: 1000,
  price: 12,
  durationMin: 480,
  technicians: 10,
  technicianName: 40,
} as const;

const required = (max: number) =>
  z.string("Required").trim().min(1, "Required").max(max, `At most ${max} characters`);

/** Forms post "Monday,Tuesday" or repeated fields; both become a list of trimmed, non-empty parts. */
function splitList(value: unknown): unknown {
  if (typeof value === "string") return value.split(",");
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    // An array item may itself hold commas: split it too, since storage is comma-separated.
    return value.flatMap((item: string) => item.split(","));
  }
  return value;
}

const wallTime = z
  .string("Required")
  .trim()
  .min(1, "Required")
  // <input type="time"> may send seconds; the stored day starts on whole minutes.
  .transform((value) => (/^\d\d:\d\d:00$/.test(value) ? value.slice(0, 5) : value))
  .refine(isWallTime, "Enter a time like 09:30");

const weekdayByLowerName = new Map(WEEKDAYS.map((day) => [day.toLowerCase(), day]));

const daysOfWeek = z.preprocess(
  splitList,
  z
    .array(z.string(), "Choose at least one day")
    // The spec strips spaces from days of week ("Monday, Tuesday" -> "Monday,Tuesday").
    .transform((days) => days.map((day) => day.replace(/\s+/g, "")).filter((day) => day !== ""))
    .pipe(
      z
        .array(
          z
            .string()
            .transform((day) => weekdayByLowerName.get(day.toLowerCase()))
            .pipe(z.enum(WEEKDAYS, "Use weekday names like Monday")),
        )
        .min(1, "Choose at least one day"),
    )
    // Week order and no repeats, so the stored string is stable.
    .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
);

const technicians = z.preprocess(
  splitList,
  z
    .array(z.string(), "Add at least one worker")
    .transform((names) => [...new Set(names.map((name) => name.trim()).filter((n) => n !== ""))])
    .pipe(
      z
        .array(
          z
            .string()
            .max(
              APPOINTMENT_TYPE_LIMITS.technicianName,
              `At most ${APPOINTMENT_TYPE_LIMITS.technicianName} characters per name`,
            )
            .refine(isOneLine, ONE_LINE_MESSAGE),
        )
        .min(1, "Add at least one worker")
        .max(
          APPOINTMENT_TYPE_LIMITS.technicians,
          `At most ${APPOINTMENT_TYPE_LIMITS.technicians} workers`,
        ),
    ),
);

/** Duration is typed as text (spec section 3): whole minutes, in steps of 5, up to 8 hours. */
const durationMin = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({
      error: (issue) => (issue.input === undefined ? "Required" : "Enter whole minutes, like 45"),
    })
    .int("Enter whole minutes, like 45")
    .positive("Enter whole minutes, like 45")
    .multipleOf(5, "Use steps of 5 minutes")
    .max(APPOINTMENT_TYPE_LIMITS.durationMin, "At most 480 minutes"),
);

/** Clean-up minutes after the service (docs/product.md#visits): empty is none. */
const bufferMin = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 0;
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return 0;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: "Enter whole minutes, like 10" })
    .int("Enter whole minutes, like 10")
    .min(0, "Enter whole minutes, like 10")
    .multipleOf(5, "Use steps of 5 minutes")
    .max(120, "At most 120 minutes"),
);

/**
 * The price as the salon writes it ("$50", "$50+", "52.50", "$1,200"): kept as text here, read
 * into cents and the 'from' flag by readPrice (docs/product.md#prices-and-payments).
 */
const price = required(APPOINTMENT_TYPE_LIMITS.price)
  .refine((text) => parsePrice(text) !== null, "Enter a price like $50, $50+ or $45.50")
  .refine((text) => (parsePrice(text)?.cents ?? 0) <= MAX_PRICE_CENTS, "At most $99,999.99");

/** A checked form's price as stored: cents and the 'from' flag. */
export function readPrice(input: { price: string }): { priceCents: number; priceFrom: boolean } {
  const read = parsePrice(input.price);
  if (!read) throw new Error("readPrice takes a price AppointmentTypeSchema accepted.");
  return { priceCents: read.cents, priceFrom: read.from };
}

/** A checkbox: checked ("on") or not (absent). */
const flag = z.preprocess(
  (value) => value === "on" || value === "true" || value === true,
  z.boolean(),
);

export const AppointmentTypeSchema = z
  .object({
    type: lineField(APPOINTMENT_TYPE_LIMITS.type),
    category: lineField(APPOINTMENT_TYPE_LIMITS.category),
    startTime: wallTime,
    endTime: wallTime,
    durationMin,
    price,
    description: required(APPOINTMENT_TYPE_LIMITS.description),
    // 'Name (Spanish)', 'Description (Spanish)' (issue 39): optional, the English shown without.
    typeEs: optionalLineField(APPOINTMENT_TYPE_LIMITS.type),
    descriptionEs: optionalText(APPOINTMENT_TYPE_LIMITS.description),
    daysOfWeek,
    technicians,
    bufferMin,
    addOn: flag,
    sideBySide: flag,
  })
  .superRefine((value, ctx) => {
    if (!isWallTime(value.startTime) || !isWallTime(value.endTime)) return;
    const start = parseWallTime(value.startTime);
    const end = parseWallTime(value.endTime);
    if (end <= start) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "End must be after start" });
    } else if (value.durationMin > end - start) {
      // Otherwise the service could never be booked.
      ctx.addIssue({
        code: "custom",
        path: ["durationMin"],
        message: "Longer than the time between start and end",
      });
    }
  });

export type AppointmentTypeInput = z.infer<typeof AppointmentTypeSchema>;

/** Days as the spec stores them: comma-separated, no spaces, e.g. "Monday,Tuesday". */
export function joinDaysOfWeek(days: readonly Weekday[]): string {
  return WEEKDAYS.filter((day) => days.includes(day)).join(",");
}

/** Technicians as the spec stores them: comma-separated names. */
export function joinTechnicians(names: readonly string[]): string {
  return names.join(",");
}
