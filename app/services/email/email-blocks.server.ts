// One source for both parts of an email: its body is a list of blocks, rendered once as plain
// text and once as HTML, so no sentence is written twice and the two parts cannot drift apart.
// Blocks hold text, never markup: the HTML renderer escapes every string, so what a visitor typed
// (a name, a message) can only ever read as text there, and stays verbatim in the text part.
// An email to a customer is in her language (issue 39): its greeting, footer and `lang` too.
import { m } from "~/paraglide/messages.js";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import { formatAddressLine, type SalonDetails } from "../../domain/salon/salon-details";
import {
  COLORS,
  escapeHtml,
  headerText,
  htmlDocument,
  htmlParagraph,
  htmlParagraphText,
  siteLink,
} from "./templates.server";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * A link inside a sentence or a row. In the text part a tel: or mailto: link reads as its label,
 * which must then be the number or the address itself; any other reads "label: href", so the
 * address is there to copy.
 */
interface EmailLink {
  href: string;
  label: string;
}

type Inline = string | EmailLink;

/** A "Label: value" line. */
export type Row = readonly [label: string, value: Inline];

/** One part of an email: a paragraph, "Label: value" rows, a button, a note or a quote. */
export type Block =
  | { kind: "paragraph"; parts: Inline[] }
  | { kind: "rows"; rows: readonly Row[] }
  | { kind: "button"; link: EmailLink }
  | { kind: "note"; text: string }
  | { kind: "quote"; text: string };

/** Text and links run together; a line break in a string is kept in both parts. */
export function paragraph(...parts: Inline[]): Block {
  return { kind: "paragraph", parts };
}

export function rows(list: readonly Row[]): Block {
  return { kind: "rows", rows: list };
}

/** A call to action on its own line: a button in HTML, "label: href" in text. */
export function button(label: string, href: string): Block {
  return { kind: "button", link: { label, href } };
}

/** Small print, such as why the reader received the email or what an attachment does. */
export function note(text: string): Block {
  return { kind: "note", text };
}

/** Someone else's words, set apart (a visitor's message to the salon). */
export function quote(text: string): Block {
  return { kind: "quote", text };
}

export function mailto(address: string): EmailLink {
  return { href: `mailto:${address}`, label: address };
}

/** The salon's phone as the owner keeps it ('Business Details'), read for each email. */
export function salonPhone(salon: SalonDetails): EmailLink {
  return { href: `tel:${salon.phoneE164}`, label: salon.phone };
}

/**
 * How every email to a customer opens: the salon's words first, never a stranger's text (a name)
 * where it would read as ours. "Hello," / "Hola:".
 */
export function greetingIn(locale: Locale): Block {
  return paragraph(m.email_hello_plain({}, { locale }));
}

export const greeting: Block = greetingIn(DEFAULT_LOCALE);

/**
 * A customer's greeting by their own name ("Hello Maya,"): the name as they typed it, one plain
 * line (docs/security.md#names-in-emails-and-calendar-files: the booking form already refuses line
 * breaks; anything else that is not printable is dropped here too), escaped in the HTML part like
 * every string. Without a name, the plain greeting.
 */
export function greetingTo(name: string, locale: Locale = DEFAULT_LOCALE): Block {
  const line = name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line
    ? paragraph(m.email_hello({ name: line.slice(0, 100) }, { locale }))
    : locale === DEFAULT_LOCALE
      ? greeting
      : greetingIn(locale);
}

/** The salon's name, address, phone, email and policies (in the email's language), under each. */
function footerLines(salon: SalonDetails, locale: Locale): Inline[][] {
  const policies = siteLink(localizedPath("/policies", locale));
  return [
    [salon.name],
    [formatAddressLine(salon)],
    [salonPhone(salon), " · ", mailto(salon.email)],
    [{ href: policies, label: m.email_policies({}, { locale }) }],
  ];
}

function inlineText(part: Inline): string {
  if (typeof part === "string") return part;
  return /^(tel|mailto):/.test(part.href) ? part.label : `${part.label}: ${part.href}`;
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.parts.map(inlineText).join("");
    case "rows":
      return block.rows.map(([label, value]) => `${label}: ${inlineText(value)}`).join("\n");
    case "button":
      return inlineText(block.link);
    case "note":
    case "quote":
      return block.text;
  }
}

function renderText(blocks: readonly Block[], salon: SalonDetails, locale: Locale): string {
  const footer = ["--", ...footerLines(salon, locale).map((line) => line.map(inlineText).join(""))];
  return `${[...blocks.map(blockText), footer.join("\n")].join("\n\n")}\n`;
}

const STYLES = {
  note: `margin:0 0 16px;font-size:13px;color:${COLORS.muted};`,
  quote: `margin:0 0 16px;padding:12px 16px;background:${COLORS.quote};border-left:3px solid ${COLORS.accent};`,
  // The site's buttons: plum, round, small capitals (app/styles/base.css .button).
  button: [
    "display:inline-block",
    "padding:12px 24px",
    `background:${COLORS.button}`,
    "color:#ffffff",
    "text-decoration:none",
    "border-radius:999px",
    "font-size:14px",
    "font-weight:600",
    "letter-spacing:0.06em",
    "text-transform:uppercase",
  ].join(";"),
} as const;

function inlineHtml(
  part: Inline,
  style = `color:${COLORS.link};`,
  className = "email-link",
): string {
  if (typeof part === "string") return htmlParagraphText(part);
  return `<a href="${escapeHtml(part.href)}" class="${className}" style="${style}">${escapeHtml(part.label)}</a>`;
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return htmlParagraph(block.parts.map((part) => inlineHtml(part)).join(""));
    case "rows":
      return htmlParagraph(
        block.rows
          .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${inlineHtml(value)}`)
          .join("<br>\n"),
      );
    case "button":
      return htmlParagraph(
        inlineHtml(block.link, STYLES.button, "email-button"),
        "margin:0 0 20px;",
      );
    case "note":
      return htmlParagraph(htmlParagraphText(block.text), STYLES.note, "email-muted");
    case "quote":
      return htmlParagraph(htmlParagraphText(block.text), STYLES.quote, "email-quote");
  }
}

function renderHtml(
  subject: string,
  blocks: readonly Block[],
  salon: SalonDetails,
  locale: Locale,
): string {
  const [name, ...rest] = footerLines(salon, locale).map((line) =>
    line.map((part) => inlineHtml(part)).join(""),
  );
  const footer = [`<strong>${name}</strong>`, ...rest].join("<br>\n");
  return htmlDocument(subject, salon.name, blocks.map(blockHtml), footer, locale);
}

/**
 * An email's subject, text and HTML from one list of blocks, the standard footer added to both.
 * The subject becomes one header-safe line of at most 140 characters (room for a visit's date
 * string with several technicians); a caller wanting it shorter cuts it first. `salon`: the
 * details as the owner keeps them now (the caller reads them), so a changed phone or address is
 * in every email made afterwards. `locale`: the language the blocks are written in (English
 * unless said: the salon's notices), for the footer and the HTML's `lang`.
 */
export function renderEmail(email: {
  subject: string;
  blocks: readonly Block[];
  salon: SalonDetails;
  locale?: Locale;
}): EmailContent {
  const subject = headerText(email.subject, 140);
  const locale = email.locale ?? DEFAULT_LOCALE;
  return {
    subject,
    text: renderText(email.blocks, email.salon, locale),
    html: renderHtml(subject, email.blocks, email.salon, locale),
  };
}
