// The booking form's month (docs/product.md#month-calendar): for each day of a month that can be
// booked online, whether the salon is closed and, once a service (or a visit) is chosen, whether
// it has a free time. Each day is the same listing the times come from (listSlots, listVisit:
// kept while the day's availability stands), so a day marked free lists times when chosen.
import { and, between, isNull } from "drizzle-orm";
import { business } from "../../content/business";
import { openingHoursFor } from "../../domain/booking/opening-hours";
import { DEFAULT_BOOKING_SETTINGS } from "../../domain/booking/slots";
import { addDaysIso, isIsoDate, salonDateOf, weekdayOf } from "../../domain/booking/time-zone";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import type { Database } from "../db/client.server";
import { closedDays } from "../db/schema.server";
import { listAppointmentTypes } from "./appointment-types.server";
import { listSlots } from "./slot-listing.server";
import { listVisit } from "./visit.server";

/**
 * A bookable day: the salon is closed; a service of the search is not offered that weekday
 * ("off"); or the search has a free time then ("free") or none ("full").
 */
export type DayMark = "closed" | "off" | "free" | "full";

export type MonthDaysResult =
  | {
      ok: true;
      /** The month's days from today to the last bookable day; a day absent is not bookable. */
      days: Record<string, DayMark | "open">;
    }
  | { ok: false; error: string };

/** "2026-12": the first day of that month, or undefined. */
function firstDayOf(month: string): string | undefined {
  const first = `${month}-01`;
  return /^\d{4}-\d{2}$/.test(month) && isIsoDate(first) ? first : undefined;
}

/**
 * The month's bookable days, each "closed", or with `items` "free" or "full", or without them
 * "open" (nothing chosen yet to look for).
 */
export async function monthDays(
  db: Database,
  input: { month: string; items: readonly VisitRequestItem[] },
  options: { now?: Date } = {},
): Promise<MonthDaysResult> {
  const first = firstDayOf(input.month);
  if (!first) return { ok: false, error: "Choose a month." };
  const now = options.now ?? new Date();
  const today = salonDateOf(now, business.timeZone);
  const lastBookable = addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1);
  const dates: string[] = [];
  for (let day = first; day.startsWith(input.month); day = addDaysIso(day, 1)) {
    if (day >= today && day <= lastBookable) dates.push(day);
  }
  const days: Record<string, DayMark | "open"> = {};
  if (dates.length === 0) return { ok: true, days };
  const closed = new Set(
    (
      await db
        .select({ date: closedDays.date })
        .from(closedDays)
        .where(
          and(
            between(closedDays.date, dates[0] as string, dates.at(-1) as string),
            isNull(closedDays.worker),
          ),
        )
    ).map((row) => row.date),
  );
  const [item] = input.items;
  const types = new Map((await listAppointmentTypes(db)).map((type) => [type.id, type]));
  const offeredOn = (dateIso: string) =>
    input.items.every((wanted) =>
      [wanted.typeId, ...wanted.addOnIds].every((id) =>
        types.get(id)?.daysOfWeek.includes(weekdayOf(dateIso)),
      ),
    );
  for (const dateIso of dates) {
    if (!openingHoursFor(dateIso, business.hours, [...closed])) {
      days[dateIso] = "closed";
      continue;
    }
    if (!item) {
      days[dateIso] = "open";
      continue;
    }
    if (!offeredOn(dateIso)) {
      days[dateIso] = "off";
      continue;
    }
    const listed = isVisit(input.items)
      ? await listVisit(db, { dateIso, items: input.items }, { now })
      : await listSlots(db, { dateIso, typeId: item.typeId, worker: item.worker }, { now });
    if (!listed.ok) return { ok: false, error: listed.error };
    days[dateIso] = listed.slots.length > 0 ? "free" : "full";
  }
  return { ok: true, days };
}
