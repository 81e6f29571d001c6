// A booked visit as a calendar event (docs/product.md#email-content, issue 38): its .ics file and
// its 'Google Calendar' and 'Outlook' links, with the same title, times, place and words, in the
// language they are written for (issue 39: a customer's, English for the salon and unless said).

import { m } from "~/paraglide/messages.js";
import {
  type CalendarLinkEvent,
  googleCalendarUrl,
  outlookCalendarUrl,
} from "../../domain/booking/calendar-links";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { formatAddressLine, type SalonDetails } from "../../domain/salon/salon-details";
import type { EmailAttachment } from "../db/schema.server";
import { appointmentCalendar } from "../email/ics.server";
import { type BookedAppointment, joinNames } from "./booked-appointment.server";
import { arriveEarlyText, visitSummary } from "./visit-lines.server";

/** A visit's services in a title: "Gel Manicure and Classic Pedicure" / "... y ...". */
function servicesSaid(visit: readonly BookedAppointment[], locale: Locale): string {
  const names = visit.map((part) => part.typeName);
  // English joins every name with "and", as it always has.
  return locale === DEFAULT_LOCALE ? names.join(" and ") : joinNames(names, locale);
}

/** "<services> at <salon>" / "<services> en <salon>". */
function eventTitle(services: string, salon: SalonDetails, locale: Locale): string {
  return m.email_event_title({ services, salon: salon.name }, { locale });
}

/**
 * The appointment's calendar file. One UID per appointment, so a later CANCEL (staff or the
 * customer) or a moved time updates the event the booking email added.
 */
export function appointmentCalendarFile(
  appointment: BookedAppointment,
  change: {
    status: "CONFIRMED" | "CANCELLED";
    sequence: number;
    description: string;
    now?: Date;
  },
  salon: SalonDetails,
  locale: Locale = DEFAULT_LOCALE,
): EmailAttachment {
  return {
    filename: "appointment.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: appointmentCalendar(
      {
        uid: `${appointment.id}@2x10nails`,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        summary: eventTitle(appointment.typeName, salon, locale),
        description: change.description,
        status: change.status,
        sequence: change.sequence,
      },
      salon,
      change.now,
    ),
  };
}

/**
 * The visit as one calendar event, from its first start to its last end: what its .ics and its
 * 'Google Calendar' and 'Outlook' links say (the same title, times, place and words).
 */
function visitEvent(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  locale: Locale,
): CalendarLinkEvent {
  const first = visit[0] as BookedAppointment;
  return {
    title: eventTitle(servicesSaid(visit, locale), salon, locale),
    startsAt: first.startsAt,
    endsAt: new Date(Math.max(...visit.map((part) => part.endsAt.getTime()))),
    details: `${visitSummary(visit, locale)}. ${arriveEarlyText(salon, locale)}`,
    location: `${salon.name}, ${formatAddressLine(salon)}`,
  };
}

/**
 * The booking's calendar file: one event for the whole visit, from its first start to its last
 * end, under its first appointment's UID (the one the manage link opens).
 */
export function calendarFile(
  visit: BookedAppointment | readonly BookedAppointment[],
  salon: SalonDetails,
  locale: Locale = DEFAULT_LOCALE,
): EmailAttachment {
  const parts = Array.isArray(visit) ? visit : [visit as BookedAppointment];
  const first = parts[0] as BookedAppointment;
  const event = visitEvent(parts, salon, locale);
  return appointmentCalendarFile(
    { ...first, typeName: servicesSaid(parts, locale), endsAt: event.endsAt },
    { status: "CONFIRMED", sequence: first.sequence ?? 0, description: event.details },
    salon,
    locale,
  );
}

/** 'Google Calendar' and 'Outlook': the visit's event in each calendar's own form (issue 38). */
export function calendarLinks(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  locale: Locale = DEFAULT_LOCALE,
): { google: string; outlook: string } {
  const event = visitEvent(visit, salon, locale);
  return { google: googleCalendarUrl(event), outlook: outlookCalendarUrl(event) };
}
