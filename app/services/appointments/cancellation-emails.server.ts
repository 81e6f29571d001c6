// When staff (/scheduleadmin) or the customer (/manage) cancel an appointment: the customer is
// told, with a calendar file that marks the event the booking email added cancelled (same UID, a
// higher SEQUENCE, STATUS:CANCELLED), and the salon gets a notice. Written to the outbox in the cancellation's transaction. The
// salon's details are the owner's, handed in by the caller.
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  type BookedAppointment,
  bookingDateString,
  visitAsOne,
  visitDateString,
} from "../booking/booked-appointment.server";
import {
  appointmentCalendarFile,
  customerRows,
  serviceAndWhen,
  servicesAndWhen,
} from "../booking/booking-emails.server";
import { newManageLink } from "../booking/manage-token.server";
import type { Transaction } from "../db/client.server";
import type { EmailAttachment } from "../db/schema.server";
import {
  button,
  greetingTo,
  note,
  paragraph,
  type Row,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import {
  type CustomerMessage,
  enqueueCustomerEmail,
  type OutboxMessage,
} from "../email/outbox.server";

function cancelledCalendarFile(
  appointment: BookedAppointment,
  now: Date,
  salon: SalonDetails,
): EmailAttachment {
  return appointmentCalendarFile(
    appointment,
    {
      status: "CANCELLED",
      sequence: appointment.sequence ?? 1,
      description: `Cancelled: ${appointment.typeName} with ${appointment.technician}.`,
      now,
    },
    salon,
  );
}

/**
 * To the customer: every service the cancellation took (a visit's all, issue 38), greeted by
 * name, with a manage link of its own (its page offers 'Book Again'). `visit`: the cancelled
 * appointments in order.
 */
export function cancellationEmail(
  visit: readonly BookedAppointment[],
  now: Date,
  salon: SalonDetails,
  manageLink: string,
): CustomerMessage {
  const first = visit[0] as BookedAppointment;
  return {
    to: first.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Cancelled: your appointment at ${salon.name} on ${visitDateString(visit)}`,
      blocks: [
        greetingTo(first.name),
        paragraph("Your appointment has been cancelled:"),
        rows(servicesAndWhen(visit)),
        paragraph(
          "We would be glad to see you another time. To book again, visit our website or call us: ",
          salonPhone(salon),
          ".",
        ),
        button("Book Again", manageLink),
        note("The attached calendar file removes the appointment from your calendar."),
      ],
      salon,
    }),
    attachments: [cancelledCalendarFile(visitAsOne(visit), now, salon)],
  };
}

/** Queues the cancellation email, with a manage link of its own, to a customer with an address. */
export async function queueCancellationEmail(
  tx: Transaction,
  visit: readonly BookedAppointment[],
  options: { salon: SalonDetails; now: Date },
): Promise<void> {
  const first = visit[0];
  if (!first?.email) return;
  const link = await newManageLink(tx, first.id);
  await enqueueCustomerEmail(tx, cancellationEmail(visit, options.now, options.salon, link), {
    now: options.now,
  });
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
