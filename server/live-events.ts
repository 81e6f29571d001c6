// /events: the server-sent events that keep open pages current (docs/decisions/015-live-pages.md).
// The database announces every change an open page shows on one channel (drizzle/0010); each
// process listens once and tells each of its open pages which table changed, so the page asks for
// fresh data. The stream carries table names only, never data; a visitor's stream hears only the
// tables public pages show, a staff member's all of them.
import type { IncomingMessage, ServerResponse } from "node:http";

/** The NOTIFY channel of drizzle/0010_change_notifications.sql. */
export const CHANGES_CHANNEL = "salon_changes";

/** What a public page shows: the times and services of /schedule. */
const PUBLIC_TABLES = new Set([
  "appointments",
  "appointment_types",
  "service_categories",
  "closed_days",
  "technicians",
]);

/** A comment line now and then, so proxies and browsers keep an idle stream open. */
const HEARTBEAT_MS = 20_000;
/** How soon a browser reconnects after the stream drops. */
const RETRY_MS = 2_000;
/** Open streams per process; past it a page simply does without live updates (503). */
const MAX_STREAMS = 500;

export interface LiveEventsOptions {
  /** Subscribes to the channel (DatabaseHandle.listen). */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResume: () => void,
  ): Promise<() => Promise<void>>;
  /** Whether the request carries a staff session. */
  isStaff(req: IncomingMessage): Promise<boolean>;
}

export interface LiveEvents {
  /** Answers GET /events with a stream that stays open. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** How many streams are open (tests). */
  readonly size: number;
  /** Ends every stream and stops listening (shutdown: open streams would hold the server). */
  close(): Promise<void>;
}

interface Stream {
  res: ServerResponse;
  staff: boolean;
}

export async function createLiveEvents(options: LiveEventsOptions): Promise<LiveEvents> {
  const streams = new Set<Stream>();
  const send = (table: string) => {
    for (const stream of streams) {
      if (stream.staff || table === "*" || PUBLIC_TABLES.has(table)) {
        stream.res.write(`event: change\ndata: ${table}\n\n`);
      }
    }
  };
  // After the listening connection came back, changes may have been missed: every page looks again.
  const unlisten = await options.listen(CHANGES_CHANNEL, send, () => send("*"));
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.res.write(": still here\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async handle(req, res) {
      if (streams.size >= MAX_STREAMS) {
        res.writeHead(503, { "Retry-After": "30", "Cache-Control": "no-store" });
        res.end();
        return;
      }
      const stream = { res, staff: await options.isStaff(req) };
      if (req.destroyed) return;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform: the compression middleware leaves it alone (it would hold the events back).
        "Cache-Control": "no-store, no-transform",
        // nginx: pass each event on as it comes.
        "X-Accel-Buffering": "no",
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      streams.add(stream);
      req.on("close", () => streams.delete(stream));
    },
    get size() {
      return streams.size;
    },
    async close() {
      clearInterval(heartbeat);
      for (const stream of streams) stream.res.end();
      streams.clear();
      await unlisten();
    },
  };
}
