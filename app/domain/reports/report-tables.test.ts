import { describe, expect, it } from "vitest";
import { CSV_CELLS } from "./cell-writer";
import { readPeriod } from "./period";
import { emptyFigures } from "./period-figures.fixture";
import type { PeriodFigures } from "./report-data";
import { reportTables } from "./report-tables";

const read = readPeriod({ period: "custom", from: "2026-03-02", to: "2026-03-08" }, "2026-03-10");
if (!read.ok) throw new Error("unread period");
const period = read.period;

function withMoney(money: Partial<PeriodFigures["revenue"]>): PeriodFigures {
  const empty = emptyFigures();
  return emptyFigures({ revenue: { ...empty.revenue, ...money } });
}

describe("Stripe's money in the revenue table (docs/product.md#reports)", () => {
  const report = {
    period,
    current: withMoney({
      depositCents: 6300,
      noShowFeeCents: 1500,
      refundedCents: 4000,
      disputeLostCents: 2500,
    }),
    previous: withMoney({ depositCents: 12200, refundedCents: 700 }),
  };

  it("writes deposits and fees as money taken, refunds and lost disputes as money given back", () => {
    const rows = reportTables(report).revenue.rows.slice(4);
    expect(rows).toEqual([
      ["Deposits", "$63.00", "$122.00", "-$59.00 (-48%)"],
      ["No-show fees", "$15.00", "$0.00", "+$15.00"],
      ["Late cancellation fees", "$0.00", "$0.00", "$0.00"],
      ["Refunds", "-$40.00", "-$7.00", "-$33.00 (-471%)"],
      ["Lost disputes", "-$25.00", "$0.00", "-$25.00"],
    ]);
  });

  it("puts the same figures in the revenue CSV, as plain numbers", () => {
    const rows = reportTables(report, CSV_CELLS).revenue.rows.slice(4);
    expect(rows).toEqual([
      ["Deposits (USD)", "63.00", "122.00", "-59.00"],
      ["No-show fees (USD)", "15.00", "0.00", "15.00"],
      ["Late cancellation fees (USD)", "0.00", "0.00", "0.00"],
      ["Refunds (USD)", "-40.00", "-7.00", "-33.00"],
      ["Lost disputes (USD)", "-25.00", "0.00", "-25.00"],
    ]);
  });

  it("shows nothing given back as $0.00, never -$0.00", () => {
    const none = { period, current: withMoney({}), previous: withMoney({}) };
    expect(reportTables(none).revenue.rows.slice(-2)).toEqual([
      ["Refunds", "$0.00", "$0.00", "$0.00"],
      ["Lost disputes", "$0.00", "$0.00", "$0.00"],
    ]);
  });
});
