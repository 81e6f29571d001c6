import { describe, expect, it } from "vitest";
import { formatIsoDate, formatWallTime } from "./format";

describe("formatWallTime", () => {
  it("writes the salon's times as the spec does", () => {
    expect(formatWallTime("10:00")).toBe("10:00 AM");
    expect(formatWallTime("12:00")).toBe("12:00 PM");
    expect(formatWallTime("19:45")).toBe("7:45 PM");
    expect(formatWallTime("00:15")).toBe("12:15 AM");
  });
});

describe("formatIsoDate", () => {
  it("keeps the calendar date whatever the process time zone", () => {
    expect(formatIsoDate("2023-04-29")).toBe("April 29, 2023");
  });
});
