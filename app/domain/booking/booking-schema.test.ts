import { describe, expect, it } from "vitest";
import { z } from "../zod";
import { BookingRequestSchema, requestedTechnician } from "./booking-schema";

const valid = {
  dateIso: "2026-05-02",
  typeId: "gel-manicure",
  startsAt: "2026-05-02T15:00:00.000Z",
  technician: "any",
  name: "Ana Díaz",
  email: "ana@example.com",
  phone: "(312) 555-0100",
};

const errorsOf = (values: Record<string, unknown>) => {
  const result = BookingRequestSchema.safeParse(values);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe("BookingRequestSchema", () => {
  it("accepts a complete request, trims it and parses the start instant", () => {
    const parsed = BookingRequestSchema.parse({
      ...valid,
      name: "  Ana Díaz ",
      email: " ana@example.com ",
    });
    expect(parsed.name).toBe("Ana Díaz");
    expect(parsed.email).toBe("ana@example.com");
    expect(parsed.startsAt).toEqual(new Date("2026-05-02T15:00:00Z"));
    expect(parsed.technician).toBe("any");
    expect(parsed.phone).toBe("(312) 555-0100");
  });

  it("treats phone as optional and an empty phone as none", () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect(BookingRequestSchema.parse(withoutPhone).phone).toBeUndefined();
    expect(BookingRequestSchema.parse({ ...valid, phone: "  " }).phone).toBeUndefined();
  });

  it("defaults the technician to any and keeps a named one", () => {
    const { technician: _technician, ...withoutTechnician } = valid;
    expect(BookingRequestSchema.parse(withoutTechnician).technician).toBe("any");
    expect(BookingRequestSchema.parse({ ...valid, technician: " Bo " }).technician).toBe("Bo");
  });

  it("rejects each bad field with a short message", () => {
    expect(errorsOf({ ...valid, name: "   " }).name).toEqual(["Required"]);
    expect(errorsOf({ ...valid, name: undefined }).name).toEqual(["Required"]);
    expect(errorsOf({ ...valid, name: "x".repeat(101) }).name).toEqual(["At most 100 characters"]);
    expect(errorsOf({ ...valid, email: "" }).email).toEqual(["Required"]);
    expect(errorsOf({ ...valid, email: "ana@" }).email).toEqual(["Enter a valid email address"]);
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@x.com` }).email).toBeDefined();
    expect(errorsOf({ ...valid, phone: "555-CALL-NOW" }).phone).toBeDefined();
    expect(errorsOf({ ...valid, phone: "1".repeat(31) }).phone).toBeDefined();
    expect(errorsOf({ ...valid, dateIso: "2026-02-30" }).dateIso).toEqual(["Enter a valid date"]);
    expect(errorsOf({ ...valid, dateIso: "May 2" }).dateIso).toBeDefined();
    expect(errorsOf({ ...valid, typeId: "" }).typeId).toEqual(["Required"]);
    expect(errorsOf({ ...valid, typeId: "t".repeat(65) }).typeId).toBeDefined();
    expect(errorsOf({ ...valid, startsAt: "" }).startsAt).toEqual(["Choose a time"]);
    expect(errorsOf({ ...valid, startsAt: "1777734000" }).startsAt).toEqual(["Choose a time"]);
    expect(errorsOf({ ...valid, startsAt: "2026-05-02T10:00" }).startsAt).toBeDefined();
    expect(errorsOf({ ...valid, technician: "w".repeat(61) }).technician).toBeDefined();
  });
});

describe("requestedTechnician", () => {
  it("maps any to no preference", () => {
    expect(requestedTechnician("any")).toBeUndefined();
    expect(requestedTechnician("Bo")).toBe("Bo");
  });
});
