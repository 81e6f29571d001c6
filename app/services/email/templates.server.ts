// What every email shares: escaping, header-safe subjects, the salon's dates and the HTML layout.
// The emails themselves are lists of blocks (email-blocks.server.ts), which render through these.
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
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

/** The salon's policies (cancellation, privacy), linked from every email. */
export const policiesUrl = () => `${siteUrl()}/policies`;

export const COLORS = {
  text: "#2f2a28",
  muted: "#6f6460",
  link: "#6b4f4f",
  rule: "#e2d8d2",
} as const;
const PARAGRAPH = "margin:0 0 16px;";

/** A paragraph of HTML; callers escape what goes in. */
export function htmlParagraph(html: string, style = PARAGRAPH): string {
  return `<p style="${style}">${html}</p>`;
}

/** The page around an email's paragraphs, with its footer (HTML, escaped by the caller). */
export function htmlDocument(title: string, paragraphs: string[], footer: string): string {
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
${htmlParagraph(footer, `margin:0;font-size:13px;line-height:1.5;color:${COLORS.muted};`)}
</div>
</body>
</html>
`;
}
