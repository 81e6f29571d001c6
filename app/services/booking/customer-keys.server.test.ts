import { describe, expect, it } from "vitest";
import { phoneE164 } from "../../domain/phone";
import { customerPhoneKey } from "./customer-keys.server";

// The booking limit's phone key (docs/product.md#booking-limit) with phones now stored as E.164
// (docs/product.md#phone-numbers): a number stored normalised and the same number kept as typed
// before are one customer.
describe("customerPhoneKey", () => {
  it("gives one key to a normalised phone and the same number typed any other way", () => {
    const stored = phoneE164("(312) 555-0101");
    expect(stored).toBe("+13125550101");
    for (const typed of [stored, "(312) 555-0101", "312.555.0101", "1-312-555-0101"]) {
      expect(customerPhoneKey(typed), typed).toBe("3125550101");
    }
    expect(customerPhoneKey("+13125550102")).not.toBe(customerPhoneKey("+13125550101"));
  });

  it("gives no key to a phone too short to name anyone", () => {
    expect(customerPhoneKey("0")).toBeUndefined();
    expect(customerPhoneKey(null)).toBeUndefined();
  });
});
