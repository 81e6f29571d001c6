// Emails about a booked appointment after the booking: the customer moved it (to the customer,
// with the event's new time under the same UID, and to the salon), and the reminder before it.
import { business } from "../../content/business";
import { type BookedAppointment, bookingDateString } from "../booking/booked-appointment.server";
import {
  ARRIVE_EARLY_TEXT,
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
import type { OutboxMessage } from "../email/outbox.server";

/** To the customer: the new time, and a calendar file that moves the event (new SEQUENCE). */
export function movedEmail(
  appointment: BookedAppointment,
  previous: { startsAt: Date; worker: string },
): OutboxMessage {
  return {
    to: appointment.email,
    replyTo: business.email,
    ...renderEmail({
      subject: `Moved: your appointment at ${business.name} is now ${bookingDateString(appointment)}`,
      blocks: [
        greeting,
        paragraph("Your appointment has been moved. The new time:"),
        rows([...serviceAndWhen(appointment), ["Was", bookingDateString(previous)]]),
        paragraph(ARRIVE_EARLY_TEXT),
        paragraph("Questions? Call us: ", salonPhone, "."),
        note("The attached calendar file moves the appointment in your calendar."),
      ],
    }),
    attachments: [calendarFile(appointment)],
  };
}

/** To the salon: who moved what, from when to when. */
export function movedNoticeEmail(
  appointment: BookedAppointment,
  previous: { startsAt: Date; worker: string },
): OutboxMessage {
  return {
    to: business.email,
    replyTo: appointment.email,
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
    }),
    attachments: [calendarFile(appointment)],
  };
}

/** The reminder before the appointment (REMINDER_HOURS_BEFORE). */
export function reminderEmail(appointment: BookedAppointment): OutboxMessage {
  const where = `${business.address.street}, ${business.address.city}`;
  return {
    to: appointment.email,
    replyTo: business.email,
    ...renderEmail({
      subject: `Reminder: your appointment at ${business.name}, ${bookingDateString(appointment)}`,
      blocks: [
        greeting,
        paragraph("A reminder of your appointment with us:"),
        rows([...serviceAndWhen(appointment), ["Where", where]]),
        paragraph(ARRIVE_EARLY_TEXT),
        paragraph("If you need to change or cancel it, please call us: ", salonPhone, "."),
      ],
    }),
  };
}
