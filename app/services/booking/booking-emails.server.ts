// Booking emails (spec section 7 "After a booking", docs/product.md#email-content): to the customer and to the
// salon, with the spec's date string, the arrive-early request and a calendar file.
import { business } from "../../content/business";
import { formatDateString, formatSlotLabel } from "../../domain/booking/time-zone";
import { addPrices, formatMinutes } from "../../domain/booking/visit-request";
import type { EmailAttachment } from "../db/schema.server";
import {
  button,
  greeting,
  mailto,
  note,
  paragraph,
  type Row,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import { appointmentCalendar } from "../email/ics.server";
import type { OutboxMessage } from "../email/outbox.server";
import { bookingPolicy } from "../platform/env.server";

export interface BookedAppointment {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  typeName: string;
  category: string;
  worker: string;
  startsAt: Date;
  endsAt: Date;
  price: string;
  /** The calendar event's SEQUENCE (0 as booked; every move and the cancellation raise it). */
  sequence?: number;
}

/** The spec's date_string: "<Weekday>, <Month> <day> <year> @ <slot> with <worker>". */
export function bookingDateString(appointment: Pick<BookedAppointment, "startsAt" | "worker">) {
  const zone = business.timeZone;
  return `${formatDateString(appointment.startsAt, zone)} @ ${formatSlotLabel(appointment.startsAt, zone)} with ${appointment.worker}`;
}

/**
 * A visit's date string: the spec's, with every technician ("... @ 10:00 AM with Ana and Bo").
 * `visit` is in time order; one appointment gives exactly bookingDateString.
 */
export function visitDateString(visit: readonly BookedAppointment[]): string {
  const [first] = visit;
  if (!first) return "";
  const workers = [...new Set(visit.map((part) => part.worker))];
  const names =
    workers.length > 1 ? `${workers.slice(0, -1).join(", ")} and ${workers.at(-1)}` : first.worker;
  return bookingDateString({ startsAt: first.startsAt, worker: names });
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
    worker: join(visit.map((part) => part.worker)),
    endsAt: new Date(Math.max(...visit.map((part) => part.endsAt.getTime()))),
    price: addPrices(visit.map((part) => part.price)) ?? first.price,
  };
}

/** "24 hours" (the MANAGE_CUTOFF_HOURS setting), as the emails and the manage page say it. */
export function cutoffText(): string {
  const hours = bookingPolicy().manageCutoffMs / 3_600_000;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** The spec's confirmation text, in our words. */
export const ARRIVE_EARLY_TEXT = `Thank you for scheduling with us. Please arrive ${business.arriveEarlyMinutes} minutes before your confirmed time so you do not lose your place in line; if you arrive later, we may need to ask you to schedule another time on a different date.`;

/**
 * The appointment's calendar file. One UID per appointment, so a later CANCEL (staff or the
 * customer) or a moved time updates the event the booking email added.
 */
export function appointmentCalendarFile(
  appointment: BookedAppointment,
  change: { method: "REQUEST" | "CANCEL"; sequence: number; description: string; now?: Date },
): EmailAttachment {
  return {
    filename: "appointment.ics",
    contentType: `text/calendar; charset=utf-8; method=${change.method}`,
    content: appointmentCalendar(
      {
        uid: `${appointment.id}@2x10nails`,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        summary: `${appointment.typeName} at ${business.name}`,
        description: change.description,
        method: change.method,
        sequence: change.sequence,
      },
      change.now,
    ),
  };
}

/**
 * The booking's calendar file: one event for the whole visit, from its first start to its last
 * end, under its first appointment's UID (the one the manage link opens).
 */
export function calendarFile(
  visit: BookedAppointment | readonly BookedAppointment[],
): EmailAttachment {
  const parts = Array.isArray(visit) ? visit : [visit as BookedAppointment];
  const first = parts[0] as BookedAppointment;
  const what = parts.map((part) => `${part.typeName} with ${part.worker}`).join(", then ");
  return appointmentCalendarFile(
    {
      ...first,
      typeName: parts.map((part) => part.typeName).join(" and "),
      endsAt: new Date(Math.max(...parts.map((part) => part.endsAt.getTime()))),
    },
    {
      method: "REQUEST",
      sequence: first.sequence ?? 0,
      description: `${what}. ${ARRIVE_EARLY_TEXT}`,
    },
  );
}

/** Who booked, as every notice to the salon lists them; answering by email is one click. */
export function customerRows(appointment: BookedAppointment): Row[] {
  return [
    ["Customer", appointment.name],
    ["Email", mailto(appointment.email)],
    ["Phone", appointment.phone ?? "No Phone"],
  ];
}

/** The service and the spec's date string, as every appointment email lists them. */
export function serviceAndWhen(appointment: BookedAppointment): [string, string][] {
  return [
    ["Service", `${appointment.category} - ${appointment.typeName}`],
    ["When", bookingDateString(appointment)],
  ];
}

/** One appointment's service, time and price; a visit's, one line per service and the total. */
export function detailLines(visit: readonly BookedAppointment[]): [string, string][] {
  const [first] = visit;
  if (!first) return [];
  if (visit.length === 1) return [...serviceAndWhen(first), ["Price", first.price]];
  const zone = business.timeZone;
  const lastEnd = Math.max(...visit.map((part) => part.endsAt.getTime()));
  const minutes = Math.round((lastEnd - first.startsAt.getTime()) / 60_000);
  return [
    ["When", visitDateString(visit)],
    ...visit.map((part): [string, string] => [
      `${part.category} - ${part.typeName}`,
      `${formatSlotLabel(part.startsAt, zone)} to ${formatSlotLabel(part.endsAt, zone)} with ${part.worker}, ${part.price}`,
    ]),
    [
      "Total",
      `${addPrices(visit.map((part) => part.price)) ?? "see each service"}, ${formatMinutes(minutes)}`,
    ],
  ];
}

/**
 * The customer's confirmation. With `manageLink` (the online booking and staff bookings made
 * through the site), it says how to move or cancel online until the cut-off.
 */
export function bookingConfirmationEmail(
  visit: readonly BookedAppointment[],
  manageLink?: string,
): OutboxMessage {
  const appointment = visit[0] as BookedAppointment;
  const online = manageLink
    ? [
        paragraph(
          `To move or cancel your appointment online (until ${cutoffText()} before it starts), open this link:`,
        ),
        button("Move or cancel your appointment", manageLink),
      ]
    : [];
  return {
    to: appointment.email,
    replyTo: business.email,
    ...renderEmail({
      subject: `Your appointment at ${business.name}: ${visitDateString(visit)}`,
      blocks: [
        greeting,
        paragraph("Your appointment is confirmed. Here are the details:"),
        rows(detailLines(visit)),
        paragraph(ARRIVE_EARLY_TEXT),
        ...online,
        paragraph(manageLink ? "Or call us: " : "To change or cancel, call us: ", salonPhone, "."),
        note("The attached calendar file adds the appointment to your calendar."),
      ],
    }),
    attachments: [calendarFile(visit)],
  };
}

export function bookingNoticeEmail(visit: readonly BookedAppointment[]): OutboxMessage {
  const appointment = visit[0] as BookedAppointment;
  return {
    to: business.email,
    replyTo: appointment.email,
    ...renderEmail({
      subject: `New booking: ${visit.map((part) => part.typeName).join(" and ")}, ${visitDateString(visit)}`,
      blocks: [
        paragraph("A new appointment was booked on the website."),
        rows([...customerRows(appointment), ...detailLines(visit)]),
      ],
    }),
    attachments: [calendarFile(visit)],
  };
}
