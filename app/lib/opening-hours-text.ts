import type { HoursRange } from "~/domain/booking/technician-hours";
import type { Weekday } from "~/domain/booking/time-zone";
import { spanishWallTime, spanishWeekdayShort, weekdayNameIn } from "~/domain/i18n/dates";
import type { Locale } from "~/domain/i18n/locale";
import type { HoursGroup } from "~/domain/salon/salon-details";
import { m } from "~/paraglide/messages.js";
import { formatWallTime } from "./format";

// The opening hours in the page's language (docs/product.md#languages): English as
// groupWeeklyHours and rangesLabel write them ("Mon-Fri", "10:00 AM to 8:00 PM"); Spanish with
// Intl's es-US names and times ("Lun-Vie", "Sábado", "10:00 a. m. a 8:00 p. m.").

const capitalized = (word: string) => word.charAt(0).toLocaleUpperCase("es-US") + word.slice(1);

const spanishShort = (day: Weekday) => capitalized(spanishWeekdayShort(day));

/** A group of days with the same hours: "Mon-Fri", "Sat, Sun", "Sunday" / "Lun-Vie", "Domingo". */
export function hoursGroupLabel(group: HoursGroup, locale: Locale): string {
  const first = group.days[0];
  const final = group.days.at(-1);
  if (locale === "en" || !first || !final) return group.label;
  if (group.days.length === 1) return capitalized(weekdayNameIn(first, "es"));
  const separator = group.days.length === 2 ? ", " : "-";
  return `${spanishShort(first)}${separator}${spanishShort(final)}`;
}

/** "10:00 AM to 8:00 PM" / "10:00 a. m. a 8:00 p. m."; ranges around a break joined by ", ". */
export function hoursRangesLabel(ranges: readonly HoursRange[], locale: Locale): string {
  const time = locale === "es" ? spanishWallTime : formatWallTime;
  return ranges
    .map((range) =>
      m.hours_range({ opens: time(range.start), closes: time(range.end) }, { locale }),
    )
    .join(", ");
}
