import { describe, expect, it } from "vitest";
import { serializeIslandProps } from "./islands";

// Staff write service descriptions, and the booking island's props carry them inside a
// <script> element: no text may end that element or open a comment in it.
describe("serializeIslandProps", () => {
  const hostile = {
    description: "Soak </script><script>alert(1)</script> <!-- and --> done",
    nested: [{ label: "</SCRIPT>" }],
    plain: "Gel & shine, 100% \u2028 ok",
  };

  it("reads back as the same props", () => {
    expect(JSON.parse(serializeIslandProps(hostile))).toEqual(hostile);
  });

  it("contains no '<' at all, so no '</script' or '<!--'", () => {
    const json = serializeIslandProps(hostile);
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
  });
});
