// The Markdown renderer's limits (docs/security.md#markdown): a runaway text is ended at the time
// limit and its thread replaced, a text nested past MAX_NESTING or overflowing the parser is
// refused, a full queue answers busy at once, and what is rendered is what the page would show.
// A real thread running the real parser, as in the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING, renderPostBody, TooComplexMarkdown } from "./blog-markdown.server";
import { previewPostBody } from "./blog-post-render.server";
import { MarkdownRenderer, RENDER_LIMITS } from "./markdown-render.server";

/** The parser's quadratic case (issue 36): 15 s of work for the parser, whatever the machine. */
const RUNAWAY = "_a".repeat(49_990);
const BODY = "## Gel or dip?\n\n- lasts **two** weeks\n\n> A quote\n\n[Book](/schedule)";

// The server's limit: far below the runaway's time, far above a real post's.
const renderer = new MarkdownRenderer({ ...RENDER_LIMITS, maxWaiting: 1 });

// The thread starts once (in the tests through tsx, which compiles its source first).
beforeAll(() => renderer.render("warm"), 30_000);
afterAll(() => renderer.close());

describe("the Markdown renderer", () => {
  it("makes the same sanitised HTML as the page's renderer, off the event loop", async () => {
    expect(await renderer.render(BODY)).toEqual({ ok: true, html: renderPostBody(BODY) });
    expect(await renderer.render("<script>alert(1)</script>Hi")).toEqual({
      ok: true,
      html: "Hi",
    });
  });

  it("ends a render past its time limit as too complex, and the next text renders", async () => {
    const started = performance.now();
    expect(await renderer.render(RUNAWAY)).toEqual({ ok: false, reason: "too-complex" });
    // Ended at the limit, not when the parser would have finished.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await renderer.render(BODY)).toMatchObject({ ok: true });
  }, 15_000);

  it("keeps the event loop free while a runaway text renders", async () => {
    const render = renderer.render(RUNAWAY);
    const gaps: number[] = [];
    let last = performance.now();
    let done = false;
    void render.then(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      gaps.push(performance.now() - last);
      last = performance.now();
    }
    // The loop ran all along: timers fired every few milliseconds, never held for the render
    // (on this thread it would hold it 15 s; 500 ms leaves room for a busy machine's scheduler).
    expect(gaps.length).toBeGreaterThan(20);
    expect(Math.max(...gaps)).toBeLessThan(500);
  }, 15_000);

  it("refuses quotes and lists nested past MAX_NESTING, and a parser stack overflow", async () => {
    const deep = (levels: number) => `${"> ".repeat(levels)}x`;
    expect(await renderer.render(deep(MAX_NESTING))).toMatchObject({ ok: true });
    expect(await renderer.render(deep(MAX_NESTING + 1))).toEqual({
      ok: false,
      reason: "too-complex",
    });
    expect(await renderer.render(deep(2_000))).toEqual({ ok: false, reason: "too-complex" });
    expect(await renderer.render("> ".repeat(15_000))).toEqual({
      ok: false,
      reason: "too-complex",
    });
    const lists = Array.from({ length: MAX_NESTING + 1 }, (_, i) => `${"  ".repeat(i)}- x`);
    expect(await renderer.render(lists.join("\n"))).toEqual({ ok: false, reason: "too-complex" });
    // The same rule where the server renders its own seeded posts, on its main thread.
    expect(() => renderPostBody(deep(MAX_NESTING + 1))).toThrow(TooComplexMarkdown);
  }, 15_000);

  it("answers busy at once when its queue is full, and a waiting render aborted leaves it", async () => {
    const running = renderer.render(RUNAWAY);
    const waiting = renderer.render(BODY);
    expect(await renderer.render(BODY)).toEqual({ ok: false, reason: "busy" });
    expect(await running).toEqual({ ok: false, reason: "too-complex" });
    expect(await waiting).toMatchObject({ ok: true });

    const again = renderer.render(RUNAWAY);
    const abort = new AbortController();
    const aborted = renderer.render(BODY, abort.signal);
    abort.abort();
    expect(await aborted).toEqual({ ok: false, reason: "busy" });
    // Its place is free again.
    const next = renderer.render(BODY);
    expect(await again).toEqual({ ok: false, reason: "too-complex" });
    expect(await next).toMatchObject({ ok: true });
  }, 15_000);
});

describe("a post's Preview", () => {
  it("refuses a body over the post's 30,000 characters without rendering it", async () => {
    const started = performance.now();
    expect(await previewPostBody("_a".repeat(49_990))).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: { body: "At most 30,000 characters" },
    });
    expect(performance.now() - started).toBeLessThan(100);
  });
});
