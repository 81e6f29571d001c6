import { describe, expect, it } from "vitest";
import { formatPhone, PHONE_MESSAGE, phoneE164, readPhoneField } from "./phone";
import { displayPhone, phoneHref } from "./phone-display";

describe("customers' phone numbers", () => {
  it("reads a US number in any common form as one E.164 number", () => {
    for (const typed of [
      "3125550101",
      "(312) 555-0101",
      "312.555.0101",
      "312 555 0101",
      "1-312-555-0101",
      "+1 (312) 555-0101",
      " +13125550101 ",
    ]) {
      expect(phoneE164(typed), typed).toBe("+13125550101");
    }
    // Another country's number, written with its code, is kept as that country's.
    expect(phoneE164("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses what is not a phone number", () => {
    for (const typed of ["555-0101", "123", "1234567890", "call me", "+1 312 555 01011"]) {
      expect(phoneE164(typed), typed).toBeUndefined();
    }
  });

  it("shows a stored number as people write it, and an unreadable one unchanged", () => {
    expect(formatPhone("+13125550101")).toBe("(312) 555-0101");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    // Kept from before normalisation: shown as typed.
    expect(formatPhone("ask at desk")).toBe("ask at desk");
    expect(formatPhone("312.555.0101")).toBe("(312) 555-0101");
  });

  it("shows a stored number in the browser as the server does, without the library", () => {
    for (const stored of ["+13125550101", "+17735550188", "555-0101", "ask at desk"]) {
      expect(displayPhone(stored), stored).toBe(formatPhone(stored));
    }
    // Another country's number: as stored (the server spaces it with the library).
    expect(displayPhone("+442079460958")).toBe("+442079460958");
    expect(phoneHref("+13125550101")).toBe("tel:+13125550101");
    expect(phoneHref("555-0101")).toBe("tel:5550101");
  });

  it("reads a form's phone field: empty is none, a number its E.164 form, else a message", () => {
    expect(readPhoneField(undefined)).toEqual({ ok: true, phone: undefined });
    expect(readPhoneField("  ")).toEqual({ ok: true, phone: undefined });
    expect(readPhoneField("312-555-0101")).toEqual({ ok: true, phone: "+13125550101" });
    expect(readPhoneField("555-01")).toEqual({ ok: false, message: PHONE_MESSAGE });
  });
});
