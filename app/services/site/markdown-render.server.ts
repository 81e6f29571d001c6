// Rendering a post's Markdown where a runaway input cannot stall the server
// (docs/decisions/017-markdown-off-the-event-loop.md, docs/security.md#markdown): the parser
// (marked) is quadratic on runs like `_a_a_a...` and overflows its stack on quotes nested
// thousands deep, so it runs in one worker thread (markdown-thread.server.ts), one render at a
// time, each given RENDER_LIMITS.timeLimitMs: past it the thread is ended and replaced and the
// text is "too complex". A few renders may wait their turn; more are refused as "busy".
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { log } from "../platform/logger.server";
import type { ThreadJob, ThreadReply } from "./markdown-thread.server";

export type MarkdownRender =
  | { ok: true; html: string }
  /** Over the time limit, the thread's memory or stack, or refused by the parser. */
  | { ok: false; reason: "too-complex" }
  /** Too many renders waiting already, or the thread could not start. */
  | { ok: false; reason: "busy" };

export interface RenderLimits {
  /** How long one render may run; past it its thread is ended and replaced. */
  timeLimitMs: number;
  /** Renders that may wait while one runs; one more is refused as busy. */
  maxWaiting: number;
  /** An idle thread ends after this long and gives its memory back; the next render starts one. */
  idleMs: number;
}

/** A post's body of 30,000 characters renders in milliseconds; 2 s is a runaway. */
export const RENDER_LIMITS: RenderLimits = { timeLimitMs: 2_000, maxWaiting: 3, idleMs: 60_000 };

/**
 * The thread's own heap, which bounds what a hostile text can make it allocate (its stack is
 * Node's default for threads; an overflow is answered as too complex).
 */
const THREAD_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 64 };

const TOO_COMPLEX = { ok: false, reason: "too-complex" } as const;
const BUSY = { ok: false, reason: "busy" } as const;

/**
 * The thread, from the file that exists where this module runs: the TypeScript source through
 * tsx's loader (npm run dev serves app/ through Vite; the tests import it), or, in the build,
 * build/markdown-thread.js beside the React Router bundle's folder (build/server/index.js).
 */
function startThread(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    return new Worker(new URL("../markdown-thread.js", here), { resourceLimits: THREAD_LIMITS });
  }
  const entry = new URL("./markdown-thread.server.ts", here).href;
  // tsx's ESM API (its "tsx/esm/api" import export), by its file: its CommonJS one cannot load it.
  const tsxFolder = path.dirname(createRequire(here).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxFolder, "dist/esm/api/index.mjs")).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}));`;
  return new Worker(code, { eval: true, resourceLimits: THREAD_LIMITS });
}

interface Job {
  markdown: string;
  resolve: (result: MarkdownRender) => void;
  /** Called when the job leaves the queue, to stop listening for its request's abort. */
  settle: () => void;
}

/** One thread and its queue: `render` resolves each text's HTML, or why there is none. */
export class MarkdownRenderer {
  private thread: Worker | undefined;
  private ready = false;
  private running: { id: number; job: Job; timer: NodeJS.Timeout } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private lastId = 0;
  private readonly waiting: Job[] = [];

  constructor(private readonly limits: RenderLimits = RENDER_LIMITS) {}

  /** The text's sanitised HTML; `signal` takes a waiting render out of the queue when aborted. */
  render(markdown: string, signal?: AbortSignal): Promise<MarkdownRender> {
    if (signal?.aborted || this.waiting.length >= this.limits.maxWaiting) {
      return Promise.resolve(BUSY);
    }
    return new Promise((resolve) => {
      const abort = () => {
        const at = this.waiting.indexOf(job);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(BUSY);
      };
      const job: Job = {
        markdown,
        resolve,
        settle: () => signal?.removeEventListener("abort", abort),
      };
      signal?.addEventListener("abort", abort, { once: true });
      this.waiting.push(job);
      this.next();
    });
  }

  /** Ends the thread; renders still waiting or running are answered busy. */
  async close(): Promise<void> {
    this.answerWaiting(BUSY);
    this.finish(BUSY);
    clearTimeout(this.idleTimer);
    const stopped = this.thread;
    this.forgetThread();
    await stopped?.terminate();
  }

  /** Starts the next waiting render when the thread is free, starting the thread if needed. */
  private next(): void {
    clearTimeout(this.idleTimer);
    if (this.running) return;
    if (this.waiting.length === 0) {
      // Idle: the thread no longer keeps the process alive, and ends after a while.
      this.thread?.unref();
      this.idleTimer = setTimeout(() => this.stopThread(), this.limits.idleMs).unref();
      return;
    }
    if (!this.thread) {
      this.spawn();
      return;
    }
    if (!this.ready) return;
    this.thread.ref();
    const job = this.waiting.shift() as Job;
    job.settle();
    const id = ++this.lastId;
    const timer = setTimeout(() => {
      log.warn({ limitMs: this.limits.timeLimitMs }, "A Markdown render ran over its time.");
      this.stopThread();
      this.finish(TOO_COMPLEX);
    }, this.limits.timeLimitMs).unref();
    this.running = { id, job, timer };
    this.thread.postMessage({ id, markdown: job.markdown } satisfies ThreadJob);
  }

  /** Answers the running render, and goes on with the next. */
  private finish(result: MarkdownRender): void {
    const { running } = this;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = undefined;
    running.job.resolve(result);
    this.next();
  }

  private answerWaiting(result: MarkdownRender): void {
    for (const job of this.waiting.splice(0)) {
      job.settle();
      job.resolve(result);
    }
  }

  private forgetThread(): void {
    this.thread = undefined;
    this.ready = false;
  }

  private stopThread(): void {
    const stopped = this.thread;
    this.forgetThread();
    void stopped?.terminate();
  }

  private spawn(): void {
    const started = startThread();
    this.thread = started;
    started.on("message", (reply: ThreadReply) => {
      if (started !== this.thread) return;
      if ("ready" in reply) {
        this.ready = true;
        this.next();
      } else if (this.running?.id === reply.id) {
        this.finish(reply.ok ? { ok: true, html: reply.html } : TOO_COMPLEX);
      }
    });
    // An uncaught error is followed by 'exit', where it is answered.
    started.on("error", (error) => {
      if (started === this.thread) log.warn({ err: error }, "The Markdown thread failed.");
    });
    started.on("exit", () => {
      if (started !== this.thread) return;
      const wasReady = this.ready;
      this.forgetThread();
      if (this.running) {
        // Out of its memory mid-render: the text is the cause.
        this.finish(TOO_COMPLEX);
      } else if (!wasReady) {
        // It never started (its file missing?): answer the waiting now rather than retry forever.
        log.error("The Markdown thread could not start.");
        this.answerWaiting(BUSY);
      }
    });
  }
}

/** The server's one renderer: a post's Preview and its saves (blog-post-render.server.ts). */
const renderer = new MarkdownRenderer();

/** A post body's sanitised HTML, made off the event loop, or why it cannot be shown. */
export function renderPostMarkdown(
  markdown: string,
  signal?: AbortSignal,
): Promise<MarkdownRender> {
  return renderer.render(markdown, signal);
}
