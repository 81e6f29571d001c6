import {
  addDaysIso,
  isIsoDate,
  parseIsoDate,
  resolveWallTime,
  weekdayOf,
} from "../booking/time-zone";

// The report's period (docs/product.md#reports): salon calendar dates, first and last included,
// and the period of the same length just before it, which every figure is compared with. Weeks
// run Monday to Sunday, as the salon lists its days; months are calendar months.

export const PERIOD_KINDS = [
  "this-week",
  "last-week",
  "this-month",
  "last-month",
  "custom",
] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
  custom: "Custom",
};

/** A custom period is at most this many days (two years: a year beside the year before). */
const MAX_PERIOD_DAYS = 731;

export interface DateRange {
  /** Salon dates "YYYY-MM-DD", both included. */
  from: string;
  to: string;
}

export interface ReportPeriod extends DateRange {
  kind: PeriodKind;
  /** The same number of days right before `from`. */
  previous: DateRange;
  days: number;
}

interface PeriodQuery {
  period?: string | null;
  from?: string | null;
  to?: string | null;
}

type PeriodRead =
  | { ok: true; period: ReportPeriod }
  | { ok: false; fieldErrors: Record<string, string>; period: ReportPeriod };

/** Days from `from` to `to`, both included (calendar days: a daylight-saving day counts once). */
function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  const ms = Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day);
  return Math.round(ms / 86_400_000) + 1;
}

function withPrevious(kind: PeriodKind, from: string, to: string): ReportPeriod {
  const days = daysBetween(from, to);
  return {
    kind,
    from,
    to,
    days,
    previous: { from: addDaysIso(from, -days), to: addDaysIso(from, -1) },
  };
}

function mondayOf(dateIso: string): string {
  const index = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
  return addDaysIso(dateIso, -index.indexOf(weekdayOf(dateIso)));
}

function monthOf(dateIso: string, shift: number): DateRange {
  const { year, month } = parseIsoDate(dateIso);
  const first = new Date(Date.UTC(year, month - 1 + shift, 1));
  const last = new Date(Date.UTC(year, month + shift, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** One of the named periods around `today` (a salon date). */
export function namedPeriod(kind: Exclude<PeriodKind, "custom">, today: string): ReportPeriod {
  const monday = mondayOf(today);
  switch (kind) {
    case "this-week":
      return withPrevious(kind, monday, addDaysIso(monday, 6));
    case "last-week":
      return withPrevious(kind, addDaysIso(monday, -7), addDaysIso(monday, -1));
    case "this-month": {
      const month = monthOf(today, 0);
      return withPrevious(kind, month.from, month.to);
    }
    case "last-month": {
      const month = monthOf(today, -1);
      return withPrevious(kind, month.from, month.to);
    }
  }
}

/**
 * The period a query asks for (`?period=&from=&to=`), 'This week' when it names none. A custom
 * period it cannot read gets its fields' messages, and this week is shown meanwhile.
 */
export function readPeriod(query: PeriodQuery, today: string): PeriodRead {
  const kind = PERIOD_KINDS.find((k) => k === query.period) ?? "this-week";
  if (kind !== "custom") return { ok: true, period: namedPeriod(kind, today) };
  const from = query.from?.trim() ?? "";
  const to = query.to?.trim() ?? "";
  const fieldErrors: Record<string, string> = {};
  if (!isIsoDate(from)) fieldErrors.from = "Choose the first day";
  if (!isIsoDate(to)) fieldErrors.to = "Choose the last day";
  else if (isIsoDate(from) && to < from) fieldErrors.to = "Ends on or after the first day";
  else if (isIsoDate(from) && daysBetween(from, to) > MAX_PERIOD_DAYS)
    fieldErrors.to = `At most ${MAX_PERIOD_DAYS} days at once`;
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, fieldErrors, period: namedPeriod("this-week", today) };
  }
  return { ok: true, period: withPrevious("custom", from, to) };
}

/** The instants a range covers in the salon's zone: [start, end), across daylight-saving days. */
export function rangeInstants(range: DateRange, zone: string): { start: Date; end: Date } {
  return {
    start: new Date(resolveWallTime(range.from, 0, zone).ms),
    end: new Date(resolveWallTime(addDaysIso(range.to, 1), 0, zone).ms),
  };
}

/** Every date of a range, in order. */
export function datesOf(range: DateRange): string[] {
  const dates: string[] = [];
  for (let date = range.from; date <= range.to; date = addDaysIso(date, 1)) dates.push(date);
  return dates;
}

/** The query string naming a period, for links (the CSVs) and the form's values. */
export function periodQuery(period: ReportPeriod): string {
  const params = new URLSearchParams({ period: period.kind });
  if (period.kind === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return params.toString();
}

/**
 * The whole calendar months inside a range (`from`..`to`: their first dates; `last`: the last
 * date of the last one), or null when it holds none: the report reads those by month.
 */
export function wholeMonths(range: DateRange): { from: string; to: string; last: string } | null {
  const from = range.from.endsWith("-01") ? range.from : monthOf(range.from, 1).from;
  const afterTo = addDaysIso(range.to, 1);
  // The first date after the last whole month: the day after `to`, or the first of to's month.
  const end = afterTo.endsWith("-01") ? afterTo : monthOf(range.to, 0).from;
  if (from >= end) return null;
  const last = addDaysIso(end, -1);
  return { from, to: monthOf(last, 0).from, last };
}
