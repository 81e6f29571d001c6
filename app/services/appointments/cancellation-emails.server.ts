// When staff (/scheduleadmin) or the customer (/manage) cancel an appointment: the customer is told, with a calendar file
// that removes the event the booking email added (same UID, METHOD:CANCEL, a higher SEQUENCE),
// and the salon gets a notice. Written to the outbox in the cancellation's transaction.
import { business } from "../../content/business";
import {
  appointmentCalendarFile,
  type BookedAppointment,
  bookingDateString,
  serviceAndWhen,
} from "../booking/booking-emails.server";
import type { EmailAttachment } from "../db/schema.server";
import type { OutboxMessage } from "../email/outbox.server";
import {
  COLORS,
  escapeHtml,
  headerText,
  htmlDocument,
  labelledHtml,
  labelledText,
  paragraph,
  phoneLink,
  textFooter,
} from "../email/templates.server";

function cancelledCalendarFile(appointment: BookedAppointment, now: Date): EmailAttachment {
  return appointmentCalendarFile(appointment, {
    method: "CANCEL",
    sequence: appointment.sequence ?? 1,
    description: `Cancelled: ${appointment.typeName} with ${appointment.worker}.`,
    now,
  });
}

export function cancellationEmail(appointment: BookedAppointment, now: Date): OutboxMessage {
  const subject = headerText(
    `Cancelled: your appointment at ${business.name} on ${bookingDateString(appointment)}`,
    140,
  );
  // The salon's words come first: never a stranger's text (a name) where it would read as ours.
  const greeting = "Hello,";
  const intro = "Your appointment has been cancelled:";
  const details = serviceAndWhen(appointment);
  const again =
    "We would be glad to see you another time. To book again, visit our website or call us:";
  const calendar = "The attached calendar file removes the appointment from your calendar.";
  const text = [
    greeting,
    intro,
    labelledText(details),
    `${again} ${business.phone}.`,
    calendar,
    textFooter(),
  ].join("\n\n");
  const html = htmlDocument(subject, [
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(intro)),
    paragraph(labelledHtml(details)),
    paragraph(`${escapeHtml(again)} ${phoneLink}.`),
    paragraph(escapeHtml(calendar), `margin:0;font-size:13px;color:${COLORS.muted};`),
  ]);
  return {
    to: appointment.email,
    replyTo: business.email,
    subject,
    text: `${text}\n`,
    html,
    attachments: [cancelledCalendarFile(appointment, now)],
  };
}

/** Who cancelled: a staff member's email, or the customer through the manage link. */
export type CancelledBy = { staff: string } | "customer";

export function cancellationNoticeEmail(
  appointment: BookedAppointment,
  now: Date,
  cancelledBy?: CancelledBy,
): OutboxMessage {
  const subject = headerText(
    `Cancelled: ${appointment.typeName}, ${bookingDateString(appointment)}`,
    140,
  );
  const rows: [string, string][] = [
    ["Customer", appointment.name],
    ["Email", appointment.email],
    ["Phone", appointment.phone ?? "No Phone"],
    ...serviceAndWhen(appointment),
    ...(typeof cancelledBy === "object"
      ? ([["Cancelled by", cancelledBy.staff]] as [string, string][])
      : []),
  ];
  const intro =
    cancelledBy === "customer"
      ? "The customer cancelled this appointment with the link in their confirmation email. The time is free again."
      : "An appointment was cancelled in the schedule admin. The time is free again.";
  const text = [intro, labelledText(rows), textFooter()].join("\n\n");
  const html = htmlDocument(subject, [paragraph(escapeHtml(intro)), paragraph(labelledHtml(rows))]);
  return {
    to: business.email,
    replyTo: appointment.email,
    subject,
    text: `${text}\n`,
    html,
    attachments: [cancelledCalendarFile(appointment, now)],
  };
}
