// The contact form's two emails (docs/product.md#email-content): a confirmation to the visitor
// and a notice to the salon, answered by replying. Wording: calm and warm, in the salon's voice.
// The salon's details are the owner's, handed in by the caller. The visitor's is in the language
// of the page she wrote from (issue 39); the salon's in English.

import { m } from "~/paraglide/messages.js";
import type { ContactReason } from "../../domain/contact/contact-schema";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  type EmailContent,
  greetingIn,
  mailto,
  note,
  paragraph,
  quote,
  renderEmail,
  rows,
  salonPhone,
} from "../email/email-blocks.server";
import { formatSalonDateTime, headerText } from "../email/templates.server";

interface ContactEmailEntry {
  name: string;
  email: string;
  reason: ContactReason;
  message: string;
  createdAt: Date;
}

/** "question" / "pregunta": the reason as the confirmation's sentence names it. */
function reasonSaid(reason: ContactReason, locale: Locale): string {
  const said = {
    Question: m.email_contact_reason_question,
    Comment: m.email_contact_reason_comment,
    Concern: m.email_contact_reason_concern,
  }[reason];
  return said({}, { locale });
}

/**
 * To the visitor, right after they send the contact form, in the language of the page they sent
 * it from (issue 39).
 */
export function contactConfirmationEmail(
  entry: ContactEmailEntry,
  salon: SalonDetails,
  locale: Locale = DEFAULT_LOCALE,
): EmailContent {
  // The visitor's message is not echoed back, nor their name: the form accepts any address, and
  // an email that repeats what a stranger typed would let anyone send their text from the
  // salon's address.
  const reason = reasonSaid(entry.reason, locale);
  return renderEmail({
    subject: m.email_contact_subject({ salon: salon.name }, { locale }),
    blocks: [
      greetingIn(locale),
      paragraph(m.email_contact_thanks({ salon: salon.name, reason }, { locale })),
      paragraph(m.email_contact_today({}, { locale }), " ", salonPhone(salon), "."),
      paragraph(
        `${m.email_contact_regards({}, { locale })}\n${m.email_contact_team({ salon: salon.name }, { locale })}`,
      ),
      note(m.email_contact_why({}, { locale })),
    ],
    salon,
    locale,
  });
}

/** To the salon: a new contact message, answered by replying (Reply-To is the visitor). */
export function contactNoticeEmail(entry: ContactEmailEntry, salon: SalonDetails): EmailContent {
  return renderEmail({
    // 80 characters at most, the name's share too: a long name must not push out the reason.
    subject: headerText(`New ${entry.reason.toLowerCase()} from ${headerText(entry.name)}`),
    blocks: [
      paragraph("A new message arrived through the contact form on the website."),
      rows([
        ["Name", entry.name],
        ["Email", mailto(entry.email)],
        ["Reason", entry.reason],
        ["Received", formatSalonDateTime(entry.createdAt)],
      ]),
      quote(entry.message),
      paragraph(
        `Reply to this email to answer ${entry.name} directly. The message is also in the staff dashboard, under Contact Entries.`,
      ),
    ],
    salon,
  });
}
