import { formatCents } from "../money";

// How the report writes its figures and their change against the previous period
// (docs/product.md#reports). A rate whose base is nothing is "n/a", never 0%.

const NOT_AVAILABLE = "n/a";

/** part / whole, or null when there is no whole. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return integer.format(value);
}

/** 0.125 -> "12.5%". */
export function formatRate(value: number | null): string {
  return value === null ? NOT_AVAILABLE : `${oneDecimal.format(value * 100)}%`;
}

/** Minutes as hours: 150 -> "2.5 h". */
export function formatHours(minutes: number): string {
  return `${oneDecimal.format(minutes / 60)} h`;
}

function signed(text: string, value: number): string {
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

/** 12 beside 9: "+3 (+33%)"; beside 0: "+12". */
export function countChange(now: number, before: number): string {
  const delta = now - before;
  const text = signed(formatCount(Math.abs(delta)), delta);
  if (before === 0 || delta === 0) return text;
  return `${text} (${signed(`${integer.format(Math.abs((delta / before) * 100))}%`, delta)})`;
}

/** Rates compare in percentage points: 0.2 beside 0.15 is "+5.0 pts". */
export function rateChange(now: number | null, before: number | null): string {
  if (now === null || before === null) return NOT_AVAILABLE;
  const points = (now - before) * 100;
  const rounded = Math.round(points * 10) / 10;
  return `${signed(oneDecimal.format(Math.abs(rounded)), rounded)} pts`;
}

/** Hours compare as hours: "+1.5 h". */
export function hoursChange(now: number, before: number): string {
  const delta = now - before;
  return signed(formatHours(Math.abs(delta)), delta);
}

/** Money compares as money: "+$120.00 (+10%)". */
export function moneyChange(now: number, before: number): string {
  const delta = now - before;
  const text = signed(formatCents(Math.abs(delta)), delta);
  if (before === 0 || delta === 0) return text;
  return `${text} (${signed(`${integer.format(Math.abs((delta / before) * 100))}%`, delta)})`;
}

/** An average in cents ("$52.50"), or "n/a" with nothing to average. */
export function formatAverage(cents: number, count: number): string {
  return count > 0 ? formatCents(Math.round(cents / count)) : NOT_AVAILABLE;
}

/** Two averages' change, in money; "n/a" when either has nothing to average. */
export function averageChange(
  now: { cents: number; count: number },
  before: { cents: number; count: number },
): string {
  if (now.count === 0 || before.count === 0) return NOT_AVAILABLE;
  return moneyChange(Math.round(now.cents / now.count), Math.round(before.cents / before.count));
}
