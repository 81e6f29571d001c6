// Public pages whose HTML is the same for every anonymous visitor are rendered once and then
// served from memory (DESIGN.md: React Router's SSR serves a few hundred pages a second, a
// file server tens of thousands). What must still differ per response, and how:
// - the CSP nonce: the rendered HTML is kept split at its nonce, and every response gets the
//   fresh nonce the app's nonce middleware made for it (the same one its CSP header names);
// - the page view: every hit that is a visit (isVisit, the loaders' own rule) is counted in the
//   database before the page is sent, as the page's loader would have counted it;
// - the site origin in canonical links when PUBLIC_URL is unset: part of the cache key;
// - staff: a request carrying a staff session cookie is never served from, nor stored in, the
//   cache (the staff see the same pages rendered for them).
// Only GET requests of the pages below, only 200 HTML answers without cookies, are kept. The
// cache lives in the process that loaded this build: a new build is a new process and a new
// cache. Pages with live data (/schedule's free times, the staff pages, the manage link, forms
// after a POST) and React Router's `.data` requests always run their loaders.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { AppLoadContext } from "react-router";
import { business } from "../app/content/business";
import { salonDateOf } from "../app/domain/booking/time-zone";
import type { Database } from "../app/server/db/client.server";
import { isVisit, type PageName, recordPageView } from "../app/server/page-views.server";
import { readSessionId } from "../app/server/session.server";
import { readEveryDayVersion } from "../app/server/slot-listing-cache.server";

/**
 * The pages served from memory, with the name their loader counts a visit under. Their HTML
 * depends only on the address: the content is in app/content, not in the database.
 * /gallery-photo and /blogpost answer 200 only for a photo or post that exists; other answers
 * (redirects, 404) are never kept, so their loaders keep deciding.
 */
export const CACHED_PAGES: ReadonlyMap<string, PageName> = new Map([
  ["/", "Home"],
  ["/about", "About"],
  ["/services", "Services"],
  ["/gallery", "Gallery"],
  ["/gallery-photo", "Gallery Photo"],
  ["/blog", "Blog"],
  ["/blogpost", "Blog Post"],
  ["/contact", "Contact"],
  ["/locations", "Locations"],
  ["/reviews", "Reviews"],
]);

/**
 * Pages whose HTML also depends on the database or the date, kept under a version: only their
 * plain address (no query: a query is a search), and rendered again when the version changes.
 * /schedule lists the services staff edit and offers dates from today: its version is the
 * salon's date and the stamp the database's triggers give every change to the services (and to
 * closed days: decision 013), read on every request (one row), so an edit in any process shows
 * at once.
 */
const VERSIONED_PAGES: ReadonlyMap<
  string,
  { pageName: PageName; version(db: Database): Promise<string> }
> = new Map([
  [
    "/schedule",
    {
      pageName: "Schedule",
      version: async (db: Database) =>
        `${salonDateOf(new Date(), business.timeZone)}|${await readEveryDayVersion(db)}`,
    },
  ],
]);

/** Beyond this many addresses (query strings vary freely) new ones are rendered, not kept. */
const MAX_ENTRIES = 500;

interface CachedPage {
  pageName: PageName;
  /** The HTML split at every occurrence of the nonce it was rendered with. */
  parts: Buffer[];
  /** Each part as raw deflate ending on a byte boundary (sync flush), for gzip answers. */
  deflatedParts: Buffer[];
  headers: [string, string][];
}

export interface PageCacheOptions {
  db: Database;
  /** React Router's request handler (the Fetch API one). */
  render(request: Request, context: AppLoadContext): Promise<Response>;
  loadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext;
  /** PUBLIC_URL: when set, links do not depend on the request's Host. */
  publicUrl?: string;
}

export interface PageCache {
  /** Whether a request may be answered from (or stored in) the cache. */
  handles(req: ExpressRequest): boolean;
  /** Answers a request `handles` accepted; needs res.locals.nonce (and its CSP header) set. */
  middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void;
  /** How many addresses are kept (tests, benchmarks). */
  readonly size: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const pages = new Map<string, CachedPage>();
  const views = createViewTally(options.db);

  const keyOf = (req: ExpressRequest) =>
    options.publicUrl ? req.originalUrl : `${req.protocol}://${req.get("host")}${req.originalUrl}`;

  /** Versioned pages: one entry per address, replaced when its version moves on. */
  const versioned = new Map<string, { version: string; page: CachedPage }>();
  const versionReaders = new Map(
    [...VERSIONED_PAGES].map(([path, page]) => [
      path,
      batchedReader(() => page.version(options.db)),
    ]),
  );

