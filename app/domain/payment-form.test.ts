import { describe, expect, it } from "vitest";
import { PaymentSchema, splitCents } from "./payment-form";
import { fieldErrorsOf } from "./zod";

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = PaymentSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
};

describe("PaymentSchema ('Amount charged' and 'Tip')", () => {
  it.each([
    [
      { charged: "45", tip: "5" },
      { charged: 4500, tip: 500 },
    ],
    [
      { charged: "$42.50", tip: "" },
      { charged: 4250, tip: 0 },
    ],
    [
      { charged: " 1,200 ", tip: "0.5" },
      { charged: 120000, tip: 50 },
    ],
    [{ charged: "0" }, { charged: 0, tip: 0 }],
  ])("reads %j", (input, cents) => {
    expect(PaymentSchema.parse(input)).toEqual(cents);
  });

  it.each([
    [{ charged: "", tip: "5" }, { charged: "Enter the amount charged, like 45 or 45.50" }],
    [{ tip: "5" }, { charged: "Enter the amount charged, like 45 or 45.50" }],
    [{ charged: "-5" }, { charged: "Cannot be negative" }],
    [{ charged: "$-5" }, { charged: "Cannot be negative" }],
    [{ charged: "45+" }, { charged: "Enter dollars and cents, like 45 or 45.50" }],
    [{ charged: "100000" }, { charged: "At most $99,999.99" }],
    [{ charged: "45", tip: "-1" }, { tip: "Cannot be negative" }],
    [{ charged: "45", tip: "a lot" }, { tip: "Enter dollars and cents, like 45 or 45.50" }],
  ])("refuses %j", (input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });
});

describe("splitCents (a visit's one total or tip, split by price)", () => {
  it.each([
    // $100 over a $50 and a $45 service: 52.63... and 47.368..., the cent left to the larger remainder.
    [10_000, [5000, 4500], [5263, 4737]],
    [9500, [5000, 4500], [5000, 4500]],
    // A third each: the leftover cent to the first.
    [100, [1, 1, 1], [34, 33, 33]],
    [1000, [0, 0], [500, 500]],
    [0, [5000, 4500], [0, 0]],
    [7, [3000], [7]],
  ])("splits %i over %j as %j", (cents, weights, split) => {
    expect(splitCents(cents, weights)).toEqual(split);
    expect(split.reduce((a, b) => a + b, 0)).toBe(cents);
  });
});
