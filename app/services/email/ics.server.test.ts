import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { ownersSalon } from "../../domain/salon/salon-details.fixture";
import { appointmentCalendar } from "./ics.server";

const event = {
  uid: "test-uid@example.com",
  startsAt: new Date("2026-12-01T16:00:00Z"),
  endsAt: new Date("2026-12-01T17:00:00Z"),
  summary: "Gel Manicure",
  description: "Arrive early.",
};

const salon = ownersSalon;

describe("appointmentCalendar", () => {
  it("is a PUBLISH calendar a calendar app reads: RFC 5545's lines and properties (issue 38)", () => {
    for (const status of ["CONFIRMED", "CANCELLED"] as const) {
      const ics = appointmentCalendar(
        {
          ...event,
          status,
          summary: "Gel Manicure, Classic Pedicure; and a very long name é".repeat(3),
        },
        salon,
      );
      // Lines end in CRLF and are at most 75 octets (RFC 5545 3.1).
      expect(ics.endsWith("\r\n")).toBe(true);
      expect(ics).not.toMatch(/[^\r]\n/);
      for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
      expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
      expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
      const vevent = calendar.getFirstSubcomponent("vevent");
      // PUBLISH: an ORGANIZER and no ATTENDEE (RFC 5546 3.2.1); UID and DTSTAMP once.
      for (const name of ["uid", "dtstamp", "dtstart", "dtend", "organizer", "summary"]) {
        expect(vevent?.getAllProperties(name)).toHaveLength(1);
      }
      expect(vevent?.getAllProperties("attendee")).toHaveLength(0);
      expect(vevent?.getFirstPropertyValue("status")).toBe(status);
      const parsed = new ICAL.Event(vevent ?? undefined);
      expect(parsed.summary).toBe(
        "Gel Manicure, Classic Pedicure; and a very long name é".repeat(3),
      );
      expect(parsed.startDate.toJSDate()).toEqual(event.startsAt);
      expect(parsed.endDate.toJSDate()).toEqual(event.endsAt);
    }
  });

  it("escapes every kind of line break, so no text can start a property of its own", () => {
    for (const breakChars of ["\r\n", "\n", "\r"]) {
      const ics = appointmentCalendar(
        { ...event, summary: `Gel${breakChars}ATTENDEE:mailto:x@evil.example` },
        salon,
      );
      const lines = ics.split("\r\n");
      expect(lines.some((line) => line.startsWith("ATTENDEE"))).toBe(false);
      expect(ics).not.toMatch(/\r(?!\n)/);
      expect(ics).toContain("SUMMARY:Gel\\nATTENDEE:mailto:x@evil.example");
    }
  });

  it("places the event at the salon's address, organised by the salon it is given", () => {
    const ics = appointmentCalendar(event, salon, new Date("2026-11-20T12:00:00Z"));
    const lines = ics.replace(/\r\n /g, "").split("\r\n");
    expect(lines).toContain(
      "LOCATION:Nails on Division\\, 2000 W Division St\\, Chicago\\, IL 60622",
    );
    expect(lines).toContain(
      "ORGANIZER;CN=Nails on Division:mailto:front-desk@nails-on-division.example.com",
    );
    expect(lines).toContain("DTSTAMP:20261120T120000Z");
  });

  it("quotes a name that would end the organiser's parameter, and lets no line break in", () => {
    const ics = appointmentCalendar(
      { ...event },
      { ...salon, name: 'Nails; Spa: "Division"\r\nATTENDEE:mailto:x@evil.example' },
    );
    // Unfolded (RFC 5545 3.1): the line is longer than 75 octets.
    const lines = ics.replace(/\r\n /g, "").split("\r\n");
    expect(lines.some((line) => line.startsWith("ATTENDEE"))).toBe(false);
    const organizer = lines.find((line) => line.startsWith("ORGANIZER"));
    expect(organizer).toBe(
      'ORGANIZER;CN="Nails; Spa:  Division ATTENDEE:mailto:x@evil.example":mailto:front-desk@nails-on-division.example.com',
    );
  });
});
