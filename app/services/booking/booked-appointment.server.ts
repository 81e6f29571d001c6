// The booked appointment as every part of the product reads it (docs/product.md#visits): the
// type, the spec's date string for one appointment or a visit, and a visit written as one, in the
// customer's language (issue 39: English unless said, as the staff pages and salon notices read).

import { m } from "~/paraglide/messages.js";
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { addPrices } from "../../domain/booking/visit-request";
import { spanishClockPhrase, spanishDateOf } from "../../domain/i18n/dates";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";

export interface BookedAppointment {
  id: string;
  name: string;
  /** None for a caller booked by phone alone (docs/product.md#front-desk). */
  email: string | null;
  phone: string | null;
  typeName: string;
  category: string;
  technician: string;
  startsAt: Date;
  endsAt: Date;
  price: string;
  /** The calendar event's SEQUENCE (0 as booked; every move and the cancellation raise it). */
  sequence?: number;
  /**
   * The customer's language (issue 39): of the page she booked from, or the caller's as the front
   * desk chose it; her emails about it are to be written in it. Absent: English.
   */
  language?: Locale;
}

/** The language a visit's customer is written to in: its first appointment's. */
export function languageOf(visit: readonly Pick<BookedAppointment, "language">[]): Locale {
  return visit[0]?.language ?? DEFAULT_LOCALE;
}

/**
 * An instant's day and time on the salon's clock, as the date strings put them: "Saturday, May 2
 * 2026" and "10:00 AM"; in Spanish "sábado, 2 de mayo de 2026" and "las 10:00 a. m." (the
 * message says "a las ...").
 */
export function salonDayAndTime(instant: Date, locale: Locale): { date: string; time: string } {
  const zone = SALON_TIME_ZONE;
  if (locale === "es") {
    return { date: spanishDateOf(instant, zone), time: spanishClockPhrase(instant, zone) };
  }
  return { date: formatDateString(instant, zone), time: formatSlotLabel(instant, zone) };
}

/**
 * The spec's date_string: "<Weekday>, <Month> <day> <year> @ <slot> with <technician>"; in
 * Spanish "sábado, 2 de mayo de 2026 a las 10:00 a. m. con <technician>".
 */
export function bookingDateString(
  appointment: Pick<BookedAppointment, "startsAt" | "technician">,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { date, time } = salonDayAndTime(appointment.startsAt, locale);
  return m.email_date_time_with({ date, time, technician: appointment.technician }, { locale });
}

/** Names as a sentence lists them: "Ana", "Ana and Bo", "Ana, Bo and Cy" ("Ana, Bo y Cy"). */
export function joinNames(names: readonly string[], locale: Locale = DEFAULT_LOCALE): string {
  if (names.length <= 1) return names[0] ?? "";
  const last = names[names.length - 1] as string;
  return m.email_and({ list: names.slice(0, -1).join(", "), last }, { locale });
}

/**
 * A visit's date string: the spec's, with every technician ("... @ 10:00 AM with Ana and Bo").
 * `visit` is in time order; one appointment gives exactly bookingDateString.
 */
export function visitDateString(
  visit: readonly BookedAppointment[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const [first] = visit;
  if (!first) return "";
  const technicians = [...new Set(visit.map((part) => part.technician))];
  const names = technicians.length > 1 ? joinNames(technicians, locale) : first.technician;
  return bookingDateString({ startsAt: first.startsAt, technician: names }, locale);
}

/**
 * A visit of several appointments as one, for the messages written about one (moved, cancelled,
 * the manage page): its services and technicians joined, from its first start to its last end,
 * its total price, under its first appointment's id (the calendar event's UID) and sequence.
 * One appointment is itself.
 */
export function visitAsOne<T extends BookedAppointment>(
  visit: readonly T[],
  locale: Locale = DEFAULT_LOCALE,
): T {
  const first = visit[0] as T;
  if (visit.length <= 1) return first;
  const join = (values: string[]) =>
    locale === DEFAULT_LOCALE
      ? [...new Set(values)].join(" and ")
      : joinNames([...new Set(values)], locale);
  return {
    ...first,
    typeName: join(visit.map((part) => part.typeName)),
    category: join(visit.map((part) => part.category)),
    technician: join(visit.map((part) => part.technician)),
    endsAt: new Date(Math.max(...visit.map((part) => part.endsAt.getTime()))),
    price: addPrices(visit.map((part) => part.price)) ?? first.price,
  };
}
