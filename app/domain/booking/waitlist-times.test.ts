import { describe, expect, it } from "vitest";
import { describePeriods, lineOf, periodOf, suits, WaitlistRequestSchema } from "./waitlist-times";

describe("the waitlist's rules", () => {
  it("puts a start in the morning before noon, the afternoon until 5 PM, the evening after", () => {
    expect([periodOf(10 * 60), periodOf(11 * 60 + 59), periodOf(12 * 60)]).toEqual([
      "morning",
      "morning",
      "afternoon",
    ]);
    expect([periodOf(16 * 60 + 45), periodOf(17 * 60)]).toEqual(["afternoon", "evening"]);
    expect(suits([], 9 * 60)).toBe(true);
    expect(suits(["evening"], 14 * 60)).toBe(false);
    expect(describePeriods(["morning", "evening"])).toBe("mornings or evenings");
    expect(describePeriods([])).toBe("any time");
  });

  it("is one line for one day's search, whatever the order of its add-ons", () => {
    const visit = (addOnIds: string[]) => [{ typeId: "gel", technician: "any", addOnIds }];
    expect(lineOf("2026-12-01", visit(["b", "a"]))).toBe(lineOf("2026-12-01", visit(["a", "b"])));
    expect(lineOf("2026-12-01", visit([]))).not.toBe(lineOf("2026-12-02", visit([])));
    expect(lineOf("2026-12-01", [{ typeId: "gel", technician: "Nina", addOnIds: [] }])).not.toBe(
      lineOf("2026-12-01", visit([])),
    );
  });

  it("reads the form: name and email required, known parts of the day only, each once", () => {
    const parsed = WaitlistRequestSchema.safeParse({
      dateIso: "2026-12-01",
      name: " Ana ",
      email: "ana@example.com",
      periods: ["evening", "evening"],
    });
    expect(parsed.success && parsed.data).toEqual({
      dateIso: "2026-12-01",
      name: "Ana",
      email: "ana@example.com",
      periods: ["evening"],
      // No language said: English.
      locale: "en",
    });
    expect(
      WaitlistRequestSchema.safeParse({
        dateIso: "2026-02-30",
        name: "",
        email: "x",
        periods: [],
      }).error?.issues.map((issue) => issue.path[0]),
    ).toEqual(["dateIso", "name", "email"]);
  });
});
