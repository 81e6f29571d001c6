// The staff calendar's grid arithmetic (docs/product.md#calendar).
import { describe, expect, it } from "vitest";
import { calendarWindow, clipRanges, freeQuarters, wallMinutesOn } from "./calendar";
import { zonedDateTime } from "./time-zone";

const ZONE = "America/Chicago";
const h = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

describe("wallMinutesOn", () => {
  it("reads the salon's clock, also on the day the clocks go back", () => {
    expect(wallMinutesOn("2026-11-24", zonedDateTime("2026-11-24", "14:15", ZONE), ZONE)).toBe(
      h("14:15"),
    );
    // 2026-11-01: 25 hours long; 10:00 in Chicago is still 10:00 on the grid.
    expect(wallMinutesOn("2026-11-01", zonedDateTime("2026-11-01", "10:00", ZONE), ZONE)).toBe(
      h("10:00"),
    );
    expect(wallMinutesOn("2026-03-08", zonedDateTime("2026-03-08", "19:45", ZONE), ZONE)).toBe(
      h("19:45"),
    );
  });

  it("puts an instant of another day at the top or the bottom", () => {
    expect(wallMinutesOn("2026-11-24", zonedDateTime("2026-11-23", "23:00", ZONE), ZONE)).toBe(0);
    expect(wallMinutesOn("2026-11-24", zonedDateTime("2026-11-25", "00:30", ZONE), ZONE)).toBe(
      24 * 60,
    );
  });
});

describe("calendarWindow", () => {
  it("spans every range, on whole quarter hours", () => {
    expect(
      calendarWindow([
        { start: h("10:00"), end: h("20:00") },
        { start: h("09:50"), end: h("10:35") },
        { start: h("19:30"), end: h("20:10") },
      ]),
    ).toEqual({ start: h("09:45"), end: h("20:15") });
  });

  it("is null with nothing to show (a closed day without appointments)", () => {
    expect(calendarWindow([])).toBeNull();
  });
});

describe("clipRanges", () => {
  it("keeps the part of her hours the salon is open, and drops what falls outside", () => {
    const salon = { start: h("10:00"), end: h("18:00") };
    expect(
      clipRanges(
        [
          { start: h("08:00"), end: h("12:00") },
          { start: h("12:30"), end: h("19:00") },
          { start: h("18:00"), end: h("21:00") },
        ],
        salon,
      ),
    ).toEqual([
      { start: h("10:00"), end: h("12:00") },
      { start: h("12:30"), end: h("18:00") },
    ]);
  });
});

describe("freeQuarters", () => {
  // Tuesdays 12:00-18:00 with a break 14:00-14:30.
  const working = [
    { start: h("12:00"), end: h("14:00") },
    { start: h("14:30"), end: h("18:00") },
  ];

  it("offers each quarter hour she works, none in her break", () => {
    const quarters = freeQuarters(working, []);
    expect(quarters[0]).toBe(h("12:00"));
    expect(quarters).toContain(h("13:45"));
    expect(quarters).not.toContain(h("14:00"));
    expect(quarters).not.toContain(h("14:15"));
    expect(quarters).toContain(h("14:30"));
    expect(quarters.at(-1)).toBe(h("17:45"));
    expect(quarters).toHaveLength(8 + 14);
  });

  it("leaves out the quarters an appointment touches, and those already past", () => {
    const quarters = freeQuarters(working, [{ start: h("15:10"), end: h("15:55") }], h("12:20"));
    expect(quarters).not.toContain(h("12:00"));
    expect(quarters).not.toContain(h("12:15"));
    expect(quarters[0]).toBe(h("12:30"));
    expect(quarters).toContain(h("14:45"));
    for (const busy of ["15:00", "15:15", "15:30", "15:45"])
      expect(quarters).not.toContain(h(busy));
    expect(quarters).toContain(h("16:00"));
  });

  it("starts a range that begins off the quarter at the next quarter", () => {
    expect(freeQuarters([{ start: h("10:10"), end: h("11:00") }], [])).toEqual([
      h("10:15"),
      h("10:30"),
      h("10:45"),
    ]);
  });
});
