import { describe, expect, it } from "vitest";
import { namedPeriod, rangeInstants, readPeriod, wholeMonths } from "./period";

describe("report periods (docs/product.md#reports)", () => {
  it("counts weeks Monday to Sunday and compares them with the week before", () => {
    // Sunday 1 November 2026 still belongs to the week that began on Monday 26 October.
    expect(namedPeriod("this-week", "2026-11-01")).toEqual({
      kind: "this-week",
      from: "2026-10-26",
      to: "2026-11-01",
      days: 7,
      previous: { from: "2026-10-19", to: "2026-10-25" },
    });
    expect(namedPeriod("last-week", "2026-11-02")).toMatchObject({
      from: "2026-10-26",
      to: "2026-11-01",
    });
  });

  it("takes calendar months, beside the same number of days before them", () => {
    expect(namedPeriod("this-month", "2026-03-31")).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-31",
      previous: { from: "2026-01-29", to: "2026-02-28" },
    });
    expect(namedPeriod("last-month", "2026-01-15")).toMatchObject({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });

  it("reads a custom period, and names what it cannot read", () => {
    expect(
      readPeriod({ period: "custom", from: "2026-03-02", to: "2026-03-15" }, "2026-11-01"),
    ).toMatchObject({ ok: true, period: { days: 14, previous: { from: "2026-02-16" } } });
    expect(
      readPeriod({ period: "custom", from: "2026-03-15", to: "2026-03-02" }, "2026-11-01"),
    ).toMatchObject({ ok: false, fieldErrors: { to: "Ends on or after the first day" } });
    expect(readPeriod({ period: "custom", from: "", to: "soon" }, "2026-11-01")).toMatchObject({
      ok: false,
      fieldErrors: { from: "Choose the first day", to: "Choose the last day" },
      period: { kind: "this-week" },
    });
    expect(readPeriod({ period: "anything" }, "2026-11-01").period.kind).toBe("this-week");
  });

  it("covers the salon's days, 23 and 25 hours long across the clock changes", () => {
    const spring = rangeInstants({ from: "2026-03-08", to: "2026-03-08" }, "America/Chicago");
    expect(+spring.end - +spring.start).toBe(23 * 3_600_000);
    expect(spring.start.toISOString()).toBe("2026-03-08T06:00:00.000Z");
    const autumn = rangeInstants({ from: "2026-11-01", to: "2026-11-01" }, "America/Chicago");
    expect(+autumn.end - +autumn.start).toBe(25 * 3_600_000);
  });
});

describe("wholeMonths", () => {
  it("finds the whole calendar months of a range, and none in a shorter one", () => {
    expect(wholeMonths({ from: "2025-12-01", to: "2026-11-30" })).toEqual({
      from: "2025-12-01",
      to: "2026-11-01",
      last: "2026-11-30",
    });
    expect(wholeMonths({ from: "2026-07-02", to: "2026-12-20" })).toEqual({
      from: "2026-08-01",
      to: "2026-11-01",
      last: "2026-11-30",
    });
    expect(wholeMonths({ from: "2026-02-01", to: "2026-02-28" })?.last).toBe("2026-02-28");
    expect(wholeMonths({ from: "2026-03-02", to: "2026-03-15" })).toBeNull();
    expect(wholeMonths({ from: "2026-01-15", to: "2026-02-27" })).toBeNull();
  });
});
