import { addDaysIso } from "../booking/time-zone";
import { type CellWriter, PAGE_CELLS } from "./cell-writer";
import { datesOf } from "./period";
import type { PeriodFigures, ReportData } from "./report-data";
import type { ReportTable } from "./report-tables";

// 'Revenue per day' of a long period in fewer rows, so that printed it keeps to one sheet
// (docs/product.md#reports): by week up to 92 days, by calendar month beyond. Each stretch of
// the period beside the dates as far into the previous period.

/** Periods longer than this print their revenue by week or month, not by day. */
export const LONG_PERIOD_DAYS = 31;

/** The period's dates cut into weeks (from its first date) or calendar months: date indexes. */
function stretches(dates: string[]): { first: number; last: number }[] {
  const byMonth = dates.length > 92;
  const cuts: { first: number; last: number }[] = [];
  dates.forEach((date, i) => {
    const current = cuts.at(-1);
    const starts = byMonth ? date.endsWith("-01") : i % 7 === 0;
    if (!current || starts) cuts.push({ first: i, last: i });
    else current.last = i;
  });
  return cuts;
}

export function revenueByStretchTable(
  { period, current, previous }: ReportData,
  w: CellWriter = PAGE_CELLS,
): ReportTable {
  const dates = datesOf(period);
  const sum = (figures: PeriodFigures, from: string, to: string) =>
    figures.revenue.perDay
      .filter((d) => from <= d.date && d.date <= to)
      .reduce((total, d) => total + d.cents, 0);
  const then = (i: number) => addDaysIso(period.previous.from, i);
  const byMonth = dates.length > 92;
  return {
    id: "revenue-by-stretch",
    title: byMonth ? "Revenue per month" : "Revenue per week",
    header: [
      byMonth ? "Month" : "Week",
      w.label("Charged", "USD"),
      "Previous period",
      w.label("Charged then", "USD"),
    ],
    rows: stretches(dates).map(({ first, last }) => {
      const from = dates[first] ?? period.from;
      const to = dates[last] ?? period.to;
      return [
        `${from} to ${to}`,
        w.money(sum(current, from, to)),
        `${then(first)} to ${then(last)}`,
        w.money(sum(previous, then(first), then(last))),
      ];
    }),
  };
}
