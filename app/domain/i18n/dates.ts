import type { Weekday } from "../booking/time-zone";
import type { Locale } from "./locale";

// Dates and times in the page's language (docs/product.md#languages): Spanish through Intl's es-US
// ("sábado, 12 de diciembre", "3:00 p. m."); English keeps the words each caller wrote before,
// so the English pages read as they did. Pure: the dates are calendar days, read in UTC.

const dayOf = (dateIso: string) => new Date(`${dateIso}T00:00:00Z`);

const spanish = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("es-US", { ...options, timeZone: "UTC" });

const SPANISH_MONTH_YEAR = spanish({ month: "long", year: "numeric" });
const SPANISH_DAY = spanish({ weekday: "long", month: "long", day: "numeric" });
const SPANISH_LONG_DATE = spanish({
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
const SPANISH_WEEKDAY = spanish({ weekday: "long" });

/** Monday 2024-01-01 plus the weekday's place: a day to ask Intl its name. */
const WEEKDAY_DAYS: Record<Weekday, string> = {
  Monday: "2024-01-01",
  Tuesday: "2024-01-02",
  Wednesday: "2024-01-03",
  Thursday: "2024-01-04",
  Friday: "2024-01-05",
  Saturday: "2024-01-06",
  Sunday: "2024-01-07",
};

/** "Saturday" / "sábado". */
export function weekdayNameIn(weekday: Weekday, locale: Locale): string {
  return locale === "es" ? SPANISH_WEEKDAY.format(dayOf(WEEKDAY_DAYS[weekday])) : weekday;
}

const SPANISH_WEEKDAY_SHORT = spanish({ weekday: "short" });

/** "Saturday" -> "sáb" (the opening hours' groups: "lun-vie"). */
export function spanishWeekdayShort(weekday: Weekday): string {
  return SPANISH_WEEKDAY_SHORT.format(dayOf(WEEKDAY_DAYS[weekday]));
}

const SPANISH_DATE = spanish({ month: "long", day: "numeric", year: "numeric" });

/** "2023-04-29" -> "29 de abril de 2023" (English pages: formatIsoDate's "April 29, 2023"). */
export function spanishDate(dateIso: string): string {
  return SPANISH_DATE.format(dayOf(dateIso));
}

/** "2026-12" -> "diciembre de 2026" in Spanish; English is the caller's own ("December 2026"). */
export function spanishMonthTitle(month: string): string {
  return SPANISH_MONTH_YEAR.format(dayOf(`${month}-01`));
}

/** "2026-12-12" -> "sábado, 12 de diciembre". */
export function spanishDay(dateIso: string): string {
  return SPANISH_DAY.format(dayOf(dateIso));
}

/** "2026-12-12" -> "sábado, 12 de diciembre de 2026". */
export function spanishLongDate(dateIso: string): string {
  return SPANISH_LONG_DATE.format(dayOf(dateIso));
}

/** "15:00" -> "3:00 p. m." (es-US), the salon's wall clock. */
export function spanishWallTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return spanish({ hour: "numeric", minute: "2-digit" }).format(
    new Date(Date.UTC(2024, 0, 1, h, m)),
  );
}

/**
 * "3:00 PM" (a slot's label as the booking code writes it) -> "3:00 p. m."; anything else is
 * returned as it came.
 */
export function spanishTimeOfLabel(label: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!match) return label;
  const hour = (Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0);
  return spanishWallTime(`${hour}:${match[2]}`);
}

/** "5 minutes" (how long a time is held, as the booking code writes it) -> "5 minutos". */
export function spanishDuration(label: string): string {
  return label
    .replace(/\b1 minute\b/, "1 minuto")
    .replace(/\bminutes\b/, "minutos")
    .replace(/\bseconds\b/, "segundos");
}

// An instant on the salon's clock, for the emails (issue 39): `zone` is the salon's
// (SALON_TIME_ZONE), handed in so the functions stay pure.

/** An instant's day in Spanish on the salon's calendar: "sábado, 12 de diciembre de 2026". */
export function spanishDateOf(instant: Date | number, zone: string): string {
  return new Intl.DateTimeFormat("es-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: zone,
  }).format(instant);
}

/** An instant's time in Spanish on the salon's clock: "3:00 p. m.". */
export function spanishTimeOf(instant: Date | number, zone: string): string {
  return new Intl.DateTimeFormat("es-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
  }).format(instant);
}

/**
 * The article a Spanish clock time takes: "la 1:30 p. m." (one o'clock is singular), "las 3:00
 * p. m." otherwise; "a las 3:00 p. m.", "hasta la 1:15 p. m." read right with it.
 */
export function spanishClockPhrase(instant: Date | number, zone: string): string {
  const time = spanishTimeOf(instant, zone);
  return `${/^1:/.test(time) ? "la" : "las"} ${time}`;
}

/** "sábado, 12 de diciembre de 2026 a las 3:00 p. m.", on the salon's clock. */
export function spanishDateTime(instant: Date | number, zone: string): string {
  return `${spanishDateOf(instant, zone)} a ${spanishClockPhrase(instant, zone)}`;
}
