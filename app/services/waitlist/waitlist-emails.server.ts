// The waitlist's email (docs/product.md#waitlist): a time has freed up for someone in line, and
// the link books it if it is still free.
import { business } from "../../content/business";
import { formatDateString, formatSlotLabel } from "../../domain/booking/time-zone";
import type { OutboxMessage } from "../email/outbox.server";
import {
  escapeHtml,
  headerText,
  htmlDocument,
  labelledHtml,
  labelledText,
  link,
  paragraph,
  phoneLink,
  textFooter,
} from "../email/templates.server";

export interface WaitlistOffer {
  email: string;
  /** What they asked for: "Gel Manicure", "Gel Manicure and Classic Pedicure". */
  service: string;
  startsAt: Date;
  /** The link that books it (/waitlist?token=...). */
  url: string;
  /** How long they have before the next in line is told: "30 minutes". */
  window: string;
}

/** To the first in line: the freed time, and the link that books it. */
export function waitlistOfferEmail(offer: WaitlistOffer): OutboxMessage {
  const zone = business.timeZone;
  const when = `${formatDateString(offer.startsAt, zone)} @ ${formatSlotLabel(offer.startsAt, zone)}`;
  const subject = headerText(`A time has opened at ${business.name}: ${when}`, 140);
  const greeting = "Hello,";
  const intro = "You are on our waitlist, and a time you asked for has just opened:";
  const rows: [string, string][] = [
    ["Service", offer.service],
    ["When", when],
  ];
  const how = `It is not held for you: the first to book it has it. In ${offer.window} we tell the next person in line. To book it, open this link and press 'Book This Time':`;
  const call = "Rather talk to us? Call";
  const text = [
    greeting,
    intro,
    labelledText(rows),
    how,
    offer.url,
    `${call} ${business.phone}.`,
    textFooter(),
  ].join("\n\n");
  const html = htmlDocument(subject, [
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(intro)),
    paragraph(labelledHtml(rows)),
    paragraph(escapeHtml(how)),
    paragraph(link(offer.url, "Book this time")),
    paragraph(`${escapeHtml(call)} ${phoneLink}.`),
  ]);
  return { to: offer.email, replyTo: business.email, subject, text: `${text}\n`, html };
}
