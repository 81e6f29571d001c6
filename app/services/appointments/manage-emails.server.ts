// Emails about a booked appointment after the booking: the customer moved it (to the customer,
// with the event's new time under the same UID, and to the salon), and the reminder before it.
import { business } from "../../content/business";
import {
  ARRIVE_EARLY_TEXT,
  type BookedAppointment,
  bookingDateString,
  calendarFile,
  serviceAndWhen,
} from "../booking/booking-emails.server";
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

/** To the customer: the new time, and a calendar file that moves the event (new SEQUENCE). */
export function movedEmail(
  appointment: BookedAppointment,
  previous: { startsAt: Date; worker: string },
): OutboxMessage {
  const subject = headerText(
    `Moved: your appointment at ${business.name} is now ${bookingDateString(appointment)}`,
    140,
  );
  // The salon's words come first: never a stranger's text (a name) where it would read as ours.
  const greeting = "Hello,";
  const intro = "Your appointment has been moved. The new time:";
  const rows: [string, string][] = [
    ...serviceAndWhen(appointment),
    ["Was", bookingDateString(previous)],
  ];
  const calendar = "The attached calendar file moves the appointment in your calendar.";
  const call = "Questions? Call us:";
  const text = [
    greeting,
    intro,
    labelledText(rows),
    ARRIVE_EARLY_TEXT,
    `${call} ${business.phone}.`,
    calendar,
    textFooter(),
  ].join("\n\n");
  const html = htmlDocument(subject, [
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(intro)),
    paragraph(labelledHtml(rows)),
    paragraph(escapeHtml(ARRIVE_EARLY_TEXT)),
    paragraph(`${escapeHtml(call)} ${phoneLink}.`),
    paragraph(escapeHtml(calendar), `margin:0;font-size:13px;color:${COLORS.muted};`),
  ]);
  return {
    to: appointment.email,
    replyTo: business.email,
    subject,
    text: `${text}\n`,
    html,
    attachments: [calendarFile(appointment)],
  };
}

/** To the salon: who moved what, from when to when. */
export function movedNoticeEmail(
  appointment: BookedAppointment,
  previous: { startsAt: Date; worker: string },
): OutboxMessage {
  const subject = headerText(
    `Moved: ${appointment.typeName}, now ${bookingDateString(appointment)}`,
    140,
  );
  const rows: [string, string][] = [
    ["Customer", appointment.name],
    ["Email", appointment.email],
    ["Phone", appointment.phone ?? "No Phone"],
    ...serviceAndWhen(appointment),
    ["Was", bookingDateString(previous)],
  ];
  const intro =
    "The customer moved this appointment with the link in their confirmation email. The old time is free again.";
  const text = [intro, labelledText(rows), textFooter()].join("\n\n");
  const html = htmlDocument(subject, [paragraph(escapeHtml(intro)), paragraph(labelledHtml(rows))]);
  return {
    to: business.email,
    replyTo: appointment.email,
    subject,
    text: `${text}\n`,
    html,
    attachments: [calendarFile(appointment)],
  };
}

/** The reminder before the appointment (REMINDER_HOURS_BEFORE). */
export function reminderEmail(appointment: BookedAppointment): OutboxMessage {
  const subject = headerText(
    `Reminder: your appointment at ${business.name}, ${bookingDateString(appointment)}`,
    140,
  );
  // The salon's words come first: never a stranger's text (a name) where it would read as ours.
  const greeting = "Hello,";
  const intro = "A reminder of your appointment with us:";
  const rows: [string, string][] = [
    ...serviceAndWhen(appointment),
    ["Where", `${business.address.street}, ${business.address.city}`],
  ];
  const change = "If you need to change or cancel it, please call us:";
  const text = [
    greeting,
    intro,
    labelledText(rows),
    ARRIVE_EARLY_TEXT,
    `${change} ${business.phone}.`,
    textFooter(),
  ].join("\n\n");
  const html = htmlDocument(subject, [
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(intro)),
    paragraph(labelledHtml(rows)),
    paragraph(escapeHtml(ARRIVE_EARLY_TEXT)),
    paragraph(`${escapeHtml(change)} ${phoneLink}.`),
  ]);
  return {
    to: appointment.email,
    replyTo: business.email,
    subject,
    text: `${text}\n`,
    html,
  };
}
