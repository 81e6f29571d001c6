import { afterEach, describe, expect, it } from "vitest";
import {
  addDaysIso,
  formatDateString,
  formatSlotLabel,
  formatWallMinutes,
  isIsoDate,
  parseWallTime,
  resolveWallTime,
  salonDateOf,
  salonWallClock,
  wallTimeResolver,
  weekdayOf,
  zonedDateTime,
} from "./time-zone";

const CHICAGO = "America/Chicago";
const iso = (date: Date) => date.toISOString();

describe("zonedDateTime", () => {
  it("gives the instant of a salon wall-clock time in winter and in summer", () => {
    expect(iso(zonedDateTime("2026-01-15", "10:00", CHICAGO))).toBe("2026-01-15T16:00:00.000Z");
    expect(iso(zonedDateTime("2026-07-15", "10:00", CHICAGO))).toBe("2026-07-15T15:00:00.000Z");
    expect(iso(zonedDateTime("2026-07-15", "23:59", CHICAGO))).toBe("2026-07-16T04:59:00.000Z");
    expect(iso(zonedDateTime("2026-07-15", "00:00", "UTC"))).toBe("2026-07-15T00:00:00.000Z");
    expect(iso(zonedDateTime("2026-07-15", "09:00", "Asia/Kolkata"))).toBe(
      "2026-07-15T03:30:00.000Z",
    );
  });

  it("is right on both sides of the spring-forward jump (2026-03-08)", () => {
    expect(iso(zonedDateTime("2026-03-08", "01:59", CHICAGO))).toBe("2026-03-08T07:59:00.000Z");
    expect(iso(zonedDateTime("2026-03-08", "03:00", CHICAGO))).toBe("2026-03-08T08:00:00.000Z");
    expect(iso(zonedDateTime("2026-03-08", "10:00", CHICAGO))).toBe("2026-03-08T15:00:00.000Z");
  });

  it("shifts a nonexistent spring-forward time forward by the gap", () => {
    // 02:30 never shows on the clock: it resolves to 03:30 CDT.
    expect(iso(zonedDateTime("2026-03-08", "02:30", CHICAGO))).toBe("2026-03-08T08:30:00.000Z");
    expect(iso(zonedDateTime("2026-03-08", "02:00", CHICAGO))).toBe("2026-03-08T08:00:00.000Z");
    expect(resolveWallTime("2026-03-08", 150, CHICAGO).exists).toBe(false);
    expect(resolveWallTime("2026-03-08", 180, CHICAGO).exists).toBe(true);
  });

  it("takes the first occurrence of an ambiguous fall-back time (2026-11-01)", () => {
    // 01:30 happens at 06:30Z (CDT) and again at 07:30Z (CST).
    expect(iso(zonedDateTime("2026-11-01", "01:30", CHICAGO))).toBe("2026-11-01T06:30:00.000Z");
    expect(resolveWallTime("2026-11-01", 90, CHICAGO)).toEqual({
      ms: Date.parse("2026-11-01T06:30:00Z"),
      exists: true,
    });
    expect(iso(zonedDateTime("2026-11-01", "02:00", CHICAGO))).toBe("2026-11-01T08:00:00.000Z");
    expect(iso(zonedDateTime("2026-11-01", "10:00", CHICAGO))).toBe("2026-11-01T16:00:00.000Z");
  });

  it("handles a zone with a 30-minute daylight-saving shift", () => {
    // Lord Howe Island goes from +10:30 to +11:00 at 02:00 on 2026-10-04: 02:15 -> 02:45.
    expect(iso(zonedDateTime("2026-10-04", "02:15", "Australia/Lord_Howe"))).toBe(
      "2026-10-03T15:45:00.000Z",
    );
    expect(iso(zonedDateTime("2026-10-04", "02:30", "Australia/Lord_Howe"))).toBe(
      "2026-10-03T15:30:00.000Z",
    );
    expect(resolveWallTime("2026-10-04", 135, "Australia/Lord_Howe").exists).toBe(false);
  });

  it("rejects bad dates, times and zones", () => {
    expect(() => zonedDateTime("2026-02-30", "10:00", CHICAGO)).toThrow(RangeError);
    expect(() => zonedDateTime("2026-2-3", "10:00", CHICAGO)).toThrow(RangeError);
    expect(() => zonedDateTime("2026-02-03", "24:00", CHICAGO)).toThrow(RangeError);
    expect(() => zonedDateTime("2026-02-03", "9:00", CHICAGO)).toThrow(RangeError);
    expect(() => zonedDateTime("2026-02-03", "10:00", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("wallTimeResolver", () => {
  it("matches resolveWallTime for every minute of ordinary and daylight-saving days", () => {
    const cases: [string, string][] = [
      ["2026-05-04", CHICAGO],
      ["2026-03-07", CHICAGO],
      ["2026-03-08", CHICAGO],
      ["2026-03-09", CHICAGO],
      ["2026-11-01", CHICAGO],
      ["2026-10-04", "Australia/Lord_Howe"],
      ["2026-03-29", "Europe/London"],
    ];
    for (const [dateIso, zone] of cases) {
      const resolve = wallTimeResolver(dateIso, zone);
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        expect(resolve(minute), `${dateIso} ${zone} ${minute}`).toEqual(
          resolveWallTime(dateIso, minute, zone),
        );
      }
    }
  });
});

describe("salonDateOf and salonWallClock", () => {
  it("use the salon's calendar, not UTC's", () => {
    // 03:00Z on the 2nd is still the evening of the 1st in Chicago.
    expect(salonDateOf(new Date("2026-05-02T03:00:00Z"), CHICAGO)).toBe("2026-05-01");
    expect(salonDateOf(new Date("2026-05-02T05:00:00Z"), CHICAGO)).toBe("2026-05-02");
    expect(salonWallClock(new Date("2026-11-01T07:30:00Z"), CHICAGO)).toEqual({
      dateIso: "2026-11-01",
      minutes: 90,
    });
  });
});

describe("weekdayOf", () => {
  it("names the calendar weekday of a date", () => {
    expect(weekdayOf("2026-05-02")).toBe("Saturday");
    expect(weekdayOf("2026-05-03")).toBe("Sunday");
    expect(weekdayOf("2026-05-04", CHICAGO)).toBe("Monday");
    expect(weekdayOf("2024-02-29")).toBe("Thursday");
  });
});

describe("addDaysIso", () => {
  it("steps calendar days across months, leap days and daylight-saving changes", () => {
    expect(addDaysIso("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDaysIso("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDaysIso("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDaysIso("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysIso("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDaysIso("2026-05-02", 180)).toBe("2026-10-29");
  });
});

describe("formatSlotLabel", () => {
  it("shows h:mm AM/PM on the salon's clock", () => {
    expect(formatSlotLabel(new Date("2026-05-02T15:00:00Z"), CHICAGO)).toBe("10:00 AM");
    expect(formatSlotLabel(new Date("2026-05-02T17:05:00Z"), CHICAGO)).toBe("12:05 PM");
    expect(formatSlotLabel(new Date("2026-05-03T00:45:00Z"), CHICAGO)).toBe("7:45 PM");
    expect(formatSlotLabel(new Date("2026-05-02T05:00:00Z"), CHICAGO)).toBe("12:00 AM");
    expect(formatSlotLabel(new Date("2026-01-15T16:00:00Z"), CHICAGO)).toBe("10:00 AM");
  });
});

describe("formatWallMinutes", () => {
  it("writes minutes after midnight as formatSlotLabel does", () => {
    expect(formatWallMinutes(0)).toBe("12:00 AM");
    expect(formatWallMinutes(600)).toBe("10:00 AM");
    expect(formatWallMinutes(725)).toBe("12:05 PM");
    expect(formatWallMinutes(1185)).toBe("7:45 PM");
    for (let minute = 0; minute < 24 * 60; minute += 5) {
      const instant = resolveWallTime("2026-05-04", minute, CHICAGO).ms;
      expect(formatWallMinutes(minute)).toBe(formatSlotLabel(instant, CHICAGO));
    }
  });
});

describe("formatDateString", () => {
  it("writes '<Weekday>, <Month> <day> <year>' on the salon's calendar", () => {
    expect(formatDateString(new Date("2026-05-02T15:00:00Z"), CHICAGO)).toBe(
      "Saturday, May 2 2026",
    );
    // Late evening in Chicago is already the next day in UTC.
    expect(formatDateString(new Date("2027-01-01T03:00:00Z"), CHICAGO)).toBe(
      "Thursday, December 31 2026",
    );
  });
});

describe("helpers", () => {
  it("validate dates and wall times", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("0050-01-01")).toBe(false);
    // Only the years 2000 to 2100 (docs/security.md#queries).
    expect(isIsoDate("2000-01-01")).toBe(true);
    expect(isIsoDate("2100-12-31")).toBe(true);
    expect(isIsoDate("1999-12-31")).toBe(false);
    expect(isIsoDate("2101-01-01")).toBe(false);
    expect(isIsoDate("9999-12-31")).toBe(false);
    expect(isIsoDate("0100-01-01")).toBe(false);
    expect(parseWallTime("19:45")).toBe(1185);
  });
});

describe("independent of the process time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  for (const processZone of ["Asia/Tokyo", "UTC", "Europe/London", "America/New_York"]) {
    it(`gives the same answers with TZ=${processZone}`, () => {
      process.env.TZ = processZone;
      expect(iso(zonedDateTime("2026-03-08", "10:00", CHICAGO))).toBe("2026-03-08T15:00:00.000Z");
      expect(iso(zonedDateTime("2026-03-08", "02:30", CHICAGO))).toBe("2026-03-08T08:30:00.000Z");
      expect(iso(zonedDateTime("2026-11-01", "01:30", CHICAGO))).toBe("2026-11-01T06:30:00.000Z");
      expect(salonDateOf(new Date("2026-05-02T03:00:00Z"), CHICAGO)).toBe("2026-05-01");
      expect(weekdayOf("2026-05-02")).toBe("Saturday");
      expect(addDaysIso("2026-03-28", 2)).toBe("2026-03-30");
      expect(formatSlotLabel(new Date("2026-05-02T15:00:00Z"), CHICAGO)).toBe("10:00 AM");
      expect(formatDateString(new Date("2026-05-02T15:00:00Z"), CHICAGO)).toBe(
        "Saturday, May 2 2026",
      );
    });
  }

  it("really runs in another zone when TZ changes (the check above is not vacuous)", () => {
    process.env.TZ = "Asia/Tokyo";
    expect(new Date("2026-05-02T15:00:00Z").getHours()).toBe(0);
    process.env.TZ = "UTC";
    expect(new Date("2026-05-02T15:00:00Z").getHours()).toBe(15);
  });
});
