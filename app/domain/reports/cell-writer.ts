import { formatCents } from "../money";
import {
  averageChange,
  countChange,
  formatAverage,
  formatCount,
  formatHours,
  formatRate,
  hoursChange,
  moneyChange,
  rateChange,
} from "./figures";

// How a report table writes its cells (docs/product.md#reports): the page for a reader ("$240.00",
// "+3 (+33%)", "2.5 h"), the CSV for a spreadsheet (issue 38): plain numbers in the page's
// precision, the unit in the column's or the figure's name ("Revenue (USD)", "No-show rate (%)"),
// a change as the difference alone (its per cent is this period's over the previous one), and
// "n/a" as an empty cell. One table definition, two writers, so the CSV keeps the page's rows.

/** What a figure is counted in; a plain count has none. */
export type Unit = "USD" | "%" | "h" | "min";

export interface CellWriter {
  /** A column's or a figure's name, with its unit where the writer names units. */
  label(text: string, unit?: Unit): string;
  count(value: number): string;
  rate(value: number | null): string;
  hours(minutes: number): string;
  money(cents: number): string;
  /** An average in cents of `count` amounts ("n/a" with none). */
  average(cents: number, count: number): string;
  countChange(now: number, before: number): string;
  rateChange(now: number | null, before: number | null): string;
  hoursChange(now: number, before: number): string;
  moneyChange(now: number, before: number): string;
  averageChange(
    now: { cents: number; count: number },
    before: { cents: number; count: number },
  ): string;
}

export const PAGE_CELLS: CellWriter = {
  label: (text) => text,
  count: formatCount,
  rate: formatRate,
  hours: formatHours,
  money: formatCents,
  average: formatAverage,
  countChange,
  rateChange,
  hoursChange,
  moneyChange,
  averageChange,
};

/** `value` with `digits` decimals, never "-0.0". */
function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

const dollars = (cents: number) => fixed(Math.round(cents) / 100, 2);
const percent = (value: number | null) => (value === null ? "" : fixed(value * 100, 1));
const averageCents = (cents: number, count: number) => Math.round(cents / count);

export const CSV_CELLS: CellWriter = {
  label: (text, unit) => (unit ? `${text} (${unit})` : text),
  count: (value) => String(value),
  rate: percent,
  hours: (minutes) => fixed(minutes / 60, 1),
  money: dollars,
  average: (cents, count) => (count > 0 ? dollars(averageCents(cents, count)) : ""),
  countChange: (now, before) => String(now - before),
  // Percentage points, rounded as the page rounds them.
  rateChange: (now, before) =>
    now === null || before === null ? "" : fixed(Math.round((now - before) * 1000) / 10, 1),
  hoursChange: (now, before) => fixed((now - before) / 60, 1),
  moneyChange: (now, before) => dollars(now - before),
  averageChange: (now, before) =>
    now.count === 0 || before.count === 0
      ? ""
      : dollars(averageCents(now.cents, now.count) - averageCents(before.cents, before.count)),
};
