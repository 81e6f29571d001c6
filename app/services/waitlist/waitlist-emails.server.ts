// The waitlist's emails (docs/product.md#waitlist): 'Confirm My Place' to whoever's address joined
// a line, and the offer of a freed time to the first in line, whose link books it if it is still
// free. Each in the language of the place (issue 39: the page it was joined from), its links
// opening that language's pages. The salon's details are the owner's, handed in by the caller.

import { m } from "~/paraglide/messages.js";
import { SALON_TIME_ZONE, zonedDateTime } from "../../domain/booking/time-zone";
import { spanishLongDate } from "../../domain/i18n/dates";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { salonDayAndTime } from "../booking/booked-appointment.server";
import {
  button,
  greetingIn,
  greetingTo,
  paragraph,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import type { OutboxMessage } from "../email/outbox.server";

/** A site link in a language, at the configured origin (`siteUrl`). */
const linkIn = (siteUrl: string, path: string, locale: Locale) =>
  `${siteUrl.replace(/\/$/, "")}${localizedPath(path, locale)}`;

/** The link of the email that confirms a place (/waitlist/confirm?token=..., or under /es). */
export function waitlistConfirmUrl(siteUrl: string, token: string, locale: Locale): string {
  return linkIn(siteUrl, `/waitlist/confirm?token=${token}`, locale);
}

/** The link of an offer's email (/waitlist?token=..., or under /es). */
export function waitlistOfferUrl(siteUrl: string, token: string, locale: Locale): string {
  return linkIn(siteUrl, `/waitlist?token=${token}`, locale);
}

interface WaitlistOffer {
  email: string;
  /** The name given when joining; the place was confirmed from this address's own email. */
  name: string;
  /** What they asked for, in their language: "Gel Manicure", "Gel Manicure and Classic Pedicure". */
  service: string;
  startsAt: Date;
  /** The link that books it (/waitlist?token=...). */
  url: string;
  /** How long they have before the next in line is told, in minutes. */
  windowMinutes: number;
  language: Locale;
}

/** To the first in line: the freed time, and the link that books it. */
export function waitlistOfferEmail(offer: WaitlistOffer, salon: SalonDetails): OutboxMessage {
  const locale = offer.language;
  const when = m.email_date_time(salonDayAndTime(offer.startsAt, locale), { locale });
  const window = m.email_minutes({ minutes: offer.windowMinutes }, { locale });
  return {
    to: offer.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: m.email_offer_subject({ salon: salon.name, when }, { locale }),
      blocks: [
        greetingTo(offer.name, locale),
        paragraph(m.email_offer_intro({}, { locale })),
        rows([
          [m.email_row_service({}, { locale }), offer.service],
          [m.email_row_when({}, { locale }), when],
        ]),
        paragraph(m.email_offer_rule({ window }, { locale })),
        button(m.email_offer_button({}, { locale }), offer.url),
        paragraph(m.email_offer_call({}, { locale }), " ", salonPhone(salon), "."),
      ],
      salon,
      locale,
    }),
  };
}

/**
 * To whoever's address was typed to join a line: the place counts once they confirm it. The one
 * email a stranger's join can send them (docs/security.md#waitlist).
 */
export function waitlistConfirmEmail(
  place: { email: string; service: string; dateIso: string; url: string; language: Locale },
  salon: SalonDetails,
): OutboxMessage {
  const locale = place.language;
  const when =
    locale === DEFAULT_LOCALE
      ? salonDayAndTime(zonedDateTime(place.dateIso, "12:00", SALON_TIME_ZONE), locale).date
      : spanishLongDate(place.dateIso);
  return {
    to: place.email,
    replyTo: salon.email,
    ...renderEmail({
      subject: m.email_waitlist_subject({ when }, { locale }),
      blocks: [
        greetingIn(locale),
        paragraph(m.email_waitlist_intro({}, { locale })),
        button(m.email_waitlist_button({}, { locale }), place.url),
        rows([
          [m.email_row_service({}, { locale }), place.service],
          [m.email_row_day({}, { locale }), when],
        ]),
        paragraph(m.email_waitlist_then({}, { locale })),
      ],
      salon,
      locale,
    }),
  };
}
