// The booked appointment as every part of the product reads it (docs/product.md#visits): the
// type, the spec's date string for one appointment or a visit, and a visit written as one.
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { addPrices } from "../../domain/booking/visit-request";
import type { Locale } from "../../domain/i18n/locale";

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

/** The spec's date_string: "<Weekday>, <Month> <day> <year> @ <slot> with <technician>". */
export function bookingDateString(appointment: Pick<BookedAppointment, "startsAt" | "technician">) {
  const zone = SALON_TIME_ZONE;
  return `${formatDateString(appointment.startsAt, zone)} @ ${formatSlotLabel(appointment.startsAt, zone)} with ${appointment.technician}`;
}

/**
 * A visit's date string: the spec's, with every technician ("... @ 10:00 AM with Ana and Bo").
 * `visit` is in time order; one appointment gives exactly bookingDateString.
 */
export function visitDateString(visit: readonly BookedAppointment[]): string {
  const [first] = visit;
  if (!first) return "";
  const technicians = [...new Set(visit.map((part) => part.technician))];
  const names =
    technicians.length > 1
      ? `${technicians.slice(0, -1).join(", ")} and ${technicians.at(-1)}`
      : first.technician;
  return bookingDateString({ startsAt: first.startsAt, technician: names });
}

/**
 * A visit of several appointments as one, for the messages written about one (moved, cancelled,
 * the manage page): its services and technicians joined, from its first start to its last end,
 * its total price, under its first appointment's id (the calendar event's UID) and sequence.
 * One appointment is itself.
 */
export function visitAsOne<T extends BookedAppointment>(visit: readonly T[]): T {
  const first = visit[0] as T;
  if (visit.length <= 1) return first;
  const join = (values: string[]) => [...new Set(values)].join(" and ");
  return {
    ...first,
    typeName: join(visit.map((part) => part.typeName)),
    category: join(visit.map((part) => part.category)),
    technician: join(visit.map((part) => part.technician)),
    endsAt: new Date(Math.max(...visit.map((part) => part.endsAt.getTime()))),
    price: addPrices(visit.map((part) => part.price)) ?? first.price,
  };
}
