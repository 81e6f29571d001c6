import { describe, expect, it } from "vitest";
import { BookingRequestSchema } from "./booking/booking-schema";
import { ContactSchema } from "./contact/contact-schema";
import { nameField } from "./zod";

const PHISH = "Ana.\n\nURGENT: card declined, re-pay at https://pay.evil.example";

describe("names", () => {
  it("are one plain line: line breaks, control and bidi characters are refused", () => {
    const name = nameField(100);
    for (const bad of [
      PHISH,
      "Ana\rLopez",
      "Ana\tLopez",
      "Ana\u0000",
      "Ana\u2028Lopez",
      "Ana\u202Eepor",
    ]) {
      const parsed = name.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "Write the name on one line, without special characters",
      );
    }
    for (const good of ["Ana López", "Zoë O'Brien-Smith", "王秀英", "Nguyễn Thị Ánh", "أحمد"]) {
      expect(name.safeParse(good).success, good).toBe(true);
    }
  });

  it("are checked so on the booking and the contact form", () => {
    const booking = BookingRequestSchema.safeParse({
      dateIso: "2026-05-02",
      typeId: "00000000-0000-4000-8000-000000000000",
      startsAt: "2026-05-02T15:00:00.000Z",
      name: PHISH,
      email: "ana@example.com",
    });
    expect(booking.error?.issues.map((issue) => issue.path[0])).toEqual(["name"]);
    const contact = ContactSchema.safeParse({
      name: PHISH,
      email: "ana@example.com",
      reason: "Question",
      message: "A message may have\nmany lines.",
    });
    expect(contact.error?.issues.map((issue) => issue.path[0])).toEqual(["name"]);
  });
});
