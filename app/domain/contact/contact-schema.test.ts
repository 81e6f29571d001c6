import { describe, expect, it } from "vitest";
import { ContactSchema, emptyContactFields } from "./contact-schema";

const valid = { name: "Ana", email: "ana@example.com", reason: "Question", message: "Hi" };

describe("ContactSchema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = ContactSchema.parse({ ...valid, name: "  Ana  " });
    expect(parsed.name).toBe("Ana");
  });

  it("rejects an empty field, a bad email, an unknown reason and oversized text", () => {
    expect(ContactSchema.safeParse({ ...valid, name: "   " }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, email: "ana@" }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, reason: "Spam" }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, message: "x".repeat(2001) }).success).toBe(false);
  });
});

describe("emptyContactFields", () => {
  it("lists the fields the visitor left blank", () => {
    expect(emptyContactFields({ ...valid, email: " ", message: "" })).toEqual(["email", "message"]);
  });
});
