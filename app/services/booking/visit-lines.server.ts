// The lines every email about a booked visit shares (docs/product.md#email-content): its services,
// times, technicians and prices, the arrive-early request and the online cut-off, in the language
// they are written for (issue 39): the customer's for her emails, English for the salon's notices
// and unless said, the English words exactly as they always were.

import { m } from "~/paraglide/messages.js";
import { formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { addPrices, formatMinutes } from "../../domain/booking/visit-request";
import { spanishTimeOf } from "../../domain/i18n/dates";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { formatPhone } from "../../domain/phone";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { mailto, type Row } from "../email/email-blocks.server";
import { bookingPolicy } from "../platform/env.server";
import {
  type BookedAppointment,
  bookingDateString,
  visitDateString,
} from "./booked-appointment.server";

/** "24 hours" (the MANAGE_CUTOFF_HOURS setting), as the emails and the manage page say it. */
export function cutoffText(locale: Locale = DEFAULT_LOCALE): string {
  return hoursText(bookingPolicy().manageCutoffMs / 3_600_000, locale);
}

/** "1 hour", "24 hours": a cut-off or a cancellation window, in the page's language. */
export function hoursText(hours: number, locale: Locale = DEFAULT_LOCALE): string {
  return hours === 1 ? m.email_hour({ hours }, { locale }) : m.email_hours({ hours }, { locale });
}

/** The spec's confirmation text, in our words, with the owner's 'Arrive early (minutes)'. */
export function arriveEarlyText(salon: SalonDetails, locale: Locale = DEFAULT_LOCALE): string {
  return m.email_arrive_early({ minutes: salon.arriveEarlyMinutes }, { locale });
}

/**
 * A visit's services in one sentence: those that start together are done side by side and say
 * so ("Gel Manicure with Mara, at the same time as Classic Pedicure with Lena"), the others
 * follow ("..., then Paraffin Wax with Mara"). `visit` is in the order it was asked for.
 */
export function visitSummary(
  visit: readonly BookedAppointment[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  return visit.reduce((summary, part, index) => {
    const next = m.email_with({ service: part.typeName, technician: part.technician }, { locale });
    if (index === 0) return next;
    const before = visit[index - 1] as BookedAppointment;
    const together = before.startsAt.getTime() === part.startsAt.getTime();
    return together
      ? m.email_summary_together({ summary, next }, { locale })
      : m.email_summary_then({ summary, next }, { locale });
  }, "");
}

/** Who booked, as every notice to the salon lists them; answering by email is one click. */
export function customerRows(appointment: BookedAppointment): Row[] {
  return [
    ["Customer", appointment.name],
    // A caller booked by phone alone has none (docs/product.md#front-desk).
    ["Email", appointment.email ? mailto(appointment.email) : "No Email"],
    ["Phone", appointment.phone ? formatPhone(appointment.phone) : "No Phone"],
  ];
}

/** The service and the spec's date string, as every appointment email lists them. */
export function serviceAndWhen(
  appointment: BookedAppointment,
  locale: Locale = DEFAULT_LOCALE,
): [string, string][] {
  return [
    [m.email_row_service({}, { locale }), `${appointment.category} - ${appointment.typeName}`],
    [m.email_row_when({}, { locale }), bookingDateString(appointment, locale)],
  ];
}

/** "10:00 AM" / "10:00 a. m.": a time on the salon's clock. */
function clockTime(instant: Date, locale: Locale): string {
  return locale === DEFAULT_LOCALE
    ? formatSlotLabel(instant, SALON_TIME_ZONE)
    : spanishTimeOf(instant, SALON_TIME_ZONE);
}

/** One service of a visit: "<category> - <service>" and "10:00 AM to 10:45 AM with Mara". */
function partRow(part: BookedAppointment, locale: Locale): [string, string] {
  const times = m.email_part_times(
    {
      start: clockTime(part.startsAt, locale),
      end: clockTime(part.endsAt, locale),
      technician: part.technician,
    },
    { locale },
  );
  return [`${part.category} - ${part.typeName}`, times];
}

/**
 * What a cancelled visit was: every service with its technician and time (issue 38: before, only
 * the first was listed); one appointment, the service and the spec's date string.
 */
export function servicesAndWhen(
  visit: readonly BookedAppointment[],
  locale: Locale = DEFAULT_LOCALE,
): [string, string][] {
  const [first] = visit;
  if (!first) return [];
  if (visit.length === 1) return serviceAndWhen(first, locale);
  return [
    [m.email_row_when({}, { locale }), visitDateString(visit, locale)],
    ...visit.map((part) => partRow(part, locale)),
  ];
}

/** One appointment's service, time and price; a visit's, one line per service and the total. */
export function detailLines(
  visit: readonly BookedAppointment[],
  locale: Locale = DEFAULT_LOCALE,
): [string, string][] {
  const [first] = visit;
  if (!first) return [];
  if (visit.length === 1) {
    return [...serviceAndWhen(first, locale), [m.email_row_price({}, { locale }), first.price]];
  }
  const lastEnd = Math.max(...visit.map((part) => part.endsAt.getTime()));
  const minutes = Math.round((lastEnd - first.startsAt.getTime()) / 60_000);
  const total =
    addPrices(visit.map((part) => part.price)) ?? m.email_see_each_service({}, { locale });
  return [
    [m.email_row_when({}, { locale }), visitDateString(visit, locale)],
    [m.email_row_visit({}, { locale }), visitSummary(visit, locale)],
    ...visit.map((part): [string, string] => {
      const [label, times] = partRow(part, locale);
      return [label, `${times}, ${part.price}`];
    }),
    // Durations read the same in both languages ("1 h 30 min").
    [m.email_row_total({}, { locale }), `${total}, ${formatMinutes(minutes)}`],
  ];
}
