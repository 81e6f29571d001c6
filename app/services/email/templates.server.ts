// The salon's emails, in plain text and HTML. Everything a visitor typed is HTML-escaped, and
// header values (subjects) lose line breaks. Wording: calm and warm, in the salon's voice.
import { business, formatAddressLine } from "../../content/business";
import type { ContactReason } from "../../domain/contact/contact-schema";
import { siteUrl } from "../platform/site-url.server";

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
export function htmlParagraphText(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, "<br>\n");
}

/** One line, no control characters, at most `max` characters: safe in a header. */
export function headerText(value: string, max = 80): string {
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

/** The salon's policies (cancellation, privacy), linked from every email. */
export const policiesUrl = () => `${siteUrl()}/policies`;

export function textFooter(): string {
  return [
    "--",
    business.name,
    formatAddressLine(),
    `${business.phone} · ${business.email}`,
    `Our policies (cancellation, privacy): ${policiesUrl()}`,
  ].join("\n");
}

export const COLORS = {
  text: "#2f2a28",
  muted: "#6f6460",
  link: "#6b4f4f",
  rule: "#e2d8d2",
} as const;
const PARAGRAPH = "margin:0 0 16px;";

/** A paragraph of HTML; callers escape what goes in. */
export function paragraph(html: string, style = PARAGRAPH): string {
  return `<p style="${style}">${html}</p>`;
}

export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${COLORS.link};">${escapeHtml(label)}</a>`;
}

export const phoneLink = link(`tel:${business.phoneE164}`, business.phone);

export function htmlDocument(title: string, paragraphs: string[]): string {
  const footer = [
    `<strong>${escapeHtml(business.name)}</strong>`,
    escapeHtml(formatAddressLine()),
    `${phoneLink} · ${link(`mailto:${business.email}`, business.email)}`,
    link(policiesUrl(), "Our policies: cancellation and privacy"),
  ].join("<br>\n");
  const page = [
    "max-width:560px",
    "margin:0 auto",
    "padding:32px 24px",
    "font-family:Georgia,'Times New Roman',serif",
    "font-size:16px",
    "line-height:1.6",
    `color:${COLORS.text}`,
  ].join(";");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f7f3f0;">
<div style="${page}">
${paragraphs.join("\n")}
<hr style="border:none;border-top:1px solid ${COLORS.rule};margin:32px 0 16px;">
${paragraph(footer, `margin:0;font-size:13px;line-height:1.5;color:${COLORS.muted};`)}
</div>
</body>
</html>
`;
}

/** To the visitor, right after they send the contact form (docs/product.md#email-content). */
export function contactConfirmationEmail(entry: ContactEmailEntry): EmailContent {
  // The visitor's message is not echoed back: the form accepts any address, and an email that
  // repeats what a stranger typed would let anyone send their text from the salon's address.
  const subject = `Thank you for your message to ${business.name}`;
  const reason = entry.reason.toLowerCase();
  const lines = {
    // Not the name: whatever a stranger typed must not open an email from the salon.
    greeting: "Hello,",
    thanks: `Thank you for writing to ${business.name}. Your ${reason} has reached us, and someone from our team will read it and reply to this address soon.`,
    today: "If it is about an appointment today, the quickest way to reach us is a call:",
    closing: "With warm regards,",
    signature: `The team at ${business.name}`,
    why: "You receive this email because this address was entered in the contact form on our website. If that was not you, you can simply ignore it.",
  };
  const text = [
    lines.greeting,
    lines.thanks,
    `${lines.today} ${business.phone}.`,
    `${lines.closing}\n${lines.signature}`,
    lines.why,
    textFooter(),
  ].join("\n\n");
  const html = htmlDocument(subject, [
    paragraph(escapeHtml(lines.greeting)),
    paragraph(escapeHtml(lines.thanks)),
    paragraph(`${escapeHtml(lines.today)} ${phoneLink}.`),
    paragraph(`${escapeHtml(lines.closing)}<br>${escapeHtml(lines.signature)}`),
    paragraph(escapeHtml(lines.why), `margin:0;font-size:13px;color:${COLORS.muted};`),
  ]);
  return { subject, text: `${text}\n`, html };
}

/** To the salon: a new contact message, answered by replying (Reply-To is the visitor). */
export function contactNoticeEmail(entry: ContactEmailEntry): EmailContent {
  const subject = headerText(`New ${entry.reason.toLowerCase()} from ${headerText(entry.name)}`);
  const received = formatSalonDateTime(entry.createdAt);
  const intro = "A new message arrived through the contact form on the website.";
  const outro = `Reply to this email to answer ${entry.name} directly. The message is also in the staff dashboard, under Contact Entries.`;
  const text = [
    intro,
    [
      `Name: ${entry.name}`,
      `Email: ${entry.email}`,
      `Reason: ${entry.reason}`,
      `Received: ${received}`,
    ].join("\n"),
    entry.message,
    outro,
    textFooter(),
  ].join("\n\n");
  const details = [
    `<strong>Name:</strong> ${escapeHtml(entry.name)}`,
    `<strong>Email:</strong> ${link(`mailto:${entry.email}`, entry.email)}`,
    `<strong>Reason:</strong> ${escapeHtml(entry.reason)}`,
    `<strong>Received:</strong> ${escapeHtml(received)}`,
  ].join("<br>\n");
  const quote =
    "margin:0 0 16px;padding:12px 16px;background:#ffffff;border-left:3px solid #c9a99a;";
  const html = htmlDocument(subject, [
    paragraph(escapeHtml(intro)),
    paragraph(details),
    paragraph(htmlParagraphText(entry.message), quote),
    paragraph(escapeHtml(outro), "margin:0;"),
  ]);
  return { subject, text: `${text}\n`, html };
}

/** "Label: value" lines for a plain-text email. */
export function labelledText(rows: [string, string][]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join("\n");
}

/** The same rows in HTML, escaped; an "Email" row becomes a mailto link. */
export function labelledHtml(rows: [string, string][]): string {
  return rows
    .map(([label, value]) =>
      label === "Email"
        ? `<strong>Email:</strong> ${link(`mailto:${value}`, value)}`
        : `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`,
    )
    .join("<br>\n");
}
