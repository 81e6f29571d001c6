import { describe, expect, it } from "vitest";
import { amountInput, formatCents, formatPrice, parseAmount, parsePrice, sumPrices } from "./money";

describe("parsePrice", () => {
  it.each([
    ["$50", 5000, false],
    ["$60+", 6000, true],
    ["$52.50", 5250, false],
    ["$52.5", 5250, false],
    ["$1200", 120000, false],
    ["$1,200", 120000, false],
    ["50", 5000, false],
    ["50+", 5000, true],
    ["  $ 45 +  ", 4500, true],
    ["$0", 0, false],
    ["$5.05+", 505, true],
    ["$99,999.99", 9_999_999, false],
  ])("reads %j", (text, cents, from) => {
    expect(parsePrice(text)).toEqual({ cents, from });
  });

  it.each([
    "",
    "$",
    "+",
    "free",
    "-$5",
    "$-5",
    "$50.555",
    "$1,20",
    "$1,2000",
    "$50++",
    "+$50",
    "$50 - $60",
    "$5O",
    "$.50",
    "50.",
    "99999999999999999999",
  ])("refuses %j", (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});

describe("parseAmount", () => {
  it.each([
    ["45", 4500],
    ["$45.50", 4550],
    ["1,200", 120000],
    ["0", 0],
    ["0.5", 50],
  ])("reads %j", (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each(["", "-1", "$45+", "4.555", "ten", "1e3"])("refuses %j", (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe("formatPrice", () => {
  it.each([
    [5000, false, "$50"],
    [6000, true, "$60+"],
    [5250, false, "$52.50"],
    [505, true, "$5.05+"],
    [120000, false, "$1200"],
    [0, false, "$0"],
  ])("%i cents (from %s) reads %j", (cents, from, text) => {
    expect(formatPrice(cents, from)).toBe(text);
  });

  it("reads back what it writes", () => {
    for (const cents of [0, 1, 99, 100, 5250, 9_999_999]) {
      for (const from of [false, true]) {
        expect(parsePrice(formatPrice(cents, from))).toEqual({ cents, from });
      }
    }
  });
});

describe("formatCents", () => {
  it.each([
    [123450, "$1,234.50"],
    [0, "$0.00"],
    [5, "$0.05"],
    [100000000, "$1,000,000.00"],
    [-500, "-$5.00"],
  ])("%i reads %j", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe("amountInput and sumPrices", () => {
  it("shows an amount to edit without a sign", () => {
    expect(amountInput(4500)).toBe("45");
    expect(amountInput(4550)).toBe("45.50");
    expect(amountInput(5)).toBe("0.05");
  });

  it("adds prices, a starting price if any one is", () => {
    expect(
      sumPrices([
        { cents: 5000, from: false },
        { cents: 500, from: true },
      ]),
    ).toEqual({ cents: 5500, from: true });
    expect(sumPrices([])).toEqual({ cents: 0, from: false });
  });
});
