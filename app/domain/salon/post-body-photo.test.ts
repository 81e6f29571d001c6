import { describe, expect, it } from "vitest";
import { insertIntoBody, photoMarkdown } from "./post-body-photo";

describe("Insert Photo's Markdown", () => {
  it("writes the photo's alt text on one line, its brackets escaped", () => {
    expect(photoMarkdown("Rose [gel]\nnails", "/photos/ab12cd34-800.jpg")).toBe(
      "![Rose \\[gel\\] nails](/photos/ab12cd34-800.jpg)",
    );
  });

  it("puts the photo in a paragraph of its own where the cursor was", () => {
    const body = "First paragraph.\n\nSecond paragraph.";
    const at = "First paragraph.".length;
    const result = insertIntoBody(body, at, "![x](/photos/a-1.jpg)");
    expect(result.body).toBe("First paragraph.\n\n![x](/photos/a-1.jpg)\n\nSecond paragraph.");
    expect(result.body.slice(0, result.cursor)).toBe("First paragraph.\n\n![x](/photos/a-1.jpg)");
  });

  it("adds a photo at the end when the cursor is unknown or past the end", () => {
    expect(insertIntoBody("Text", Number.NaN, "![x](/p)").body).toBe("Text\n\n![x](/p)\n");
    expect(insertIntoBody("Text", 99, "![x](/p)").body).toBe("Text\n\n![x](/p)\n");
    expect(insertIntoBody("", 0, "![x](/p)").body).toBe("![x](/p)\n");
  });
});
