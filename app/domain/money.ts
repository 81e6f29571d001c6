// Money as numbers (docs/product.md#prices-and-payments): whole cents in the database, the text
// the salon writes and reads ("$50+", "$52.50") made from them. Pure, safe in the browser.

/** A service's price as stored: cents, and whether it is a starting price (the "+" of "$50+"). */
interface Price {
  cents: number;
  from: boolean;
}

/** The most a service may cost, $99,999.99: the five digits the earlier price texts allowed. */
export const MAX_PRICE_CENTS = 9_999_999;

// "$50", "50", "$52.50", "$52.5", "$1,200", "$ 60 +": an optional dollar sign, whole dollars
// (digits, or digits grouped by commas in threes), one or two decimals, an optional "+".
const PRICE = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(\+)?$/;
const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

function toCents(dollars: string, decimals: string | undefined): number | null {
  const whole = Number(dollars.replaceAll(",", ""));
  const cents = whole * 100 + Number((decimals ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * A price as the salon writes it ("$50+", "$52.50", "50"), or null when it is not one (a word, a
 * negative, three decimals, "$1,20"). Its size is the caller's to limit (MAX_PRICE_CENTS).
 */
export function parsePrice(text: string): Price | null {
  const match = PRICE.exec(text.trim());
  if (!match?.[1]) return null;
  const cents = toCents(match[1], match[2]);
  return cents === null ? null : { cents, from: match[3] === "+" };
}

/** An amount of money typed at the desk ("45", "$45.50", "1,200"): cents, or null. No "+". */
export function parseAmount(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match?.[1]) return null;
  return toCents(match[1], match[2]);
}

/**
 * A price as the menu shows it: "$50", "$52.50", "$60+", "$1200" (no thousands separator, as the
 * salon's price texts always read). The database's `price` columns are this same text, generated
 * from the numbers (drizzle/0028): keep the two in step.
 */
export function formatPrice(cents: number, from = false): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `$${whole}${rest ? `.${String(rest).padStart(2, "0")}` : ""}${from ? "+" : ""}`;
}

/** An amount for reports and the desk: "$1,234.50", "$0.00", "-$5.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/** An amount as a form field shows it to be edited: "45", "45.50" (no sign, no separator). */
export function amountInput(cents: number): string {
  const rest = cents % 100;
  return `${Math.floor(cents / 100)}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** Prices added up (a service and its add-ons, a visit): a starting price if any one is. */
export function sumPrices(prices: readonly Price[]): Price {
  return {
    cents: prices.reduce((sum, price) => sum + price.cents, 0),
    from: prices.some((price) => price.from),
  };
}
