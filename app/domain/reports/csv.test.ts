import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

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

  it("keeps a spreadsheet from reading a name as a formula, but not the report's changes", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    for (const change of ["-5.0 h", "+4 (+80%)", "-3.0 pts", "-$12.50 (-10%)", "+12"]) {
      expect(csvField(change)).toBe(change);
    }
  });
});
