import { describe, expect, it } from "vitest";
import { readPeriod } from "./period";
import { emptyFigures } from "./period-figures.fixture";
import type { PeriodFigures } from "./report-data";
import { revenueByStretchTable } from "./revenue-tables";

function figures(perDay: { date: string; cents: number }[]): PeriodFigures {
  const empty = emptyFigures();
  return emptyFigures({ revenue: { ...empty.revenue, perDay } });
}

function custom(from: string, to: string) {
  const read = readPeriod({ period: "custom", from, to }, "2027-01-01");
  if (!read.ok) throw new Error("unread period");
  return read.period;
}

describe("revenue of a long period, by week or month (docs/product.md#reports)", () => {
  it("sums a year by calendar month, each beside the same dates of the year before", () => {
    const table = revenueByStretchTable({
      period: custom("2026-01-01", "2026-12-31"),
      current: figures([
        { date: "2026-01-31", cents: 1000 },
        { date: "2026-02-01", cents: 250 },
      ]),
      previous: figures([{ date: "2025-01-05", cents: 700 }]),
    });
    expect(table.title).toBe("Revenue per month");
    expect(table.rows).toHaveLength(12);
    expect(table.rows[0]).toEqual([
      "2026-01-01 to 2026-01-31",
      "$10.00",
      "2025-01-01 to 2025-01-31",
      "$7.00",
    ]);
    expect(table.rows[1]?.[1]).toBe("$2.50");
  });

  it("sums up to 92 days by week from the period's first date, the last week shorter", () => {
    const table = revenueByStretchTable({
      period: custom("2026-03-02", "2026-04-30"),
      current: figures([{ date: "2026-04-30", cents: 500 }]),
      previous: figures([]),
    });
    expect(table.title).toBe("Revenue per week");
    expect(table.rows).toHaveLength(9);
    expect(table.rows.at(-1)?.slice(0, 2)).toEqual(["2026-04-27 to 2026-04-30", "$5.00"]);
  });
});
