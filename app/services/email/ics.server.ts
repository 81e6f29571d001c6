// An iCalendar file (RFC 5545) for an appointment (docs/product.md#email-content). Its times are UTC instants
// ("...Z"): every calendar shows them in its owner's zone, and the file needs no VTIMEZONE rules,
// which would have to follow whatever zone the salon is configured in (SALON_TIME_ZONE).
// Written by hand: a dozen lines do not need a dependency. The salon's name, address and email
// are the owner's ('Business Details'), handed in by the caller for each file.

import { formatAddressLine, type SalonDetails } from "../../domain/salon/salon-details";

interface CalendarEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** REQUEST for a new or moved appointment, CANCEL for a cancelled one. */
  method?: "REQUEST" | "CANCEL";
  /** Increases with each change of the same appointment (same UID). */
  sequence?: number;
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      // Any line break (CRLF, LF or a bare CR) is an escaped newline: a raw one would end the
      // property and start another of the sender's choosing.
      .replace(/\r\n|\r|\n/g, "\\n")
  );
}

/**
 * A parameter value (CN=...): no DQUOTE or control character may appear in one, and a value
 * with ":", ";" or "," is quoted (RFC 5545 3.1, 3.2), so an owner's name cannot end the property.
 */
function paramText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = value.replace(/[\u0000-\u001f\u007f"]+/g, " ").trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    if (Buffer.byteLength(current + char, "utf8") > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function appointmentCalendar(
  event: CalendarEvent,
  salon: SalonDetails,
  now: Date = new Date(),
): string {
  const method = event.method ?? "REQUEST";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(salon.name)}//Booking//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(`${salon.name}, ${formatAddressLine(salon)}`)}`,
    `ORGANIZER;CN=${paramText(salon.name)}:mailto:${encodeURI(salon.email)}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
