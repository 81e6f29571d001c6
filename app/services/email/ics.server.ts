// An iCalendar file (RFC 5545) for an appointment, in the salon's time zone (DECISIONS.md 14).
// Written by hand: a dozen lines do not need a dependency.
import { business, formatAddressLine } from "../../content/business";

export interface CalendarEvent {
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

// America/Chicago since 2007: CDT from the second Sunday of March, CST from the first Sunday of
// November. Calendars need the rules to place TZID times.
const CHICAGO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Chicago",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0500",
  "TZNAME:CDT",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
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

function localStamp(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: business.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function appointmentCalendar(event: CalendarEvent, now: Date = new Date()): string {
  const method = event.method ?? "REQUEST";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//2 x 10 Nails & Spa//Booking//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...CHICAGO_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=America/Chicago:${localStamp(event.startsAt)}`,
    `DTEND;TZID=America/Chicago:${localStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(`${business.name}, ${formatAddressLine()}`)}`,
    `ORGANIZER;CN=${escapeText(business.name)}:mailto:${business.email}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
