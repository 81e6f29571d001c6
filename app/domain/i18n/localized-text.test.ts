import { describe, expect, it } from "vitest";
import { missingSpanish, pickText } from "./localized-text";

describe("pickText", () => {
  it("gives the Spanish on a Spanish page when it is written", () => {
    expect(pickText("es", "Gel Manicure", "Manicura en gel")).toEqual({
      text: "Manicura en gel",
      lang: "es",
    });
  });

  it("falls back to the English, marked English, when the Spanish is empty or blank", () => {
    expect(pickText("es", "Gel Manicure", "")).toEqual({ text: "Gel Manicure", lang: "en" });
    expect(pickText("es", "Gel Manicure", "   ")).toEqual({ text: "Gel Manicure", lang: "en" });
    expect(pickText("es", "Gel Manicure", null)).toEqual({ text: "Gel Manicure", lang: "en" });
  });

  it("gives the English on an English page even when a Spanish one is written", () => {
    expect(pickText("en", "Gel Manicure", "Manicura en gel")).toEqual({
      text: "Gel Manicure",
      lang: "en",
    });
  });
});

describe("missingSpanish", () => {
  it("is missing only where the English says something and the Spanish does not", () => {
    expect(missingSpanish("Christmas Eve", "")).toBe(true);
    expect(missingSpanish("Christmas Eve", "Nochebuena")).toBe(false);
    expect(missingSpanish("", "")).toBe(false);
  });
});
