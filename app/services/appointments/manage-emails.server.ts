// Emails about a booked appointment after the booking: it was moved (to the customer, with the
// event's new time under the same UID, and to the salon), and the reminder before it. Every one
// to the customer greets them by name and carries a manage link of its own (issue 38). The
// salon's details are the owner's, handed in by the caller.
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  type BookedAppointment,
  bookingDateString,
  visitDateString,
} from "../booking/booked-appointment.server";
import {
  arriveEarlyText,
  calendarFile,
  customerRows,
  detailLines,
  manageBlocks,
  serviceAndWhen,
} from "../booking/booking-emails.server";
import { newManageLink } from "../booking/manage-token.server";
import type { Transaction } from "../db/client.server";
import {
  button,
  greetingTo,
  note,
  paragraph,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import {
  type CustomerMessage,
  enqueueCustomerEmail,
  type OutboxMessage,
} from "../email/outbox.server";

/**
 * To the customer: the visit's new time, each service, and a calendar file that moves the event
 * (new SEQUENCE). `visit`: its booked appointments in order, as moved.
 */
export function movedEmail(
  visit: readonly BookedAppointment[],
  previous: { startsAt: Date; technician: string },
  salon: SalonDetails,
  manageLink: string,
): CustomerMessage {
  const first = visit[0] as BookedAppointment;
  return {
    to: first.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Moved: your appointment at ${salon.name} is now ${visitDateString(visit)}`,
      blocks: [
        greetingTo(first.name),
        paragraph("Your appointment has been moved. The new time:"),
        rows([...detailLines(visit), ["Was", bookingDateString(previous)]]),
        paragraph(arriveEarlyText(salon)),
        ...manageBlocks(manageLink),
        paragraph("Questions? Call us: ", salonPhone(salon), "."),
        note("The attached calendar file moves the appointment in your calendar."),
      ],
      salon,
    }),
    attachments: [calendarFile(visit, salon)],
  };
}

/** Queues the moved email, with a manage link of its own, to a customer who has an address. */
export async function queueMovedEmail(
  tx: Transaction,
  visit: readonly BookedAppointment[],
  previous: { startsAt: Date; technician: string },
  options: { salon: SalonDetails; now: Date },
): Promise<void> {
  const first = visit[0];
  if (!first?.email) return;
  const link = await newManageLink(tx, first.id);
  await enqueueCustomerEmail(tx, movedEmail(visit, previous, options.salon, link), {
    now: options.now,
  });
}

/** To the salon: who moved what, from when to when. */
export function movedNoticeEmail(
  appointment: BookedAppointment,
  previous: { startsAt: Date; technician: string },
  salon: SalonDetails,
): OutboxMessage {
  return {
    to: salon.email,
    replyTo: appointment.email ?? undefined,
    ...renderEmail({
      subject: `Moved: ${appointment.typeName}, now ${bookingDateString(appointment)}`,
      blocks: [
        paragraph(
          "The customer moved this appointment with the link in their confirmation email. The old time is free again.",
        ),
        rows([
          ...customerRows(appointment),
          ...serviceAndWhen(appointment),
          ["Was", bookingDateString(previous)],
        ]),
      ],
      salon,
    }),
    attachments: [calendarFile(appointment, salon)],
  };
}

/** The reminder before the visit (REMINDER_HOURS_BEFORE), every service of it listed. */
export function reminderEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  manageLink: string,
): CustomerMessage {
  const first = visit[0] as BookedAppointment;
  const where = `${salon.address.street}, ${salon.address.city}`;
  return {
    to: first.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Reminder: your appointment at ${salon.name}, ${visitDateString(visit)}`,
      blocks: [
        greetingTo(first.name),
        paragraph("A reminder of your appointment with us:"),
        rows([...detailLines(visit), ["Where", where]]),
        paragraph(arriveEarlyText(salon)),
        button("See your appointment", manageLink),
        paragraph("If you need to change or cancel it, please call us: ", salonPhone(salon), "."),
      ],
      salon,
    }),
  };
}
