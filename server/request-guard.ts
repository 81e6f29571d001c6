// The checks every request that could change state passes before anything reads it, whatever
// route, island endpoint or later feature handles it (docs/security.md):
// - same origin: another site's page must not make its visitors' browsers post here (book the
//   calendar full, send mail, act in a signed-in staff member's name);
// - body size: a body is refused by its declared length before a byte of it is read, so a huge
//   post costs the server nothing.
// Reading methods (GET, HEAD, OPTIONS) change nothing and pass.
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../app/services/platform/logger.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestGuardOptions {
  /** The site's own origin (PUBLIC_URL's, or the address the server listens on). */
  siteOrigin(): string;
  /** The largest body accepted, in bytes (MAX_BODY_BYTES). */
  maxBodyBytes: number;
}

/** Why a request is refused before it is read, or undefined when it may go on. */
export function refusalOf(
  req: IncomingMessage,
  options: RequestGuardOptions,
): { status: number; message: string } | undefined {
  if (SAFE_METHODS.has(req.method ?? "GET")) return undefined;
  if (!isSameOrigin(req, options.siteOrigin())) {
    return { status: 403, message: "Refused: this form was sent from another site." };
  }
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
    // A body of unknown length could be any size: browsers always give the length of a form.
    return { status: 411, message: "Refused: a body needs its Content-Length." };
  }
  if (length !== undefined && Number(length) > options.maxBodyBytes) {
    return { status: 413, message: "Refused: what was sent is too large." };
  }
  return undefined;
}

/**
 * Browsers say where a request comes from: `Sec-Fetch-Site` (same-origin, or none for what the
 * user typed or bookmarked), else `Origin`. A request with neither (an old browser, a script) is
 * no cross-site forgery a browser could be made to send, and passes.
 */
function isSameOrigin(req: IncomingMessage, siteOrigin: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string") return site === "same-origin" || site === "none";
  const origin = req.headers.origin;
  if (typeof origin === "string") return origin === siteOrigin;
  return true;
}

/**
 * Answers a refused request and closes its connection (its body is never read), logging one
 * line. Returns true if it answered.
 */
export function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: RequestGuardOptions,
): boolean {
  const refusal = refusalOf(req, options);
  if (!refusal) return false;
  log.warn(
    {
      status: refusal.status,
      method: req.method,
      // The path only: a query string may carry a token (the manage link).
      path: req.url?.split("?")[0]?.slice(0, 200),
      origin: String(req.headers.origin ?? req.headers["sec-fetch-site"] ?? "-").slice(0, 100),
    },
    refusal.message,
  );
  res.statusCode = refusal.status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  res.end(refusal.message);
  return true;
}
