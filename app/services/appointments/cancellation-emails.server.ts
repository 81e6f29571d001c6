// When staff (/scheduleadmin) or the customer (/manage) cancel an appointment: the customer is told, with a calendar file
// that removes the event the booking email added (same UID, METHOD:CANCEL, a higher SEQUENCE),
// and the salon gets a notice. Written to the outbox in the cancellation's transaction. The
// salon's details are the owner's, handed in by the caller.
import type { SalonDetails } from "../../domain/salon/salon-details";
import { type BookedAppointment, bookingDateString } from "../booking/booked-appointment.server";
import {
  appointmentCalendarFile,
  customerRows,
  serviceAndWhen,
} from "../booking/booking-emails.server";
import type { EmailAttachment } from "../db/schema.server";
import {
  greeting,
  note,
  paragraph,
  type Row,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import type { CustomerMessage, OutboxMessage } from "../email/outbox.server";

function cancelledCalendarFile(
  appointment: BookedAppointment,
  now: Date,
  salon: SalonDetails,
): EmailAttachment {
  return appointmentCalendarFile(
    appointment,
    {
      method: "CANCEL",
      sequence: appointment.sequence ?? 1,
      description: `Cancelled: ${appointment.typeName} with ${appointment.technician}.`,
      now,
    },
    salon,
  );
}

export function cancellationEmail(
  appointment: BookedAppointment,
  now: Date,
  salon: SalonDetails,
): CustomerMessage {
  return {
    to: appointment.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Cancelled: your appointment at ${salon.name} on ${bookingDateString(appointment)}`,
      blocks: [
        greeting,
        paragraph("Your appointment has been cancelled:"),
        rows(serviceAndWhen(appointment)),
        paragraph(
          "We would be glad to see you another time. To book again, visit our website or call us: ",
          salonPhone(salon),
          ".",
        ),
        note("The attached calendar file removes the appointment from your calendar."),
      ],
      salon,
    }),
    attachments: [cancelledCalendarFile(appointment, now, salon)],
  };
}

/** Who cancelled: a staff member's email, or the customer through the manage link. */
type CancelledBy = { staff: string } | "customer";

export function cancellationNoticeEmail(
  appointment: BookedAppointment,
  now: Date,
  salon: SalonDetails,
  cancelledBy?: CancelledBy,
): OutboxMessage {
  const by: Row[] = typeof cancelledBy === "object" ? [["Cancelled by", cancelledBy.staff]] : [];
  return {
    to: salon.email,
    replyTo: appointment.email ?? undefined,
    ...renderEmail({
      subject: `Cancelled: ${appointment.typeName}, ${bookingDateString(appointment)}`,
      blocks: [
        paragraph(
          cancelledBy === "customer"
            ? "The customer cancelled this appointment with the link in their confirmation email. The time is free again."
            : "An appointment was cancelled in the schedule admin. The time is free again.",
        ),
        rows([...customerRows(appointment), ...serviceAndWhen(appointment), ...by]),
      ],
      salon,
    }),
    attachments: [cancelledCalendarFile(appointment, now, salon)],
  };
}
