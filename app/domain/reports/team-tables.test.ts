import { describe, expect, it } from "vitest";
import { namedPeriod } from "./period";
import { emptyFigures } from "./period-figures.fixture";
import type { HeatCell, PeriodFigures } from "./report-data";
import { busiestTable } from "./team-tables";

function figures(heat: HeatCell[]): PeriodFigures {
  return emptyFigures({ heat });
}

describe("the busiest times table (docs/product.md#reports)", () => {
  it("shows the previous period's minutes below the period's, over the hours either has", () => {
    const table = busiestTable({
      period: namedPeriod("this-week", "2026-11-11"),
      current: figures([{ weekday: 1, hour: 10, minutes: 90 }]),
      previous: figures([{ weekday: 2, hour: 20, minutes: 45 }]),
    });
    expect(table.header.at(1)).toBe("10:00 AM");
    expect(table.header.at(-1)).toBe("8:00 PM");
    expect(table.rows).toHaveLength(14);
    expect(table.rows[0]?.slice(0, 2)).toEqual(["Monday", "90"]);
    expect(table.rows[8]?.[0]).toBe("Tuesday, previous period");
    expect(table.rows[8]?.at(-1)).toBe("45");
    expect(table.rows[7]?.slice(0, 2)).toEqual(["Monday, previous period", "0"]);
  });
});
