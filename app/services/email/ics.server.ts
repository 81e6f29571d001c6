// An iCalendar file (RFC 5545) for an appointment (docs/product.md#email-content). Its times are UTC instants
// ("...Z"): every calendar shows them in its owner's zone, and the file needs no VTIMEZONE rules,
// which would have to follow whatever zone the salon is configured in (SALON_TIME_ZONE).
// Written by hand: a dozen lines do not need a dependency. The salon's name, address and email
// are the owner's ('Business Details'), handed in by the caller for each file.
//
// Every file is METHOD:PUBLISH (RFC 5546 3.2.1, issue 38): an event to add, not an invitation to
// answer. REQUEST and CANCEL are iTIP messages that need an ATTENDEE, and with none some calendar
// apps showed the booking as a broken invitation. A cancellation is the same event (same UID,
// higher SEQUENCE) published again with STATUS:CANCELLED, which PUBLISH allows. Tests parse the
// files with ical.js as a calendar app would (tests/integration/email/customer-emails.test.ts).

import { formatAddressLine, type SalonDetails } from "../../domain/salon/salon-details";

interface CalendarEvent {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** CANCELLED for a cancelled appointment; CONFIRMED otherwise. */
  status?: "CONFIRMED" | "CANCELLED";
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
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    // The software's name, not the salon's: the owner's name is in LOCATION and ORGANIZER, and a
    // renamed salon leaves no trace of the old one (issue 38).
    "PRODID:-//Salon Booking//Appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
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
    `STATUS:${event.status ?? "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
