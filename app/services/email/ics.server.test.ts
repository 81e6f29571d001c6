import { describe, expect, it } from "vitest";
import { appointmentCalendar } from "./ics.server";

const event = {
  uid: "test-uid@example.com",
  startsAt: new Date("2026-12-01T16:00:00Z"),
  endsAt: new Date("2026-12-01T17:00:00Z"),
  summary: "Gel Manicure",
  description: "Arrive early.",
};

describe("appointmentCalendar", () => {
  it("escapes every kind of line break, so no text can start a property of its own", () => {
    for (const breakChars of ["\r\n", "\n", "\r"]) {
      const ics = appointmentCalendar({
        ...event,
        summary: `Gel${breakChars}ATTENDEE:mailto:x@evil.example`,
      });
      const lines = ics.split("\r\n");
      expect(lines.some((line) => line.startsWith("ATTENDEE"))).toBe(false);
      expect(ics).not.toMatch(/\r(?!\n)/);
      expect(ics).toContain("SUMMARY:Gel\\nATTENDEE:mailto:x@evil.example");
    }
  });
});
