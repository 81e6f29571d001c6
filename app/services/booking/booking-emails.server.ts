// Booking emails (spec section 7 "After a booking", docs/product.md#email-content): to the customer and to the
// salon, with the spec's date string, the arrive-early request and a calendar file. The salon's
// details (name, phone, email, address, arrive-early minutes) are the owner's ('Business
// Details'): every builder takes them, read by its caller before its transaction. The customer's
// is in her language (issue 39: the visit's `language`, its services named by
// inCustomerLanguage), the salon's notice in English. The shared lines are visit-lines.server.ts,
// the calendar file and links booking-calendar.server.ts.

import { m } from "~/paraglide/messages.js";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  type Block,
  button,
  greetingTo,
  note,
  paragraph,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import type { CustomerMessage, OutboxMessage } from "../email/outbox.server";
import { type BookedAppointment, languageOf, visitDateString } from "./booked-appointment.server";
import { calendarFile, calendarLinks } from "./booking-calendar.server";
import { arriveEarlyText, customerRows, cutoffText, detailLines } from "./visit-lines.server";

/**
 * An email to the visit's customer in her language (languageOf): to her address, replies to the
 * salon's, and 'Hello <name>,' before `blocks`.
 */
export function visitCustomerEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  email: { subject: string; blocks: readonly Block[] },
): CustomerMessage {
  const first = visit[0] as BookedAppointment;
  const locale = languageOf(visit);
  return {
    to: first.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: email.subject,
      blocks: [greetingTo(first.name, locale), ...email.blocks],
      salon,
      locale,
    }),
  };
}

/**
 * The manage link every customer email about a booked visit carries (issue 38): the page where
 * it is moved or cancelled online until the cut-off.
 */
export function manageBlocks(manageLink: string, locale: Locale = DEFAULT_LOCALE) {
  return [
    paragraph(m.email_manage_intro({ cutoff: cutoffText(locale) }, { locale })),
    button(m.email_manage_button({}, { locale }), manageLink),
  ];
}

/**
 * A protected visit's cancellation policy (issue 40, docs/payments.md#policy-in-emails): `intro`
 * (by default "Your booking is protected by our cancellation policy, which you agreed to when
 * you booked:") and its sentences as she agreed to them; nothing for an unprotected visit.
 */
export function policyBlocks(
  policy: readonly string[],
  locale: Locale,
  intro: string = m.email_policy_intro({}, { locale }),
) {
  return policy.length > 0 ? [paragraph(intro), paragraph(policy.join("\n"))] : [];
}

/** 'Google Calendar' and 'Outlook' (issue 38), beside the attached .ics. */
function calendarBlocks(visit: readonly BookedAppointment[], salon: SalonDetails, locale: Locale) {
  const links = calendarLinks(visit, salon, locale);
  return [
    paragraph(
      `${m.email_calendar_intro({}, { locale })}\n`,
      { href: links.google, label: "Google Calendar" },
      "\n",
      { href: links.outlook, label: "Outlook" },
    ),
    note(m.email_calendar_adds({}, { locale })),
  ];
}

/**
 * The customer's confirmation, in her language (`visit`: as inCustomerLanguage names it). With
 * `manageLink` (the online booking and staff bookings made through the site), it says how to move
 * or cancel online until the cut-off. With `policy` (a visit protected through Stripe,
 * docs/payments.md#booking), the cancellation policy's sentences she agreed to, as she read them.
 */
export function bookingConfirmationEmail(
  visit: readonly BookedAppointment[],
  salon: SalonDetails,
  manageLink?: string,
  policy: readonly string[] = [],
): CustomerMessage {
  const locale = languageOf(visit);
  const when = visitDateString(visit, locale);
  return {
    ...visitCustomerEmail(visit, salon, {
      subject: m.email_confirmed_subject({ salon: salon.name, when }, { locale }),
      blocks: [
        paragraph(m.email_confirmed_intro({}, { locale })),
        rows(detailLines(visit, locale)),
        paragraph(arriveEarlyText(salon, locale)),
        ...policyBlocks(policy, locale),
        ...(manageLink ? manageBlocks(manageLink, locale) : []),
        paragraph(
          manageLink ? m.email_or_call({}, { locale }) : m.email_change_call({}, { locale }),
          " ",
          salonPhone(salon),
          ".",
        ),
        ...calendarBlocks(visit, salon, locale),
      ],
    }),
    attachments: [calendarFile(visit, salon, locale)],
  };
}

/** To the salon, in English whatever the customer's language: a new booking. */
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
