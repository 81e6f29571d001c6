import { localeField, nameField, z } from "../zod";
import { BOOKING_LIMITS, DAY_PERIOD_LABELS, DAY_PERIODS, type DayPeriod } from "./booking-limits";
import { isIsoDate } from "./time-zone";
import type { VisitRequestItem } from "./visit-request";

// The waitlist (docs/product.md#waitlist): when a day has no time for a search, the visitor
// leaves a name, an email and the parts of the day that suit them; the first in line whose parts
// match a freed time is offered it by email. The rules here are pure; the line itself is kept by
// app/services/waitlist/waitlist.server.ts.

export { DAY_PERIOD_LABELS, DAY_PERIODS, type DayPeriod };

const NOON = 12 * 60;
const FIVE_PM = 17 * 60;

/** The part of the day a start falls in, from its minutes after the salon's midnight. */
export function periodOf(minutesOfDay: number): DayPeriod {
  if (minutesOfDay < NOON) return "morning";
  return minutesOfDay < FIVE_PM ? "afternoon" : "evening";
}

/** Whether a start suits the asked parts of the day (none asked: any time suits). */
export function suits(periods: readonly DayPeriod[], minutesOfDay: number): boolean {
  return periods.length === 0 || periods.includes(periodOf(minutesOfDay));
}

/** The 'Join the Waitlist' form: the day and the search come from the page's address. */
export const WaitlistRequestSchema = z.object({
  dateIso: z.string("Choose a date").trim().refine(isIsoDate, "Choose a date"),
  name: nameField(BOOKING_LIMITS.name),
  email: z
    .string("Required")
    .trim()
    .min(1, "Required")
    .max(BOOKING_LIMITS.email, `At most ${BOOKING_LIMITS.email} characters`)
    .pipe(z.email("Enter a valid email address")),
  periods: z
    .array(z.enum(DAY_PERIODS, "Choose morning, afternoon or evening"))
    .max(DAY_PERIODS.length)
    .transform((periods) => [...new Set(periods)]),
  /** The language of the page it is joined from (issue 39): English unless said. */
  locale: localeField,
});

export type WaitlistRequest = z.infer<typeof WaitlistRequestSchema>;

/** "mornings or evenings", "any time". */
export function describePeriods(periods: readonly DayPeriod[]): string {
  if (periods.length === 0 || periods.length === DAY_PERIODS.length) return "any time";
  const words = periods.map((period) => `${period}s`);
  return words.length === 1
    ? (words[0] as string)
    : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** A search written one way: add-ons sorted, so the same visit asked twice is one line. */
export function canonicalItems(items: readonly VisitRequestItem[]): VisitRequestItem[] {
  return items.map((item) => ({
    typeId: item.typeId,
    technician: item.technician,
    addOnIds: [...item.addOnIds].sort(),
  }));
}

/** The line a day's search waits in: its key in the table and its lock. */
export function lineOf(dateIso: string, items: readonly VisitRequestItem[]): string {
  const search = canonicalItems(items)
    .map((item) => [item.typeId, item.technician, ...item.addOnIds].join(","))
    .join(";");
  return `${dateIso}/${search}`;
}

/**
 * What became of a 'Join the Waitlist' sent without JavaScript, as the search's address carries
 * it back (a word, never a text: the page says it in its own words).
 */
export const WAITLIST_OUTCOMES = [
  "joined",
  "invalid",
  "unreadable",
  "limited",
  "not-full",
  "line-full",
  "too-many",
  "unconfirmed",
] as const;
export type WaitlistOutcome = (typeof WAITLIST_OUTCOMES)[number];
/** Why the server refused a join (the JSON answer's `reason`). */
export type JoinRefusal = Exclude<WaitlistOutcome, "joined" | "invalid">;
