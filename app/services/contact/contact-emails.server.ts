// The contact form's two emails (docs/product.md#email-content): a confirmation to the visitor
// and a notice to the salon, answered by replying. Wording: calm and warm, in the salon's voice.
// The salon's details are the owner's, handed in by the caller.
import type { ContactReason } from "../../domain/contact/contact-schema";
import type { SalonDetails } from "../../domain/salon/salon-details";
import {
  type EmailContent,
  greeting,
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

/** To the visitor, right after they send the contact form. */
export function contactConfirmationEmail(
  entry: ContactEmailEntry,
  salon: SalonDetails,
): EmailContent {
  // The visitor's message is not echoed back, nor their name: the form accepts any address, and
  // an email that repeats what a stranger typed would let anyone send their text from the
  // salon's address.
  return renderEmail({
    subject: `Thank you for your message to ${salon.name}`,
    blocks: [
      greeting,
      paragraph(
        `Thank you for writing to ${salon.name}. Your ${entry.reason.toLowerCase()} has reached us, and someone from our team will read it and reply to this address soon.`,
      ),
      paragraph(
        "If it is about an appointment today, the quickest way to reach us is a call: ",
        salonPhone(salon),
        ".",
      ),
      paragraph(`With warm regards,\nThe team at ${salon.name}`),
      note(
        "You receive this email because this address was entered in the contact form on our website. If that was not you, you can simply ignore it.",
      ),
    ],
    salon,
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
