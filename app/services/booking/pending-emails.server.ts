// A pending online booking's email (docs/product.md#pending-bookings): the time is kept for
// 15 minutes, and the link confirms it. The confirmation with its calendar file and the salon's
// notice go once it is confirmed.
import { formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  button,
  greetingTo,
  note,
  paragraph,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import type { CustomerMessage } from "../email/outbox.server";
import { type BookedAppointment, visitDateString } from "./booked-appointment.server";
import { detailLines } from "./booking-emails.server";

/** The link that confirms a pending booking (its token is only ever in this email). */
export function confirmBookingUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/schedule/confirm?token=${encodeURIComponent(token)}`;
}

export function confirmBookingEmail(
  visit: readonly BookedAppointment[],
  link: string,
  until: Date,
  salon: SalonDetails,
): CustomerMessage {
  const appointment = visit[0] as BookedAppointment;
  const by = formatSlotLabel(until, SALON_TIME_ZONE);
  return {
    to: appointment.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Please confirm your booking at ${salon.name}: ${visitDateString(visit)}`,
      blocks: [
        greetingTo(appointment.name),
        paragraph(
          `We are keeping this time for you until ${by}. To book it, open this link and press 'Confirm Booking':`,
        ),
        button("Confirm Booking", link),
        rows(detailLines(visit)),
        paragraph(
          "If it is not confirmed by then, the time is released. Questions? Call ",
          salonPhone(salon),
          ".",
        ),
        note(
          "We ask for this confirmation when several bookings for one day come from one connection. If you did not ask for this booking, ignore this email.",
        ),
      ],
      salon,
    }),
  };
}
