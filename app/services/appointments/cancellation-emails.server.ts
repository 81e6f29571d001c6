// When staff (/scheduleadmin) or the customer (/manage) cancel an appointment: the customer is
// told, with a calendar file that marks the event the booking email added cancelled (same UID, a
// higher SEQUENCE, STATUS:CANCELLED), and the salon gets a notice. Written to the outbox in the cancellation's transaction. The
// salon's details are the owner's, handed in by the caller. The customer's email and its file are
// in her language (issue 39), the salon's notice in English.

import { m } from "~/paraglide/messages.js";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { formatCents } from "../../domain/money";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { agreedPolicy } from "../booking/agreed-policy.server";
import {
  type BookedAppointment,
  bookingDateString,
  languageOf,
  visitAsOne,
  visitDateString,
} from "../booking/booked-appointment.server";
import { appointmentCalendarFile } from "../booking/booking-calendar.server";
import { policyBlocks, visitCustomerEmail } from "../booking/booking-emails.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { newManageLink } from "../booking/manage-token.server";
import { customerRows, serviceAndWhen, servicesAndWhen } from "../booking/visit-lines.server";
import type { Transaction } from "../db/client.server";
import type { EmailAttachment } from "../db/schema.server";
import {
  button,
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
  locale: Locale = DEFAULT_LOCALE,
): EmailAttachment {
  const { typeName: service, technician } = appointment;
  return appointmentCalendarFile(
    appointment,
    {
      status: "CANCELLED",
      sequence: appointment.sequence ?? 1,
      description: m.email_cancelled_event({ service, technician }, { locale }),
      now,
    },
    salon,
    locale,
  );
}

/**
 * A late cancellation's fee as far as it is known when the email is queued, with the cancel
 * (docs/payments.md#policy-in-emails): the part of the deposit kept toward it, in cents. What her
 * card is charged is Stripe's answer, asked after the cancel is committed: not known then.
 */
export interface LateFeeKept {
  keptCents: number;
  feeCents: number;
}

/** A protected visit's words in its cancellation email: the policy agreed to, any deposit kept. */
export interface CancelledPolicy {
  policy: readonly string[];
  kept?: LateFeeKept | undefined;
}

/**
 * To the customer: every service the cancellation took (a visit's all, issue 38), greeted by
 * name, with a manage link of its own (its page offers 'Book Again'). `visit`: the cancelled
 * appointments in order, named in her language (inCustomerLanguage). `said`: a protected visit's
 * policy as she agreed to it and, after a late cancellation, the deposit kept as its fee.
 */
export function cancellationEmail(
  visit: readonly BookedAppointment[],
  now: Date,
  salon: SalonDetails,
  manageLink: string,
  said: CancelledPolicy = { policy: [] },
): CustomerMessage {
  const locale = languageOf(visit);
  const when = visitDateString(visit, locale);
  return {
    ...visitCustomerEmail(visit, salon, {
      subject: m.email_cancelled_subject({ salon: salon.name, when }, { locale }),
      blocks: [
        paragraph(m.email_cancelled_intro({}, { locale })),
        rows(servicesAndWhen(visit, locale)),
        ...keptBlocks(said.kept, locale),
        ...policyBlocks(said.policy, locale, m.email_cancelled_policy_intro({}, { locale })),
        paragraph(m.email_cancelled_again({}, { locale }), " ", salonPhone(salon), "."),
        button(m.email_book_again({}, { locale }), manageLink),
        note(m.email_cancelled_calendar({}, { locale })),
      ],
    }),
    attachments: [cancelledCalendarFile(visitAsOne(visit, locale), now, salon, locale)],
  };
}

/** "As you accepted when you cancelled, $25.00 of your deposit is kept as the late ... fee ...". */
function keptBlocks(kept: LateFeeKept | undefined, locale: Locale) {
  if (!kept || kept.keptCents <= 0) return [];
  const amounts = { kept: formatCents(kept.keptCents), fee: formatCents(kept.feeCents) };
  return [paragraph(m.email_cancelled_kept(amounts, { locale }))];
}

/**
 * Queues the cancellation email, with a manage link of its own, to a customer with an address; a
 * protected visit's says its policy as agreed to (agreedPolicy) and `kept`, when given.
 */
export async function queueCancellationEmail(
  tx: Transaction,
  visit: readonly BookedAppointment[],
  options: { salon: SalonDetails; now: Date; kept?: LateFeeKept | undefined },
): Promise<void> {
  const first = visit[0];
  if (!first?.email) return;
  const link = await newManageLink(tx, first.id, languageOf(visit));
  const hers = await inCustomerLanguage(tx, visit);
  const policy = await agreedPolicy(tx, first.id);
  const said = { policy, kept: policy.length > 0 ? options.kept : undefined };
  await enqueueCustomerEmail(tx, cancellationEmail(hers, options.now, options.salon, link, said), {
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
