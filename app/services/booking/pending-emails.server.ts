// A pending online booking's email (docs/product.md#pending-bookings): the time is kept for
// 15 minutes, and the link confirms it. The confirmation with its calendar file and the salon's
// notice go once it is confirmed. In the customer's language (issue 39), the link too.

import { m } from "~/paraglide/messages.js";
import { formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { spanishClockPhrase } from "../../domain/i18n/dates";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { button, note, paragraph, rows, salonPhone } from "../email/email-blocks.server";
import type { CustomerMessage } from "../email/outbox.server";
import { type BookedAppointment, languageOf, visitDateString } from "./booked-appointment.server";
import { visitCustomerEmail } from "./booking-emails.server";
import { detailLines } from "./visit-lines.server";

/**
 * The link that confirms a pending booking (its token is only ever in this email), on the page of
 * the customer's language (/schedule/confirm or /es/schedule/confirm).
 */
export function confirmBookingUrl(
  siteUrl: string,
  token: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${siteUrl}${localizedPath(`/schedule/confirm?token=${encodeURIComponent(token)}`, locale)}`;
}

export function confirmBookingEmail(
  visit: readonly BookedAppointment[],
  link: string,
  until: Date,
  salon: SalonDetails,
): CustomerMessage {
  const locale = languageOf(visit);
  // "until 3:15 PM" / "hasta las 3:15 p. m.".
  const by =
    locale === DEFAULT_LOCALE
      ? formatSlotLabel(until, SALON_TIME_ZONE)
      : spanishClockPhrase(until, SALON_TIME_ZONE);
  const when = visitDateString(visit, locale);
  return visitCustomerEmail(visit, salon, {
    subject: m.email_pending_subject({ salon: salon.name, when }, { locale }),
    blocks: [
      paragraph(m.email_pending_intro({ by }, { locale })),
      button(m.email_pending_button({}, { locale }), link),
      rows(detailLines(visit, locale)),
      paragraph(m.email_pending_release({}, { locale }), " ", salonPhone(salon), "."),
      note(m.email_pending_why({}, { locale })),
    ],
  });
}
