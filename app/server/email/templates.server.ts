// The salon's emails, in plain text and HTML. Everything a visitor typed is HTML-escaped, and
// header values (subjects) lose line breaks. Wording: calm and warm, in the salon's voice.
import { business, formatAddressLine } from "../../content/business";
import type { ContactReason } from "../../domain/contact/contact-schema";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface ContactEmailEntry {
  name: string;
  email: string;
  reason: ContactReason;
  message: string;
  createdAt: Date;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Escaped, with line breaks kept (some mail clients ignore `white-space`). */
function htmlParagraphText(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>\n");
}

/** One line, no control characters, at most `max` characters: safe in a header. */
function headerText(value: string, max = 80): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "Tuesday, May 6, 2025 at 2:05 PM" in the salon's time zone, whatever the server's. */
export function formatSalonDateTime(instant: Date): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: business.timeZone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(instant);
}

const textFooter = [
  "--",
  business.name,
  formatAddressLine(),
  `${business.phone} · ${business.email}`,
].join("\n");

function htmlDocument(title: string, bodyHtml: string): string {
  const footer = [
    `<strong>${escapeHtml(business.name)}</strong>`,
    escapeHtml(formatAddressLine()),
    `<a href="tel:${business.phoneE164}" style="color:#6b4f4f;">${escapeHtml(business.phone)}</a>` +
      ` · <a href="mailto:${business.email}" style="color:#6b4f4f;">${escapeHtml(business.email)}</a>`,
  ].join("<br>\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f7f3f0;">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Georgia,'Times New Roman',serif;font-size:16px;line-height:1.6;color:#2f2a28;">
${bodyHtml}
<hr style="border:none;border-top:1px solid #e2d8d2;margin:32px 0 16px;">
<p style="font-size:13px;line-height:1.5;color:#6f6460;margin:0;">
${footer}
</p>
</div>
</body>
</html>
`;
}

function htmlQuote(entry: ContactEmailEntry): string {
  return `<div style="margin:16px 0;padding:12px 16px;background:#ffffff;border-left:3px solid #c9a99a;">
<p style="margin:0 0 8px;"><strong>Reason:</strong> ${escapeHtml(entry.reason)}</p>
<p style="margin:0;">${htmlParagraphText(entry.message)}</p>
</div>`;
}

/** To the visitor, right after they send the contact form (DECISIONS.md 14). */
export function contactConfirmationEmail(entry: ContactEmailEntry): EmailContent {
  const subject = `Thank you for your message to ${business.name}`;
  const text = `Hello ${entry.name},

Thank you for writing to ${business.name}. Your message has reached us, and someone from our team will read it and reply to this address soon.

For your records, this is what you sent:

Reason: ${entry.reason}
${entry.message}

If it is about an appointment today, calling us at ${business.phone} is the quickest way to reach us.

With warm regards,
The team at ${business.name}

You receive this email because this address was entered in the contact form on our website.

${textFooter}
`;
  const html = htmlDocument(
    subject,
    `<p style="margin:0 0 16px;">Hello ${escapeHtml(entry.name)},</p>
<p style="margin:0 0 16px;">Thank you for writing to ${escapeHtml(business.name)}. Your message has reached us, and someone from our team will read it and reply to this address soon.</p>
<p style="margin:0;">For your records, this is what you sent:</p>
${htmlQuote(entry)}
<p style="margin:0 0 16px;">If it is about an appointment today, calling us at <a href="tel:${business.phoneE164}" style="color:#6b4f4f;">${escapeHtml(business.phone)}</a> is the quickest way to reach us.</p>
<p style="margin:0 0 16px;">With warm regards,<br>The team at ${escapeHtml(business.name)}</p>
<p style="margin:0;font-size:13px;color:#6f6460;">You receive this email because this address was entered in the contact form on our website.</p>`,
  );
  return { subject, text, html };
}

/** To the salon: a new contact message, answered by replying (Reply-To is the visitor). */
export function contactNoticeEmail(entry: ContactEmailEntry): EmailContent {
  const subject = headerText(`New ${entry.reason.toLowerCase()} from ${headerText(entry.name)}`);
  const received = formatSalonDateTime(entry.createdAt);
  const text = `A new message arrived through the contact form on the website.

Name: ${entry.name}
Email: ${entry.email}
Reason: ${entry.reason}
Received: ${received}

${entry.message}

Reply to this email to answer ${entry.name} directly. The message is also in the staff dashboard, under Contact Entries.

${textFooter}
`;
  const html = htmlDocument(
    subject,
    `<p style="margin:0 0 16px;">A new message arrived through the contact form on the website.</p>
<p style="margin:0;">
<strong>Name:</strong> ${escapeHtml(entry.name)}<br>
<strong>Email:</strong> <a href="mailto:${escapeHtml(entry.email)}" style="color:#6b4f4f;">${escapeHtml(entry.email)}</a><br>
<strong>Received:</strong> ${escapeHtml(received)}
</p>
${htmlQuote(entry)}
<p style="margin:0;">Reply to this email to answer ${escapeHtml(entry.name)} directly. The message is also in the staff dashboard, under Contact Entries.</p>`,
  );
  return { subject, text, html };
}
