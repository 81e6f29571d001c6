// Booking emails (spec section 7 "After a booking", docs/product.md#email-content): to the customer and to the
// salon, with the spec's date string, the arrive-early request and a calendar file. The salon's
// details (name, phone, email, address, arrive-early minutes) are the owner's ('Business
// Details'): every builder takes them, read by its caller before its transaction.
import {
  type CalendarLinkEvent,
  googleCalendarUrl,
  outlookCalendarUrl,
} from "../../domain/booking/calendar-links";
import { formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { addPrices, formatMinutes } from "../../domain/booking/visit-request";
import { formatPhone } from "../../domain/phone";
import { formatAddressLine, type SalonDetails } from "../../domain/salon/salon-details";
import type { EmailAttachment } from "../db/schema.server";
import {
  button,
  greetingTo,
  mailto,
  note,
  paragraph,
  type Row,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import { appointmentCalendar } from "../email/ics.server";
import type { CustomerMessage, OutboxMessage } from "../email/outbox.server";
import { bookingPolicy } from "../platform/env.server";
import {
  type BookedAppointment,
  bookingDateString,
  visitDateString,
} from "./booked-appointment.server";

/** "24 hours" (the MANAGE_CUTOFF_HOURS setting), as the emails and the manage page say it. */
export function cutoffText(): string {
  const hours = bookingPolicy().manageCutoffMs / 3_600_000;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** The spec's confirmation text, in our words, with the owner's 'Arrive early (minutes)'. */
export function arriveEarlyText(salon: SalonDetails): string {
  return `Thank you for scheduling with us. Please arrive ${salon.arriveEarlyMinutes} minutes before your confirmed time so you do not lose your place in line; if you arrive later, we may need to ask you to schedule another time on a different date.`;
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
): EmailAttachment {
  return {
    filename: "appointment.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: appointmentCalendar(
      {
        uid: `${appointment.id}@2x10nails`,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        summary: `${appointment.typeName} at ${salon.name}`,
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
function visitEvent(visit: readonly BookedAppointment[], salon: SalonDetails): CalendarLinkEvent {
  const first = visit[0] as BookedAppointment;
  return {
    title: `${visit.map((part) => part.typeName).join(" and ")} at ${salon.name}`,
    startsAt: first.startsAt,
    endsAt: new Date(Math.max(...visit.map((part) => part.endsAt.getTime()))),
    details: `${visitSummary(visit)}. ${arriveEarlyText(salon)}`,
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
): EmailAttachment {
  const parts = Array.isArray(visit) ? visit : [visit as BookedAppointment];
  const first = parts[0] as BookedAppointment;
  const event = visitEvent(parts, salon);
  return appointmentCalendarFile(
    {
      ...first,
      typeName: parts.map((part) => part.typeName).join(" and "),
      endsAt: event.endsAt,
    },
    { status: "CONFIRMED", sequence: first.sequence ?? 0, description: event.details },
    salon,
  );
}

/** 'Google Calendar' and 'Outlook': the visit's event in each calendar's own form (issue 38). */
export function calendarLinks(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
): { google: string; outlook: string } {
  const event = visitEvent(visit, salon);
  return { google: googleCalendarUrl(event), outlook: outlookCalendarUrl(event) };
}

/**
 * A visit's services in one sentence: those that start together are done side by side and say
 * so ("Gel Manicure with Mara, at the same time as Classic Pedicure with Lena"), the others
 * follow ("..., then Paraffin Wax with Mara"). `visit` is in the order it was asked for.
 */
export function visitSummary(visit: readonly BookedAppointment[]): string {
  return visit
    .map((part, index) => {
      const said = `${part.typeName} with ${part.technician}`;
      if (index === 0) return said;
      const before = visit[index - 1] as BookedAppointment;
      const together = before.startsAt.getTime() === part.startsAt.getTime();
      return `${together ? ", at the same time as " : ", then "}${said}`;
    })
    .join("");
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
export function serviceAndWhen(appointment: BookedAppointment): [string, string][] {
  return [
    ["Service", `${appointment.category} - ${appointment.typeName}`],
    ["When", bookingDateString(appointment)],
  ];
}

/**
 * What a cancelled visit was: every service with its technician and time (issue 38: before, only
 * the first was listed); one appointment, the service and the spec's date string.
 */
export function servicesAndWhen(visit: readonly BookedAppointment[]): [string, string][] {
  const [first] = visit;
  if (!first) return [];
  if (visit.length === 1) return serviceAndWhen(first);
  const zone = SALON_TIME_ZONE;
  return [
    ["When", visitDateString(visit)],
    ...visit.map((part): [string, string] => [
      `${part.category} - ${part.typeName}`,
      `${formatSlotLabel(part.startsAt, zone)} to ${formatSlotLabel(part.endsAt, zone)} with ${part.technician}`,
    ]),
  ];
}

/** One appointment's service, time and price; a visit's, one line per service and the total. */
export function detailLines(visit: readonly BookedAppointment[]): [string, string][] {
  const [first] = visit;
  if (!first) return [];
  if (visit.length === 1) return [...serviceAndWhen(first), ["Price", first.price]];
  const zone = SALON_TIME_ZONE;
  const lastEnd = Math.max(...visit.map((part) => part.endsAt.getTime()));
  const minutes = Math.round((lastEnd - first.startsAt.getTime()) / 60_000);
  return [
    ["When", visitDateString(visit)],
    ["Your visit", visitSummary(visit)],
    ...visit.map((part): [string, string] => [
      `${part.category} - ${part.typeName}`,
      `${formatSlotLabel(part.startsAt, zone)} to ${formatSlotLabel(part.endsAt, zone)} with ${part.technician}, ${part.price}`,
    ]),
    [
      "Total",
      `${addPrices(visit.map((part) => part.price)) ?? "see each service"}, ${formatMinutes(minutes)}`,
    ],
  ];
}

/**
 * The manage link every customer email about a booked visit carries (issue 38): the page where
 * it is moved or cancelled online until the cut-off.
 */
export function manageBlocks(manageLink: string) {
  return [
    paragraph(
      `To move or cancel your appointment online (until ${cutoffText()} before it starts), open this link:`,
    ),
    button("Move or cancel your appointment", manageLink),
  ];
}

/** 'Google Calendar' and 'Outlook' (issue 38), beside the attached .ics. */
function calendarBlocks(visit: readonly BookedAppointment[], salon: SalonDetails) {
  const links = calendarLinks(visit, salon);
  return [
    paragraph(
      "Add it to your calendar:\n",
      { href: links.google, label: "Google Calendar" },
      "\n",
      { href: links.outlook, label: "Outlook" },
    ),
    note("The attached calendar file adds the appointment to your calendar."),
  ];
}

/**
 * The customer's confirmation. With `manageLink` (the online booking and staff bookings made
 * through the site), it says how to move or cancel online until the cut-off.
 */
export function bookingConfirmationEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  manageLink?: string,
): CustomerMessage {
  const appointment = visit[0] as BookedAppointment;
  return {
    to: appointment.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Your appointment at ${salon.name}: ${visitDateString(visit)}`,
      blocks: [
        greetingTo(appointment.name),
        paragraph("Your appointment is confirmed. Here are the details:"),
        rows(detailLines(visit)),
        paragraph(arriveEarlyText(salon)),
        ...(manageLink ? manageBlocks(manageLink) : []),
        paragraph(
          manageLink ? "Or call us: " : "To change or cancel, call us: ",
          salonPhone(salon),
          ".",
        ),
        ...calendarBlocks(visit, salon),
      ],
      salon,
    }),
    attachments: [calendarFile(visit, salon)],
  };
}

export function bookingNoticeEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
): OutboxMessage {
  const appointment = visit[0] as BookedAppointment;
  return {
    to: salon.email,
    replyTo: appointment.email ?? undefined,
    ...renderEmail({
      subject: `New booking: ${visit.map((part) => part.typeName).join(" and ")}, ${visitDateString(visit)}`,
      blocks: [
        paragraph("A new appointment was booked on the website."),
        rows([...customerRows(appointment), ...detailLines(visit)]),
      ],
      salon,
    }),
    attachments: [calendarFile(visit, salon)],
  };
}
