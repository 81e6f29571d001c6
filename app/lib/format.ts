import { spanishDate } from "../domain/i18n/dates";
import type { Locale } from "../domain/i18n/locale";

/** "14:30" -> "2:30 PM"; the salon's wall-clock times as the spec writes them ("10:00 AM"). */
export function formatWallTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, "0")} ${suffix}`;
}

const longDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "2023-04-29" -> "April 29, 2023", independent of the server's or visitor's zone. */
export function formatIsoDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A calendar day in the page's language: "April 29, 2023" / "29 de abril de 2023" (es-US). */
export function formatIsoDateIn(isoDate: string, locale: Locale): string {
  return locale === "es" ? spanishDate(isoDate) : formatIsoDate(isoDate);
}