  async function serve(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    const nonce = String(res.locals.nonce);
    const key = keyOf(req);
    const versionedPage = VERSIONED_PAGES.get(req.path);
    const version = versionedPage ? await versionReaders.get(req.path)?.() : undefined;
    const kept = versionedPage ? versioned.get(key) : undefined;
    const fresh = kept !== undefined && kept.version === version;
    const cached = versionedPage ? (fresh ? kept.page : undefined) : pages.get(key);
    if (cached) {
      if (isVisit(visitOf(req))) await views.add(cached.pageName);
      sendCached(req, res, cached, nonce);
      return;
    }
    const response = await options.render(toFetchRequest(req), options.loadContext(req, res));
    const pageName = versionedPage?.pageName ?? CACHED_PAGES.get(req.path);
    const full = versionedPage ? versioned.size >= MAX_ENTRIES : pages.size >= MAX_ENTRIES;
    if (!pageName || !isKeepable(response) || (full && !versioned.has(key))) {
      await sendFetchResponse(res, response);
      return;
    }
    const html = Buffer.from(await response.arrayBuffer());
    const page = toCachedPage(pageName, html, nonce, response.headers);
    if (versionedPage && version !== undefined) versioned.set(key, { version, page });
    else pages.set(key, page);
    sendCached(req, res, page, nonce);
  }

  return {
    handles(req) {
      if (req.method !== "GET") return false;
      if (VERSIONED_PAGES.has(req.path)) {
        if (req.originalUrl !== req.path) return false;
      } else if (!CACHED_PAGES.has(req.path)) {
        return false;
      }
      return readSessionId(req.get("Cookie") ?? null) === undefined;
    },
    middleware(req, res, next) {
      serve(req, res).catch(next);
    },
    get size() {
      return pages.size + versioned.size;
    },
  };
}

function isKeepable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !response.headers.has("Set-Cookie")
  );
}

const SKIPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding"]);

function toCachedPage(pageName: PageName, html: Buffer, nonce: string, headers: Headers) {
  const parts: Buffer[] = [];
  const marker = Buffer.from(nonce);
  let from = 0;
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, from)) {
    parts.push(html.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(html.subarray(from));
  return {
    pageName,
    parts,
    deflatedParts: parts.map((part) =>
      zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    ),
    headers: [...headers].filter(([name]) => !SKIPPED_HEADERS.has(name.toLowerCase())),
  } satisfies CachedPage;
}

function sendCached(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  nonce: string,
): void {
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  const body = gzip ? gzipWithNonce(page, nonce) : joinWithNonce(page.parts, nonce);
  res.status(200);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  const marker = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(marker);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * The page as gzip without compressing it again: the parts were deflated once, each ending on a
 * byte boundary, so the stream is those blocks with the nonce between them as stored
 * (uncompressed) blocks, then the end block and gzip's CRC-32 and length of the whole text.
 */
function gzipWithNonce(page: CachedPage, nonce: string): Buffer {
  const marker = Buffer.from(nonce);
  const stored = Buffer.alloc(5 + marker.length);
  stored.writeUInt16LE(marker.length, 1);
  stored.writeUInt16LE(~marker.length & 0xffff, 3);
  marker.copy(stored, 5);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(stored);
      crc = zlib.crc32(marker, crc);
      length += marker.length;
    }
    pieces.push(page.deflatedParts[i] as Buffer);
    crc = zlib.crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(DEFLATE_END, trailer);
  return Buffer.concat(pieces);
}

function visitOf(req: ExpressRequest) {
  return { method: req.method, headers: { get: (name: string) => req.get(name) ?? null } };
}

function toFetchRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
  return new Request(url, { method: req.method, headers });
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== "set-cookie") res.append(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
}

/**
 * Reads a version for many requests at once without ever answering one with a read that began
 * before it arrived: requests that come while a read runs wait for the next one (as the view
 * tally below groups writes). Every request sees every change committed before it came.
 */
function batchedReader(read: () => Promise<string>): () => Promise<string> {
  let waiting: { resolve(version: string): void; reject(error: unknown): void }[] = [];
  let running = false;
  async function loop(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const version = await read();
        for (const request of batch) request.resolve(version);
      } catch (error) {
        for (const request of batch) request.reject(error);
      }
    }
    running = false;
  }
  return () =>
    new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!running) {
        running = true;
        setImmediate(() => void loop());
      }
    });
}

/**
 * Page views of cache hits, written like a group commit: while one write runs, the visits that
 * arrive wait and are then added in one statement per page. Every visit is stored before its
 * page is sent, so the count is exact and a crash loses none, and a burst costs a few writes.
 */
function createViewTally(db: Database) {
  let pending = new Map<PageName, { views: number; done: (() => void)[] }>();
  let writing = false;

  async function write(): Promise<void> {
    while (pending.size > 0) {
      const batch = pending;
      pending = new Map();
      await Promise.all(
        [...batch].map(async ([page, { views, done }]) => {
          try {
            await recordPageView(db, page, views);
          } catch (error) {
            console.error(`Counting ${views} views of ${page} failed:`, error);
          }
          for (const resolve of done) resolve();
        }),
      );
    }
    writing = false;
  }

  return {
    add(page: PageName): Promise<void> {
      return new Promise((resolve) => {
        const entry = pending.get(page) ?? { views: 0, done: [] };
        entry.views++;
        entry.done.push(resolve);
        pending.set(page, entry);
        // After the requests already received (setImmediate runs after this round of I/O): an
        // embedded database answers within microtasks, so starting now would batch nothing.
        if (!writing) {
          writing = true;
          setImmediate(() => void write());
        }
      });
    },
  };
}
