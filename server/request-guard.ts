// The checks every request that could change state passes before anything reads it, whatever
// route, island endpoint or later feature handles it (docs/security.md):
// - same origin: another site's page must not make its visitors' browsers post here (book the
//   calendar full, send mail, act in a signed-in staff member's name);
// - body size: a body is refused by its declared length before anything parses it, so a huge
//   post costs the server nothing but reading it past (below). Photo uploads (a multipart post
//   to a Site page that takes photos, from a browser with a staff session) may be as large as
//   UPLOAD_MAX_BYTES; every other body keeps MAX_BODY_BYTES.
// Reading methods (GET, HEAD, OPTIONS) change nothing and pass.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readSessionId } from "../app/lib/staff-cookie.server";
import { log } from "../app/services/platform/logger.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestGuardOptions {
  /** The site's own origin (PUBLIC_URL's, or the address the server listens on). */
  siteOrigin(): string;
  /** The largest body accepted, in bytes (MAX_BODY_BYTES). */
  maxBodyBytes: number;
  /** The largest photo upload, in bytes (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /**
   * The salon's current name (Business Details), for the page of a photo over the limit; without
   * it (or when it cannot be read) the page names no salon rather than an old name.
   */
  salonName?(): Promise<string>;
}

/**
 * The Site pages that take photos (gallery, posts, page texts), with React Router's data
 * requests (".data") to them: /site/gallery, /site/blog, /site/blog/<id>, /site/texts.
 */
const UPLOAD_PATH = /^\/site\/(gallery|texts|blog(\/[A-Za-z0-9-]{1,64})?)(\.data)?$/;

/** Whether the request is a photo upload, which may be up to UPLOAD_MAX_BYTES. */
export function isUpload(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return false;
  const path = (req.url ?? "").split("?")[0] ?? "";
  // Only a browser holding a staff session may send one; the page itself checks the session.
  return UPLOAD_PATH.test(path) && readSessionId(req.headers.cookie ?? null) !== undefined;
}

/** "20 MB": the limit as the page says it. */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

/** Text that is safe in HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page a browser shows for a photo over UPLOAD_MAX_BYTES that it sent anyway (the Site's forms
 * refuse such a choice before sending it): in the site's own colours and typefaces
 * (app/styles/base.css), with the salon's current name; it stands alone, since the request never
 * reaches the pages (nothing of it was read).
 */
export function uploadTooLargePage(limit: number, backPath: string, salonName?: string): string {
  const message = `The photo is larger than ${megabytes(limit)}`;
  const name = salonName?.trim() ? escapeHtml(salonName.trim()) : "";
  const back = escapeHtml(backPath);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${message}${name ? ` | ${name}` : ""}</title>
<style>
body{margin:0;background:#faf6f1;color:#2b2129;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{padding:1rem clamp(1.1rem,4vw,2.5rem);border-bottom:1px solid #e2d6cb;background:#fffdfa}
.name{font-family:"Cormorant Garamond","Iowan Old Style","Palatino Linotype",Georgia,serif;font-size:1.5rem;color:#4a2c3a}
main{max-width:40rem;margin:3rem auto;padding:0 clamp(1.1rem,4vw,2.5rem)}
.eyebrow{margin:0;color:#62545b;font-size:.8rem;letter-spacing:.12em;text-transform:uppercase}
h1{margin:.25rem 0 1rem;font-family:"Cormorant Garamond","Iowan Old Style","Palatino Linotype",Georgia,serif;font-weight:500;font-size:clamp(2rem,5vw,2.75rem);line-height:1.15;color:#4a2c3a}
.card{padding:1.25rem 1.5rem;border:1px solid #e2d6cb;border-radius:14px;background:#fffdfa}
.card p{margin:0 0 1rem}
a.button{display:inline-block;padding:.7rem 1.4rem;border-radius:999px;background:#4a2c3a;color:#fffdfa;text-decoration:none;font-weight:600}
a.button:focus-visible{outline:3px solid #b08d57;outline-offset:2px}
</style></head>
<body>
${name ? `<header><span class="name">${name}</span></header>\n` : ""}<main>
<p class="eyebrow">Site</p>
<h1>${message}</h1>
<div class="card">
<p role="alert">${message}: nothing was uploaded. Choose a smaller photo (a phone's photo is usually 2 to 8 MB), or fewer photos at once, and try again.</p>
<p><a class="button" href="${back}">Back to the page</a></p>
</div>
</main>
</body>
</html>
`;
}

/** Why a request is refused before it is read, or undefined when it may go on. */
export function refusalOf(
  req: IncomingMessage,
  options: RequestGuardOptions,
): { status: number; message: string; page?: { limit: number; back: string } } | undefined {
  if (SAFE_METHODS.has(req.method ?? "GET")) return undefined;
  if (!isSameOrigin(req, options.siteOrigin())) {
    return { status: 403, message: "Refused: this form was sent from another site." };
  }
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
    // A body of unknown length could be any size: browsers always give the length of a form.
    return { status: 411, message: "Refused: a body needs its Content-Length." };
  }
  if (length !== undefined && isUpload(req)) {
    if (Number(length) <= options.uploadMaxBytes) return undefined;
    return {
      status: 413,
      message: `Refused: the photo is larger than ${megabytes(options.uploadMaxBytes)}.`,
      page: {
        limit: options.uploadMaxBytes,
        back: (req.url ?? "").split("?")[0]?.replace(/\.data$/, "") ?? "/site",
      },
    };
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
 * A refused photo upload is read past before the answer, as nginx's lingering close does: a
 * browser still sending shows no answer at all when the server closes on it (it shows a reset
 * connection), so the owner would never see "The photo is larger than 20 MB". Up to this many
 * declared bytes, and as long as the body keeps coming (a pause this long ends the wait). Other
 * refusals close at once: no browser form sends them, and a client declaring a huge body and
 * sending nothing must not hold the connection.
 */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
const DRAIN_IDLE_MS = 10_000;

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
  const send = (page: string | undefined) => {
    if (res.headersSent) return;
    res.statusCode = refusal.status;
    res.setHeader("Content-Type", page ? "text/html; charset=utf-8" : "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Connection", "close");
    res.end(page ?? refusal.message);
  };
  const answer = () => {
    const page = refusal.page;
    if (!page) return send(undefined);
    // The name as the owner keeps it now; a database that does not answer leaves it out.
    const name = options.salonName ? options.salonName().catch(() => undefined) : undefined;
    void Promise.resolve(name).then((salon) =>
      send(uploadTooLargePage(page.limit, page.back, salon)),
    );
  };
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!refusal.page || req.complete || !(declared > 0) || declared > DRAIN_MAX_BYTES) {
    answer();
    return true;
  }
  // Read past the body, dropping each chunk, then answer (and close).
  let timer = setTimeout(answer, DRAIN_IDLE_MS);
  req.on("data", () => {
    clearTimeout(timer);
    timer = setTimeout(answer, DRAIN_IDLE_MS);
  });
  const done = () => {
    clearTimeout(timer);
    answer();
  };
  req.once("end", done);
  req.once("error", done);
  req.once("close", () => clearTimeout(timer));
  req.resume();
  return true;
}
