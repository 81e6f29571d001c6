import { describe, expect, it } from "vitest";
import { CSV_CELLS } from "./cell-writer";
import { csvField, csvFile, toCsv } from "./csv";

describe("CSV (docs/product.md#reports)", () => {
  it("quotes commas, quotes and line breaks, and ends lines with CRLF", () => {
    expect(
      toCsv(
        ["Service", "Count"],
        [
          ["Mani, Pedi", "3"],
          ['The "Deluxe"', "1"],
        ],
      ),
    ).toBe('Service,Count\r\n"Mani, Pedi",3\r\n"The ""Deluxe""",1\r\n');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("starts a file with UTF-8's byte-order mark, so a spreadsheet keeps its accents", () => {
    const file = csvFile(["Technician"], [["Zoë"]]);
    expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.slice(1)).toBe("Technician\r\nZoë\r\n");
  });

  it("keeps a spreadsheet from reading a name as a formula, but writes a negative number as one", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+12")).toBe("'+12");
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField("-1e3")).toBe("'-1e3");
    expect(csvField("\tTab")).toBe("'\tTab");
    expect(csvField("\u0001SOH")).toBe("'\u0001SOH");
    // What the page wrote before: in a CSV now only in a name, and neutralised there.
    expect(csvField("-5.0 h")).toBe("'-5.0 h");
    for (const number of ["-12.50", "-3", "-0.5", "240.00", "0"]) {
      expect(csvField(number)).toBe(number);
    }
  });

  it("writes amounts, hours, rates and changes as plain numbers, n/a as an empty cell", () => {
    const w = CSV_CELLS;
    expect(w.money(24000)).toBe("240.00");
    expect(w.money(123456789)).toBe("1234567.89");
    expect(w.moneyChange(1000, 2250)).toBe("-12.50");
    expect(w.hours(150)).toBe("2.5");
    expect(w.hoursChange(60, 360)).toBe("-5.0");
    expect(w.rate(0.125)).toBe("12.5");
    expect(w.rate(null)).toBe("");
    expect(w.rateChange(0.2, 0.15)).toBe("5.0");
    expect(w.rateChange(0.15, 0.2)).toBe("-5.0");
    expect(w.rateChange(0.1, 0.1)).toBe("0.0");
    expect(w.count(1234)).toBe("1234");
    expect(w.countChange(9, 12)).toBe("-3");
    expect(w.average(1000, 3)).toBe("3.33");
    expect(w.average(0, 0)).toBe("");
    expect(w.averageChange({ cents: 0, count: 0 }, { cents: 100, count: 1 })).toBe("");
    expect(w.label("Revenue", "USD")).toBe("Revenue (USD)");
    expect(w.label("Appointments")).toBe("Appointments");
  });
});
