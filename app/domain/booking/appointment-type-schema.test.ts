import { describe, expect, it } from "vitest";
import { z } from "../zod";
import { AppointmentTypeSchema, joinDaysOfWeek, joinTechnicians } from "./appointment-type-schema";

const valid = {
  type: "Gel Manicure",
  category: "Manicures",
  startTime: "10:00",
  endTime: "19:00",
  durationMin: "45",
  price: "$50+",
  description: "A long-lasting gel colour with cuticle care.",
  daysOfWeek: "Monday, Tuesday,Saturday",
  technicians: "Ana, Bo",
};

const errorsOf = (values: Record<string, unknown>) => {
  const result = AppointmentTypeSchema.safeParse(values);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe("AppointmentTypeSchema", () => {
  it("accepts the form's text and normalises it", () => {
    const parsed = AppointmentTypeSchema.parse(valid);
    expect(parsed).toEqual({
      type: "Gel Manicure",
      category: "Manicures",
      startTime: "10:00",
      endTime: "19:00",
      durationMin: 45,
      price: "$50+",
      description: "A long-lasting gel colour with cuticle care.",
      daysOfWeek: ["Monday", "Tuesday", "Saturday"],
      technicians: ["Ana", "Bo"],
      // No Spanish written: the English stands on the Spanish pages.
      typeEs: "",
      descriptionEs: "",
      // Not in the form: no clean-up, not an add-on, not side by side.
      bufferMin: 0,
      addOn: false,
      sideBySide: false,
    });
    expect(
      AppointmentTypeSchema.parse({ ...valid, bufferMin: " 15 ", addOn: "on", sideBySide: "on" }),
    ).toMatchObject({ bufferMin: 15, addOn: true, sideBySide: true });
  });

  it("accepts arrays, seconds on times, any case and order of days, and drops empties", () => {
    const parsed = AppointmentTypeSchema.parse({
      ...valid,
      startTime: "09:30:00",
      durationMin: 60,
      daysOfWeek: ["saturday", " Monday ", "Monday", ""],
      technicians: ["Ana", " ", "Bo,Cy", "Ana"],
    });
    expect(parsed.startTime).toBe("09:30");
    expect(parsed.durationMin).toBe(60);
    expect(parsed.daysOfWeek).toEqual(["Monday", "Saturday"]);
    expect(parsed.technicians).toEqual(["Ana", "Bo", "Cy"]);
  });

  it("accepts the price forms the salon writes", () => {
    for (const price of ["$50", "$50+", "$45.50", "$45.50+", "$1000", "50", "$50.5", "$5,000"]) {
      expect(AppointmentTypeSchema.safeParse({ ...valid, price }).success, price).toBe(true);
    }
  });

  it("rejects each bad field with a short message", () => {
    expect(errorsOf({ ...valid, type: " " }).type).toEqual(["Required"]);
    expect(errorsOf({ ...valid, type: "t".repeat(81) }).type).toBeDefined();
    expect(errorsOf({ ...valid, category: "" }).category).toEqual(["Required"]);
    expect(errorsOf({ ...valid, category: "c".repeat(61) }).category).toBeDefined();
    expect(errorsOf({ ...valid, description: "" }).description).toEqual(["Required"]);
    expect(errorsOf({ ...valid, description: "d".repeat(1001) }).description).toBeDefined();
    expect(errorsOf({ ...valid, startTime: "" }).startTime).toEqual(["Required"]);
    expect(errorsOf({ ...valid, startTime: "25:00" }).startTime).toEqual([
      "Enter a time like 09:30",
    ]);
    expect(errorsOf({ ...valid, endTime: "10:00" }).endTime).toEqual(["End must be after start"]);
    expect(errorsOf({ ...valid, endTime: "09:00" }).endTime).toEqual(["End must be after start"]);
    expect(errorsOf({ ...valid, durationMin: "" }).durationMin).toEqual(["Required"]);
    expect(errorsOf({ ...valid, durationMin: "abc" }).durationMin).toBeDefined();
    expect(errorsOf({ ...valid, durationMin: "0" }).durationMin).toBeDefined();
    expect(errorsOf({ ...valid, durationMin: "-5" }).durationMin).toBeDefined();
    expect(errorsOf({ ...valid, durationMin: "42" }).durationMin).toEqual([
      "Use steps of 5 minutes",
    ]);
    expect(errorsOf({ ...valid, durationMin: "22.5" }).durationMin).toBeDefined();
    expect(errorsOf({ ...valid, durationMin: 485 }).durationMin).toBeDefined();
    expect(errorsOf({ ...valid, bufferMin: "7" }).bufferMin).toEqual(["Use steps of 5 minutes"]);
    expect(errorsOf({ ...valid, bufferMin: "125" }).bufferMin).toEqual(["At most 120 minutes"]);
    expect(errorsOf({ ...valid, bufferMin: "ten" }).bufferMin).toEqual([
      "Enter whole minutes, like 10",
    ]);
    expect(
      errorsOf({ ...valid, startTime: "10:00", endTime: "10:30", durationMin: "45" }).durationMin,
    ).toEqual(["Longer than the time between start and end"]);
    for (const price of ["fifty", "$", "$50.555", "$5,00", "$50++", "$1234567890", "$100,000"]) {
      expect(errorsOf({ ...valid, price }).price, price).toBeDefined();
    }
    expect(errorsOf({ ...valid, daysOfWeek: "" }).daysOfWeek).toEqual(["Choose at least one day"]);
    expect(errorsOf({ ...valid, daysOfWeek: [] }).daysOfWeek).toEqual(["Choose at least one day"]);
    expect(errorsOf({ ...valid, daysOfWeek: undefined }).daysOfWeek).toEqual([
      "Choose at least one day",
    ]);
    expect(errorsOf({ ...valid, daysOfWeek: "Monday,Funday" }).daysOfWeek).toEqual([
      "Use weekday names like Monday",
    ]);
    expect(errorsOf({ ...valid, technicians: " , " }).technicians).toEqual([
      "Add at least one worker",
    ]);
    expect(errorsOf({ ...valid, technicians: undefined }).technicians).toEqual([
      "Add at least one worker",
    ]);
    expect(errorsOf({ ...valid, technicians: "n".repeat(41) }).technicians).toBeDefined();
    const eleven = Array.from({ length: 11 }, (_, i) => `W${i}`).join(",");
    expect(errorsOf({ ...valid, technicians: eleven }).technicians).toEqual(["At most 10 workers"]);
  });
});

describe("joinDaysOfWeek and joinTechnicians", () => {
  it("write the stored comma-separated strings without spaces", () => {
    expect(joinDaysOfWeek(["Saturday", "Monday", "Tuesday"])).toBe("Monday,Tuesday,Saturday");
    expect(joinTechnicians(["Ana", "Bo"])).toBe("Ana,Bo");
    const parsed = AppointmentTypeSchema.parse(valid);
    expect(joinDaysOfWeek(parsed.daysOfWeek)).toBe("Monday,Tuesday,Saturday");
  });

  it("keeps every name that reaches an email or a calendar file on one line", () => {
    for (const bad of ["Gel\rManicure", "Gel\nManicure", "Gel\u0000Manicure", "Gel\u2028Mani"]) {
      expect(errorsOf({ ...valid, type: bad }).type).toEqual([
        "Write it on one line, without line breaks or special characters",
      ]);
      expect(errorsOf({ ...valid, category: bad }).category).toBeDefined();
      expect(errorsOf({ ...valid, technicians: `Ana, ${bad}` }).technicians).toBeDefined();
    }
    expect(errorsOf({ ...valid, type: "Gel Manicure & Art" })).toEqual({});
  });
});
