import { describe, expect, it } from "vitest";
import { customerHref, customerKey, customerKeyHref } from "./customer-key";

describe("customerKey", () => {
  it("is the email, case and spaces aside, or the phone of a caller booked without one", () => {
    expect(customerKey({ email: " Maya@Example.com ", phone: "+13125550101" })).toBe(
      "maya@example.com",
    );
    expect(customerKey({ email: null, phone: "+13125550101" })).toBe("tel:+13125550101");
    expect(customerKey({ email: null, phone: null })).toBeUndefined();
  });

  it("links to the customer's page by email, or by phone", () => {
    expect(customerHref({ email: "maya@example.com", phone: null })).toBe(
      "/customers?email=maya%40example.com",
    );
    expect(customerHref({ email: null, phone: "+13125550101" })).toBe(
      "/customers?phone=%2B13125550101",
    );
    expect(customerKeyHref("tel:+13125550101")).toBe("/customers?phone=%2B13125550101");
  });
});
