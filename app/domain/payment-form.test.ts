import { describe, expect, it } from "vitest";
import { PaymentSchema } from "./payment-form";
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
