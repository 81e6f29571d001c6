import { describe, expect, it } from "vitest";
import {
  spanishDay,
  spanishLongDate,
  spanishMonthTitle,
  spanishTimeOfLabel,
  spanishWallTime,
  weekdayNameIn,
} from "./dates";

describe("dates in Spanish", () => {
  it("writes days and months as a Spanish reader expects them", () => {
    expect(spanishDay("2026-12-12")).toBe("sábado, 12 de diciembre");
    expect(spanishLongDate("2026-12-12")).toBe("sábado, 12 de diciembre de 2026");
    expect(spanishMonthTitle("2026-12")).toBe("diciembre de 2026");
    expect(weekdayNameIn("Wednesday", "es")).toBe("miércoles");
    expect(weekdayNameIn("Wednesday", "en")).toBe("Wednesday");
  });

  it("writes the salon's times with p. m.", () => {
    // Node's ICU writes "p.m." or "p. m." by version: the hour and the afternoon are what count.
    expect(spanishWallTime("15:00")).toMatch(/^3:00\sp\.\s?m\.$/);
    expect(spanishWallTime("09:30")).toMatch(/^9:30\sa\.\s?m\.$/);
  });
});

describe("a slot's label in Spanish", () => {
  it("reads the booking code's 12-hour label", () => {
    expect(spanishTimeOfLabel("3:00 PM")).toBe(spanishWallTime("15:00"));
    expect(spanishTimeOfLabel("12:30 PM")).toBe(spanishWallTime("12:30"));
    expect(spanishTimeOfLabel("12:00 AM")).toBe(spanishWallTime("00:00"));
    expect(spanishTimeOfLabel("soon")).toBe("soon");
  });
});
