import { describe, expect, it } from "vitest";
import { business, type OpeningHours } from "~/content/business";
import { openingHoursFor } from "./opening-hours";

const hours: OpeningHours[] = [
  {
    label: "Mon-Fri",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "10:00",
    closes: "20:00",
  },
  { label: "Saturday", days: ["Saturday"], opens: "10:00", closes: "19:00" },
];

describe("openingHoursFor", () => {
  it("gives the hours of the date's weekday", () => {
    expect(openingHoursFor("2026-05-01", hours)).toEqual({ opens: "10:00", closes: "20:00" });
    expect(openingHoursFor("2026-05-02", hours)).toEqual({ opens: "10:00", closes: "19:00" });
  });

  it("is closed on a weekday no entry names", () => {
    expect(openingHoursFor("2026-05-03", hours)).toBeNull(); // Sunday
  });

  it("is closed on a listed closed date", () => {
    expect(openingHoursFor("2026-12-25", hours, ["2026-12-25"])).toBeNull();
    expect(openingHoursFor("2026-12-24", hours, ["2026-12-25"])).toEqual({
      opens: "10:00",
      closes: "20:00",
    });
  });

  it("is closed when an entry does not open before it closes", () => {
    const odd: OpeningHours[] = [
      { label: "Mon", days: ["Monday"], opens: "12:00", closes: "12:00" },
    ];
    expect(openingHoursFor("2026-05-04", odd)).toBeNull();
  });

  it("accepts the salon's configured (readonly) hours", () => {
    const sunday = business.hours.find((h) => h.days.some((d) => d === "Sunday"));
    expect(openingHoursFor("2026-05-03", business.hours)).toEqual({
      opens: sunday?.opens,
      closes: sunday?.closes,
    });
  });
});
