// Emails about a booked appointment after the booking: the customer moved it (to the customer,
// with the event's new time under the same UID, and to the salon), and the reminder before it.
// The salon's details are the owner's, handed in by the caller.
import type { SalonDetails } from "../../domain/salon/salon-details";
import { type BookedAppointment, bookingDateString } from "../booking/booked-appointment.server";
import {
  arriveEarlyText,
  calendarFile,
  customerRows,
  serviceAndWhen,
} from "../booking/booking-emails.server";
import {
  greeting,
  note,
  paragraph,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import type { CustomerMessage, OutboxMessage } from "../email/outbox.server";

/** To the customer: the new time, and a calendar file that moves the event (new SEQUENCE). */
export function movedEmail(
  appointment: BookedAppointment,
  previous: { startsAt: Date; technician: string },
  salon: SalonDetails,
): CustomerMessage {
  return {
    to: appointment.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Moved: your appointment at ${salon.name} is now ${bookingDateString(appointment)}`,
      blocks: [
        greeting,
        paragraph("Your appointment has been moved. The new time:"),
        rows([...serviceAndWhen(appointment), ["Was", bookingDateString(previous)]]),
        paragraph(arriveEarlyText(salon)),
        paragraph("Questions? Call us: ", salonPhone(salon), "."),
        note("The attached calendar file moves the appointment in your calendar."),
      ],
      salon,
    }),
    attachments: [calendarFile(appointment, salon)],
  };
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

/** The reminder before the appointment (REMINDER_HOURS_BEFORE). */
export function reminderEmail(
  appointment: BookedAppointment,
  salon: SalonDetails,
): CustomerMessage {
  const where = `${salon.address.street}, ${salon.address.city}`;
  return {
    to: appointment.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Reminder: your appointment at ${salon.name}, ${bookingDateString(appointment)}`,
      blocks: [
        greeting,
        paragraph("A reminder of your appointment with us:"),
        rows([...serviceAndWhen(appointment), ["Where", where]]),
        paragraph(arriveEarlyText(salon)),
        paragraph("If you need to change or cancel it, please call us: ", salonPhone(salon), "."),
      ],
      salon,
    }),
  };
}
