import { describe, expect, it } from "vitest";
import { openingHoursFor, weeklyHoursOf } from "./opening-hours";

const week = weeklyHoursOf([
  {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "10:00",
    closes: "20:00",
  },
  { days: ["Saturday"], opens: "10:00", closes: "19:00" },
]);

describe("openingHoursFor", () => {
  it("gives the hours of the date's weekday", () => {
    expect(openingHoursFor("2026-05-01", week)).toMatchObject({ opens: "10:00", closes: "20:00" });
    expect(openingHoursFor("2026-05-02", week)).toMatchObject({ opens: "10:00", closes: "19:00" });
  });

  it("is closed on a weekday the week leaves out", () => {
    expect(openingHoursFor("2026-05-03", week)).toBeNull(); // Sunday
  });

  it("is closed on a listed closed date", () => {
    expect(openingHoursFor("2026-12-25", week, ["2026-12-25"])).toBeNull();
    expect(openingHoursFor("2026-12-24", week, ["2026-12-25"])).not.toBeNull();
  });

  it("is closed when a day's range does not open before it closes", () => {
    expect(
      openingHoursFor("2026-05-04", { Monday: [{ start: "12:00", end: "12:00" }] }),
    ).toBeNull();
  });

  it("keeps a midday break: the day runs from the first opening to the last closing", () => {
    const split = {
      Monday: [
        { start: "10:00", end: "13:00" },
        { start: "14:00", end: "19:00" },
      ],
    };
    expect(openingHoursFor("2026-05-04", split)).toEqual({
      opens: "10:00",
      closes: "19:00",
      ranges: split.Monday,
    });
  });

  it("follows special hours over the week: their own range, or closed all day", () => {
    const special = [
      {
        fromDate: "2026-12-24",
        toDate: "2026-12-24",
        closed: false,
        opens: "10:00",
        closes: "15:00",
      },
      { fromDate: "2026-12-28", toDate: "2026-12-31", closed: true },
    ];
    expect(openingHoursFor("2026-12-24", week, [], special)).toMatchObject({
      opens: "10:00",
      closes: "15:00",
    });
    expect(openingHoursFor("2026-12-28", week, [], special)).toBeNull();
    expect(openingHoursFor("2026-12-31", week, [], special)).toBeNull();
    // Special hours may open a day the week is closed.
    const sunday = [
      {
        fromDate: "2026-12-27",
        toDate: "2026-12-27",
        closed: false,
        opens: "11:00",
        closes: "16:00",
      },
    ];
    expect(openingHoursFor("2026-12-27", week, [], sunday)).toMatchObject({ opens: "11:00" });
    expect(openingHoursFor("2027-01-04", week, [], special)).toMatchObject({ closes: "20:00" });
  });
});
