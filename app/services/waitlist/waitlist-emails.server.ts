// The waitlist's email (docs/product.md#waitlist): a time has freed up for someone in line, and
// the link books it if it is still free. The salon's details are the owner's, handed in by the
// caller.
import {
  formatDateString,
  formatSlotLabel,
  SALON_TIME_ZONE,
  zonedDateTime,
} from "../../domain/booking/time-zone";
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  button,
  greeting,
  greetingTo,
  paragraph,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import type { OutboxMessage } from "../email/outbox.server";

interface WaitlistOffer {
  email: string;
  /** The name given when joining; the place was confirmed from this address's own email. */
  name: string;
  /** What they asked for: "Gel Manicure", "Gel Manicure and Classic Pedicure". */
  service: string;
  startsAt: Date;
  /** The link that books it (/waitlist?token=...). */
  url: string;
  /** How long they have before the next in line is told: "30 minutes". */
  window: string;
}

/** To the first in line: the freed time, and the link that books it. */
export function waitlistOfferEmail(offer: WaitlistOffer, salon: SalonDetails): OutboxMessage {
  const zone = SALON_TIME_ZONE;
  const when = `${formatDateString(offer.startsAt, zone)} @ ${formatSlotLabel(offer.startsAt, zone)}`;
  return {
    to: offer.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `A time has opened at ${salon.name}: ${when}`,
      blocks: [
        greetingTo(offer.name),
        paragraph("You are on our waitlist, and a time you asked for has just opened:"),
        rows([
          ["Service", offer.service],
          ["When", when],
        ]),
        paragraph(
          `It is not held for you: the first to book it has it. In ${offer.window} we tell the next person in line. To book it, open this link and press 'Book This Time':`,
        ),
        button("Book this time", offer.url),
        paragraph("Rather talk to us? Call ", salonPhone(salon), "."),
      ],
      salon,
    }),
  };
}

/**
 * To whoever's address was typed to join a line: the place counts once they confirm it. The one
 * email a stranger's join can send them (docs/security.md#waitlist).
 */
export function waitlistConfirmEmail(
  place: { email: string; service: string; dateIso: string; url: string },
  salon: SalonDetails,
): OutboxMessage {
  const when = formatDateString(
    zonedDateTime(place.dateIso, "12:00", SALON_TIME_ZONE),
    SALON_TIME_ZONE,
  );
  return {
    to: place.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: `Confirm your place on our waitlist: ${when}`,
      blocks: [
        greeting,
        paragraph(
          "Someone asked, with this email address, to join our waitlist. To take the place, open this link and press 'Confirm My Place':",
        ),
        button("Confirm My Place", place.url),
        rows([
          ["Service", place.service],
          ["Day", when],
        ]),
        paragraph(
          "Then we email you if a time opens that day. If you did not ask for this, ignore this email: we will not write again.",
        ),
      ],
      salon,
    }),
  };
}
