// What every email shares: escaping, header-safe subjects, the salon's dates and the HTML layout.
// The emails themselves are lists of blocks (email-blocks.server.ts), which render through these.
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { languageTagOf } from "../../domain/i18n/locale-path";
import { siteUrl } from "../platform/site-url.server";

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
    timeZone: SALON_TIME_ZONE,
    dateStyle: "full",
    timeStyle: "short",
  }).format(instant);
}

/**
 * A site path at the configured address (PUBLIC_URL), never a request's Host
 * (docs/security.md): the policies every email links to ("/policies", "/es/policies"), the
 * manage and waitlist links.
 */
export const siteLink = (path: string) => `${siteUrl()}${path}`;

/**
 * The site's own palette and typefaces (app/styles/base.css: --ink, --muted, --rose, --plum,
 * --line, --ivory, --paper, --blush, --gold; --serif and --sans), so an email looks like the
 * salon that sent it (issue 38). Dark: the same tones turned around, used by mail apps that follow
 * the reader's dark mode (the <style> below; the inline colours are the light ones).
 */
export const COLORS = {
  text: "#2b2129",
  muted: "#62545b",
  link: "#8e4452",
  button: "#4a2c3a",
  rule: "#e2d6cb",
  page: "#faf6f1",
  card: "#fffdfa",
  quote: "#efe6dc",
  accent: "#b08d57",
} as const;

export const FONTS = {
  serif: "'Cormorant Garamond','Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif",
  sans: "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif",
} as const;

const DARK = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .email-page { background: #1c1418 !important; }
    .email-card { background: #2b2129 !important; border-color: #4a3a43 !important; color: #f4ece6 !important; }
    .email-name { color: #f3ded7 !important; }
    .email-muted { color: #cdbfc5 !important; }
    .email-link { color: #f2b8c4 !important; }
    .email-button { background: #e9d3cc !important; color: #2b2129 !important; }
    .email-quote { background: #3a2b33 !important; }
    .email-rule { border-color: #4a3a43 !important; }
  }`;

const PARAGRAPH = "margin:0 0 16px;";

/** A paragraph of HTML; callers escape what goes in. `className` takes the dark colours. */
export function htmlParagraph(html: string, style = PARAGRAPH, className?: string): string {
  return `<p${className ? ` class="${className}"` : ""} style="${style}">${html}</p>`;
}

/**
 * The page around an email's paragraphs (HTML, escaped by the caller): the salon's name in the
 * site's serif over a card in its colours, then the footer. `salonName`: 'Business Details'.
 */
export function htmlDocument(
  title: string,
  salonName: string,
  paragraphs: string[],
  footer: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const lang = locale === DEFAULT_LOCALE ? "en" : languageTagOf(locale);
  const card = [
    `background:${COLORS.card}`,
    `border:1px solid ${COLORS.rule}`,
    "border-radius:14px",
    "padding:28px 24px 12px",
    `font-family:${FONTS.sans}`,
    "font-size:16px",
    "line-height:1.6",
    `color:${COLORS.text}`,
  ].join(";");
  const name = [
    "margin:0 0 20px",
    `font-family:${FONTS.serif}`,
    "font-size:30px",
    "font-weight:500",
    "line-height:1.15",
    `color:${COLORS.button}`,
    `border-bottom:2px solid ${COLORS.accent}`,
    "padding-bottom:12px",
  ].join(";");
  const footerStyle = `margin:20px 4px 0;font-family:${FONTS.sans};font-size:13px;line-height:1.5;color:${COLORS.muted};`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${DARK}
</style>
</head>
<body class="email-page" style="margin:0;padding:0;background:${COLORS.page};">
<div class="email-page" style="background:${COLORS.page};padding:24px 12px;">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(title)}" lang="${lang}" style="max-width:560px;margin:0 auto;">
<p class="email-name" style="${name}">${escapeHtml(salonName)}</p>
<div class="email-card" style="${card}">
${paragraphs.join("\n")}
</div>
${htmlParagraph(footer, footerStyle, "email-muted")}
</div>
</div>
</body>
</html>
`;
}
