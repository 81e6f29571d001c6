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
