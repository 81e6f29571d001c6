// Emails about a booked appointment after the booking: it was moved (to the customer, with the
// event's new time under the same UID, and to the salon), and the reminder before it. Every one
// to the customer greets them by name and carries a manage link of its own (issue 38), in her
// language (issue 39: the visit's, its services named by inCustomerLanguage); the salon's in
// English. The salon's details are the owner's, handed in by the caller.

import { m } from "~/paraglide/messages.js";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { agreedPolicy } from "../booking/agreed-policy.server";
import {
  type BookedAppointment,
  bookingDateString,
  languageOf,
  visitAsOne,
  visitDateString,
} from "../booking/booked-appointment.server";
import { calendarFile } from "../booking/booking-calendar.server";
import { manageBlocks, policyBlocks, visitCustomerEmail } from "../booking/booking-emails.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { newManageLink } from "../booking/manage-token.server";
import {
  arriveEarlyText,
  customerRows,
  detailLines,
  serviceAndWhen,
} from "../booking/visit-lines.server";
import type { Transaction } from "../db/client.server";
import {
  button,
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
 * (new SEQUENCE). `visit`: its booked appointments in order, as moved, named in her language
 * (inCustomerLanguage). `policy`: a protected visit's cancellation policy as she agreed to it
 * (agreedPolicy), said again.
 */
export function movedEmail(
  visit: readonly BookedAppointment[],
  previous: { startsAt: Date; technician: string },
  salon: SalonDetails,
  manageLink: string,
  policy: readonly string[] = [],
): CustomerMessage {
  const locale = languageOf(visit);
  const when = visitDateString(visit, locale);
  return {
    ...visitCustomerEmail(visit, salon, {
      subject: m.email_moved_subject({ salon: salon.name, when }, { locale }),
      blocks: [
        paragraph(m.email_moved_intro({}, { locale })),
        rows([
          ...detailLines(visit, locale),
          [m.email_row_was({}, { locale }), bookingDateString(previous, locale)],
        ]),
        paragraph(arriveEarlyText(salon, locale)),
        ...policyBlocks(policy, locale),
        ...manageBlocks(manageLink, locale),
        paragraph(m.email_questions_call({}, { locale }), " ", salonPhone(salon), "."),
        note(m.email_moved_calendar({}, { locale })),
      ],
    }),
    attachments: [calendarFile(visit, salon, locale)],
  };
}

/**
 * Queues the moved email, with a manage link of its own, to a customer who has an address.
 * `before`: the visit's appointments as they were (its 'Was', technicians named in her language).
 */
export async function queueMovedEmail(
  tx: Transaction,
  visit: readonly BookedAppointment[],
  before: readonly BookedAppointment[],
  options: { salon: SalonDetails; now: Date },
): Promise<void> {
  const first = visit[0];
  if (!first?.email) return;
  const locale = languageOf(visit);
  const link = await newManageLink(tx, first.id, locale);
  const hers = await inCustomerLanguage(tx, visit);
  const previous = visitAsOne(before, locale);
  const policy = await agreedPolicy(tx, first.id);
  await enqueueCustomerEmail(tx, movedEmail(hers, previous, options.salon, link, policy), {
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

/**
 * The reminder before the visit (REMINDER_HOURS_BEFORE), every service of it listed, in the
 * customer's language (`visit`: as inCustomerLanguage names it), with a protected visit's
 * cancellation policy as she agreed to it (`policy`: agreedPolicy).
 */
export function reminderEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  manageLink: string,
  policy: readonly string[] = [],
): CustomerMessage {
  const locale = languageOf(visit);
  const where = `${salon.address.street}, ${salon.address.city}`;
  const when = visitDateString(visit, locale);
  return visitCustomerEmail(visit, salon, {
    subject: m.email_reminder_subject({ salon: salon.name, when }, { locale }),
    blocks: [
      paragraph(m.email_reminder_intro({}, { locale })),
      rows([...detailLines(visit, locale), [m.email_row_where({}, { locale }), where]]),
      paragraph(arriveEarlyText(salon, locale)),
      ...policyBlocks(policy, locale),
      button(m.email_reminder_button({}, { locale }), manageLink),
      paragraph(m.email_reminder_call({}, { locale }), " ", salonPhone(salon), "."),
    ],
  });
}
