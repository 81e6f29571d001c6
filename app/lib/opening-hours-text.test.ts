import { describe, expect, it } from "vitest";
import { groupWeeklyHours } from "~/domain/salon/salon-details";
import { hoursGroupLabel, hoursRangesLabel } from "./opening-hours-text";

// The week on /locations and the home page in both languages (docs/product.md#languages).

// Node's ICU writes "p.m." or "p. m." by version, with a narrow or plain space: normalized.
const plain = (text: string) => text.replace(/\s/g, " ").replace(/([ap])\. ?m\./g, "$1. m.");
const week = groupWeeklyHours({
  Monday: [{ start: "10:00", end: "20:00" }],
  Tuesday: [{ start: "10:00", end: "20:00" }],
  Wednesday: [{ start: "10:00", end: "20:00" }],
  Thursday: [{ start: "10:00", end: "20:00" }],
  Friday: [{ start: "10:00", end: "20:00" }],
  Saturday: [
    { start: "10:00", end: "13:00" },
    { start: "14:00", end: "19:00" },
  ],
  Sunday: [],
});

describe("the opening hours' words", () => {
  it("stay as the English pages wrote them", () => {
    expect(week.map((group) => hoursGroupLabel(group, "en"))).toEqual([
      "Mon-Fri",
      "Saturday",
      "Sunday",
    ]);
    expect(week.map((group) => hoursRangesLabel(group.ranges, "en"))).toEqual([
      "10:00 AM to 8:00 PM",
      "10:00 AM to 1:00 PM, 2:00 PM to 7:00 PM",
      "",
    ]);
  });

  it("are Intl's es-US on a Spanish page", () => {
    expect(week.map((group) => hoursGroupLabel(group, "es"))).toEqual([
      "Lun-Vie",
      "Sábado",
      "Domingo",
    ]);
    expect(week.map((group) => plain(hoursRangesLabel(group.ranges, "es")))).toEqual([
      "10:00 a. m. a 8:00 p. m.",
      "10:00 a. m. a 1:00 p. m., 2:00 p. m. a 7:00 p. m.",
      "",
    ]);
  });

  it("name two days apart by their short names", () => {
    const [weekend] = groupWeeklyHours({
      Saturday: [{ start: "10:00", end: "18:00" }],
      Sunday: [{ start: "10:00", end: "18:00" }],
    }).filter((group) => group.ranges.length > 0);
    expect(weekend && hoursGroupLabel(weekend, "en")).toBe("Sat, Sun");
    expect(weekend && hoursGroupLabel(weekend, "es")).toBe("Sáb, Dom");
  });
});
