// Customers' phone numbers (docs/product.md#phone-numbers): kept in one form, E.164
// ("+13125550101"), and shown as people in Chicago write them ("(312) 555-0101"). The rules are
// libphonenumber-js's (Google's metadata), not our own. Server code uses it; pages in the browser
// show stored numbers with phone-display.ts (the library's metadata is about 30 KB gzipped).
import { parsePhoneNumberFromString } from "libphonenumber-js";

/** Beside a phone field that holds something that is not a phone number. */
export const PHONE_MESSAGE = "Enter a valid phone number, like (312) 555-0101";

/**
 * "+13125550101" for a number as people type it ("312.555.0101", "(312) 555 0101", "1-312-555-0101",
 * "+44 20 7946 0958"); a number without a country code is a US one. Undefined if it is not a valid
 * number.
 */
export function phoneE164(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), "US");
  return parsed?.isValid() ? parsed.number : undefined;
}

/** "+13125550142" for a US number as people write it; undefined if it is not a valid US one. */
export function usPhoneE164(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), "US");
  return parsed?.isValid() && parsed.country === "US" ? parsed.number : undefined;
}

/**
 * "(312) 555-0101" for a US (or Canadian) number, "+44 20 7946 0958" for another country's; what
 * was stored, unchanged, if it cannot be read (a number kept from before normalisation).
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, "US");
  if (!parsed?.isPossible()) return stored;
  return parsed.countryCallingCode === "1" ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A phone field as a form posts it: empty is no phone (undefined), a valid number its E.164 form;
 * anything else is refused with PHONE_MESSAGE.
 */
export function readPhoneField(
  value: string | undefined,
): { ok: true; phone: string | undefined } | { ok: false; message: string } {
  const text = (value ?? "").trim();
  if (text === "") return { ok: true, phone: undefined };
  const phone = phoneE164(text);
  return phone ? { ok: true, phone } : { ok: false, message: PHONE_MESSAGE };
}
