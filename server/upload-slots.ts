// Photo uploads in flight (docs/security.md#upload-limits). An upload (a multipart post to a Site
// page that takes photos, from a browser with a staff session: isUpload) may send 20 MB, slowly:
// - a session, and a client (its address as every limit counts it, client-key.server.ts), have at
//   most UPLOADS_IN_FLIGHT uploads in flight; another gets 429 at once, before its body is read.
//   Counted by the session cookie's id AND the address, so a made-up cookie gets no new slots;
// - a body that makes no progress for UPLOAD_STALL_MS (no byte arrives) is cut off: 408 if
//   nothing was answered yet, and the request ends, so what it held is freed;
// - a client that goes away mid-body ends its request only, with one warning in the log.
// A slot is given back once its body has arrived and its answer has begun (the photos are read and
// converted before that, so they stay counted; a page that streams holds its response open after
// the browser has shown it, which no longer holds the slot), or when the response closes, however
// the request ended.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readSessionId } from "../app/lib/staff-cookie.server";
import { log } from "../app/services/platform/logger.server";
import { isUpload } from "./request-guard";

/** Uploads one session, and one client, may have in flight. */
export const UPLOADS_IN_FLIGHT = 2;

export const UPLOADS_BUSY_MESSAGE =
  "Two uploads from this session or connection are still being sent: wait for one to finish, then try again.";

export const UPLOAD_STALLED_MESSAGE =
  "The upload stopped: nothing arrived for a while. Please try again.";

export interface UploadSlotsOptions {
  /** How long a body may make no progress (UPLOAD_STALL_MS). */
  stallMs: number;
}

/** The path of a request, without its query (which may carry a token). */
const pathOf = (req: IncomingMessage) => (req.url ?? "").split("?")[0]?.slice(0, 200);

export function createUploadSlots(options: UploadSlotsOptions) {
  const inFlight = new Map<string, number>();
  const take = (key: string, by: number) => {
    const left = (inFlight.get(key) ?? 0) + by;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };
  return {
    /**
     * Counts the request if it is an upload; true when it was answered here (429) and must go no
     * further.
     */
    admit(req: IncomingMessage, res: ServerResponse, clientAddress: string): boolean {
      if (!isUpload(req)) return false;
      const keys = [
        `session:${readSessionId(req.headers.cookie ?? null)}`,
        `client:${clientAddress}`,
      ];
      if (keys.some((key) => (inFlight.get(key) ?? 0) >= UPLOADS_IN_FLIGHT)) {
        log.warn({ path: pathOf(req) }, "Upload refused: two in flight already");
        res.writeHead(429, {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": "30",
          Connection: "close",
        });
        res.end(UPLOADS_BUSY_MESSAGE);
        return true;
      }
      for (const key of keys) take(key, 1);
      let held = true;
      const giveBack = () => {
        if (!held) return;
        held = false;
        for (const key of keys) take(key, -1);
      };
      let bodyIn = false;
      let answering = false;
      const settled = () => bodyIn && answering && giveBack();
      req.once("end", () => {
        bodyIn = true;
        settled();
      });
      // Every answer's head goes through writeHead (an implicit one too), so it marks the start.
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        answering = true;
        settled();
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse["writeHead"];
      const watch = cutOffWhenStalled(req, res, options.stallMs);
      res.once("close", () => {
        giveBack();
        watch.stop();
        if (!req.complete && !res.writableFinished && !watch.cutOff) {
          log.warn(
            { path: pathOf(req), received: req.socket?.bytesRead },
            "Upload ended: the client went away before its body was complete",
          );
        }
      });
      return false;
    },
  };
}

/**
 * Watches the bytes the connection has read: when none arrived for `stallMs` while the body is
 * incomplete (and none wait unread in the request: then the server is the slow one), the request
 * is answered 408 and ended.
 */
function cutOffWhenStalled(req: IncomingMessage, res: ServerResponse, stallMs: number) {
  const watch = { cutOff: false, stop: () => clearInterval(timer) };
  let seen = req.socket?.bytesRead ?? 0;
  let since = Date.now();
  const timer = setInterval(
    () => {
      const read = req.socket?.bytesRead ?? seen;
      if (req.complete || req.destroyed) {
        clearInterval(timer);
        return;
      }
      if (read !== seen || req.readableLength > 0) {
        seen = read;
        since = Date.now();
        return;
      }
      if (Date.now() - since < stallMs) return;
      clearInterval(timer);
      watch.cutOff = true;
      log.warn({ path: pathOf(req), received: read }, "Upload cut off: its body stalled");
      // Ending the request fails its body: the reader stops and frees what it held.
      const end = () => req.destroy();
      if (res.headersSent) {
        end();
        return;
      }
      res.writeHead(408, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "close",
      });
      res.end(UPLOAD_STALLED_MESSAGE, end);
      // A client that reads nothing either: the request ends anyway.
      setTimeout(end, 1000).unref();
    },
    Math.max(50, Math.min(1000, Math.round(stallMs / 10))),
  );
  timer.unref();
  return watch;
}
