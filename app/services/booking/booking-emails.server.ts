// Booking emails (spec section 7 "After a booking", docs/product.md#email-content): to the customer and to the
// salon, with the spec's date string, the arrive-early request and a calendar file. The salon's
// details (name, phone, email, address, arrive-early minutes) are the owner's ('Business
// Details'): every builder takes them, read by its caller before its transaction.
import { formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { addPrices, formatMinutes } from "../../domain/booking/visit-request";
import { formatPhone } from "../../domain/phone";
import type { SalonDetails } from "../../domain/salon/salon-details";
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
  change: { method: "REQUEST" | "CANCEL"; sequence: number; description: string; now?: Date },
  salon: SalonDetails,
): EmailAttachment {
  return {
    filename: "appointment.ics",
    contentType: `text/calendar; charset=utf-8; method=${change.method}`,
    content: appointmentCalendar(
      {
        uid: `${appointment.id}@2x10nails`,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        summary: `${appointment.typeName} at ${salon.name}`,
        description: change.description,
        method: change.method,
        sequence: change.sequence,
      },
      salon,
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
  salon: SalonDetails,
): EmailAttachment {
  const parts = Array.isArray(visit) ? visit : [visit as BookedAppointment];
  const first = parts[0] as BookedAppointment;
  const what = visitSummary(parts);
  return appointmentCalendarFile(
    {
      ...first,
      typeName: parts.map((part) => part.typeName).join(" and "),
      endsAt: new Date(Math.max(...parts.map((part) => part.endsAt.getTime()))),
    },
    {
      method: "REQUEST",
      sequence: first.sequence ?? 0,
      description: `${what}. ${arriveEarlyText(salon)}`,
    },
    salon,
  );
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
 * The customer's confirmation. With `manageLink` (the online booking and staff bookings made
 * through the site), it says how to move or cancel online until the cut-off.
 */
export function bookingConfirmationEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  manageLink?: string,
): CustomerMessage {
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
    replyTo: salon.email,
    ...renderEmail({
      subject: `Your appointment at ${salon.name}: ${visitDateString(visit)}`,
      blocks: [
        greetingTo(appointment.name),
        paragraph("Your appointment is confirmed. Here are the details:"),
        rows(detailLines(visit)),
        paragraph(arriveEarlyText(salon)),
        ...online,
        paragraph(
          manageLink ? "Or call us: " : "To change or cancel, call us: ",
          salonPhone(salon),
          ".",
        ),
        note("The attached calendar file adds the appointment to your calendar."),
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
