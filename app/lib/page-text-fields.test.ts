import { describe, expect, it } from "vitest";
import { linkPiecesOf, paragraphsOf } from "./page-text-fields";

describe("an owner's text", () => {
  it("is paragraphs split at blank lines, single line breaks read as spaces", () => {
    expect(paragraphsOf("One\nline.\n\n  \nTwo.\r\n")).toEqual(["One line.", "Two."]);
    expect(paragraphsOf("   ")).toEqual([]);
  });

  it("links [words](/page) to the site's own pages only", () => {
    expect(linkPiecesOf("New here? Or [browse our menu](/services).")).toEqual([
      { text: "New here? Or " },
      { text: "browse our menu", to: "/services" },
      { text: "." },
    ]);
    expect(linkPiecesOf("[Book](/schedule?service=gel#top)")).toEqual([
      { text: "Book", to: "/schedule?service=gel#top" },
    ]);
    for (const typed of [
      "[x](javascript:alert(1))",
      "[x](https://example.com)",
      "[x](//example.com)",
      "[x](/a b)",
      '[x](/a"onmouseover=")',
    ]) {
      expect(
        linkPiecesOf(typed).every((piece) => !("to" in piece)),
        typed,
      ).toBe(true);
    }
  });
});
