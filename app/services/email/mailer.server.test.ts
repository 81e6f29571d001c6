import { describe, expect, it } from "vitest";
import { withSenderName } from "./mailer.server";

describe("withSenderName: the From header names the salon as its Business Details do", () => {
  const configured = "2 x 10 Nails & Spa <no-reply@salon.example.com>";

  it("keeps EMAIL_FROM's address and puts the salon's current name before it", () => {
    expect(withSenderName(configured, "Lumen Nail Studio")).toBe(
      '"Lumen Nail Studio" <no-reply@salon.example.com>',
    );
  });

  it("names a bare address too", () => {
    expect(withSenderName("hello@salon.example.com", "Lumen")).toBe(
      '"Lumen" <hello@salon.example.com>',
    );
  });

  it("quotes what a header would misread, and keeps a name to one line", () => {
    expect(withSenderName(configured, 'Nails "by" Ana\\Co,\r\nBcc: x@evil.example')).toBe(
      '"Nails \\"by\\" Ana\\\\Co, Bcc: x@evil.example" <no-reply@salon.example.com>',
    );
  });

  it("leaves EMAIL_FROM as it is without a name", () => {
    expect(withSenderName(configured, undefined)).toBe(configured);
    expect(withSenderName(configured, "  ")).toBe(configured);
  });
});
