// The Markdown thread: where a post's body is made into HTML and sanitised, away from the
// server's event loop (markdown-render.server.ts starts it, docs/decisions/017-markdown-off-the-event-loop.md).
// The parser has inputs that take seconds or overflow its stack; here they hold only this thread,
// which the server ends when a render runs over its time. Runs as a worker_threads entry: from
// the TypeScript source through tsx (npm run dev, the tests), built as build/markdown-thread.js
// (vite.server.config.ts) in production.
import { parentPort } from "node:worker_threads";
import { renderPostBody } from "./blog-markdown.server";

/** What the server sends: one body to render. */
export interface ThreadJob {
  id: number;
  markdown: string;
}

/** What the thread answers: ready once loaded, then one reply per job. */
export type ThreadReply =
  | { ready: true }
  | { id: number; ok: true; html: string }
  | { id: number; ok: false; error: string };

/**
 * Rendered once before the thread says it is ready: the parser's and the sanitiser's code is
 * compiled then, not in the first render's time limit.
 */
const WARM_UP = "## A\n\n- *b* **c** [d](/e)\n\n> f `g`\n\n1. h\n\n<b>i</b>";

const port = parentPort;
if (port) {
  renderPostBody(WARM_UP);
  port.on("message", ({ id, markdown }: ThreadJob) => {
    let reply: ThreadReply;
    try {
      reply = { id, ok: true, html: renderPostBody(markdown) };
    } catch (error) {
      // A stack overflow (quotes nested thousands deep) or any other failure of the parser: the
      // text cannot be shown, and the thread goes on.
      reply = { id, ok: false, error: error instanceof Error ? error.name : "Error" };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies ThreadReply);
}
