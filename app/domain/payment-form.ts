import { MAX_PRICE_CENTS, parseAmount } from "./money";
import { z } from "./zod";

// What a completed visit was paid (docs/product.md#prices-and-payments): 'Amount charged' and
// 'Tip' as typed at the desk, read into cents. The same check hints in the browser and decides on
// the server.

const MONEY_MESSAGE = "Enter dollars and cents, like 45 or 45.50";

/** An amount field: dollars and cents, not negative, at most $99,999.99; empty is `empty`. */
function amountField(empty: number | undefined, requiredMessage: string) {
  return z
    .string(requiredMessage)
    .trim()
    .transform((text, ctx) => {
      if (text === "" && empty !== undefined) return empty;
      if (text === "") {
        ctx.addIssue({ code: "custom", message: requiredMessage });
        return z.NEVER;
      }
      const cents = parseAmount(text);
      if (cents === null) {
        const negative = /^-/.test(text.replace(/^\$\s*/, ""));
        ctx.addIssue({ code: "custom", message: negative ? "Cannot be negative" : MONEY_MESSAGE });
        return z.NEVER;
      }
      if (cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: "custom", message: "At most $99,999.99" });
        return z.NEVER;
      }
      return cents;
    });
}

/** 'Amount charged' is required; an empty 'Tip' is none. */
export const PaymentSchema = z.object({
  charged: amountField(undefined, "Enter the amount charged, like 45 or 45.50"),
  tip: amountField(0, MONEY_MESSAGE).optional().default(0),
});

/** 'Total charged' of a visit: required, as 'Amount charged' (docs/product.md#prices-and-payments). */
export const VisitTotalSchema = PaymentSchema.shape.charged;

/**
 * A visit's one total (or one tip) split over its services in proportion to `weights` (their
 * prices; for the tip, what each was charged), in whole cents that add up to `cents` exactly:
 * each gets its share rounded down, and the cents left over go one each to the largest
 * remainders, the earlier service first on a tie. All weights zero: split evenly.
 */
export function splitCents(cents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const shares = weights.map((weight) => (sum > 0 ? weight / sum : 1 / weights.length) * cents);
  const split = shares.map(Math.floor);
  let left = cents - split.reduce((total, part) => total + part, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    split[index] = (split[index] ?? 0) + 1;
    left -= 1;
  }
  return split;
}
