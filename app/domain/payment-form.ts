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
