import { describe, expect, it } from "vitest";
import {
  spanishClockPhrase,
  spanishDateOf,
  spanishDateTime,
  spanishDay,
  spanishLongDate,
  spanishMonthTitle,
  spanishTimeOf,
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

describe("an instant in Spanish on the salon's clock (the emails)", () => {
  const zone = "America/Chicago";
  // Node's ICU writes "p.m." or "p. m." by version, with a narrow or plain space: normalized.
  const plain = (text: string) => text.replace(/\s/g, " ").replace(/p\. ?m\./, "p. m.");

  it("writes the salon's day and time, in its zone whatever the server's", () => {
    // 21:00 UTC on December 12 is 3:00 PM in Chicago (CST).
    const afternoon = new Date("2026-12-12T21:00:00Z");
    expect(spanishDateOf(afternoon, zone)).toBe("sábado, 12 de diciembre de 2026");
    expect(plain(spanishTimeOf(afternoon, zone))).toBe("3:00 p. m.");
    expect(plain(spanishDateTime(afternoon, zone))).toBe(
      "sábado, 12 de diciembre de 2026 a las 3:00 p. m.",
    );
    // 03:00 UTC on the 13th is still the 12th, 9:00 PM, at the salon.
    expect(spanishDateOf(new Date("2026-12-13T03:00:00Z"), zone)).toBe(
      "sábado, 12 de diciembre de 2026",
    );
  });

  it("says 'la' for one o'clock and 'las' for the other hours", () => {
    expect(plain(spanishClockPhrase(new Date("2026-12-12T19:30:00Z"), zone))).toBe("la 1:30 p. m.");
    expect(plain(spanishClockPhrase(new Date("2026-12-12T16:00:00Z"), zone))).toMatch(
      /^las 10:00 a\. ?m\.$/,
    );
    expect(spanishClockPhrase(new Date("2026-12-12T17:00:00Z"), zone)).toMatch(/^las 11:00/);
  });
});
