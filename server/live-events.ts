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
/**
 * Open streams per client address (an IPv4 address or IPv6 /64, docs/security.md#clients): a few tabs of
 * one visitor or front desk. Past it the stream gets 429 and the page keeps its periodic refresh,
 * so one script cannot take every stream of the process.
 */
const MAX_STREAMS_PER_CLIENT = 4;

interface LiveEventsOptions {
  /** Subscribes to the channel (DatabaseHandle.listen). */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResume: () => void,
  ): Promise<() => Promise<void>>;
  /** Whether the request carries a staff session. */
  isStaff(req: IncomingMessage): Promise<boolean>;
}

interface LiveEvents {
  /** Answers GET /events with a stream that stays open; `client` is the client address the limit counts. */
  handle(req: IncomingMessage, res: ServerResponse, client: string): Promise<void>;
  /** How many streams are open (tests). */
  readonly size: number;
  /** Ends every stream and stops listening (shutdown: open streams would hold the server). */
  close(): Promise<void>;
}

interface Stream {
  res: ServerResponse;
  staff: boolean;
  client: string;
}

export async function createLiveEvents(options: LiveEventsOptions): Promise<LiveEvents> {
  const streams = new Set<Stream>();
  const perClient = new Map<string, number>();
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
    async handle(req, res, client) {
      if (streams.size >= MAX_STREAMS) {
        res.writeHead(503, { "Retry-After": "30", "Cache-Control": "no-store" });
        res.end();
        return;
      }
      if ((perClient.get(client) ?? 0) >= MAX_STREAMS_PER_CLIENT) {
        res.writeHead(429, { "Retry-After": "60", "Cache-Control": "no-store" });
        res.end();
        return;
      }
      // Counted before the session lookup, so a burst cannot slip past the limit while it waits.
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      let counted = true;
      const uncount = () => {
        if (!counted) return;
        counted = false;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      };
      const stream = { res, staff: await options.isStaff(req).catch(() => false), client };
      if (req.destroyed) {
        uncount();
        return;
      }
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform: the compression middleware leaves it alone (it would hold the events back).
        "Cache-Control": "no-store, no-transform",
        // nginx: pass each event on as it comes.
        "X-Accel-Buffering": "no",
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      streams.add(stream);
      req.on("close", () => {
        streams.delete(stream);
        uncount();
      });
    },
    get size() {
      return streams.size;
    },
    async close() {
      clearInterval(heartbeat);
      for (const stream of streams) stream.res.end();
      streams.clear();
      perClient.clear();
      await unlisten();
    },
  };
}
