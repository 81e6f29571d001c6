// Public pages whose HTML is the same for every anonymous visitor are rendered once and then
// served from memory (docs/decisions/011-public-page-cache.md: React Router's SSR serves a few hundred pages a second, a
// file server tens of thousands). What must still differ per response, and how:
// - the CSP nonce: the rendered HTML is kept split at its nonce, and every response gets the
//   fresh nonce the app's nonce middleware made for it (the same one its CSP header names);
// - the page view: every hit that is a visit (isVisit, the loaders' own rule) is counted in the
//   database before the page is sent, as the page's loader would have counted it;
// - the site origin in canonical links when PUBLIC_URL is unset: part of the cache key;
// - staff: a request carrying a staff session cookie is never served from, nor stored in, the
//   cache (the staff see the same pages rendered for them).
// Only GET requests of the pages whose route handle says `cache` (derived at start by
// server/app.ts), only 200 HTML answers without cookies, are kept. The
// cache lives in the process that loaded this build: a new build is a new process and a new
// cache. Pages with live data (/schedule's free times, the staff pages, the manage link, forms
// after a POST) and React Router's `.data` requests always run their loaders.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { TLSSocket } from "node:tls";
import zlib from "node:zlib";
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  type NextFunction,
} from "express";
import type { RouterContextProvider } from "react-router";
import { business } from "../app/content/business";
import { salonDateOf } from "../app/domain/booking/time-zone";
import type { Database } from "../app/services/db/client.server";
import { isVisit, type PageName, recordPageView } from "../app/services/page-views.server";
import { readSessionId } from "../app/services/session.server";
import { readEveryDayVersion } from "../app/services/slot-listing-cache.server";

/**
 * The versions of the pages whose route handle says `cache: "versioned"`, under their page
 * name: their HTML also depends on the database or the date, so they are kept only at their
 * plain address (no query: a query is a search) and rendered again when the version changes.
 * /schedule lists the services staff edit and offers dates from today: its version is the
 * salon's date and the stamp the database's triggers give every change to the services (and to
 * closed days: docs/decisions/013-slot-listing-cache.md), read on every request (one row), so an edit in any process shows
 * at once.
 */
const PAGE_VERSIONS: Readonly<Record<string, (db: Database) => Promise<string>>> = {
  Schedule: async (db) =>
    `${salonDateOf(new Date(), business.timeZone)}|${await readEveryDayVersion(db)}`,
};

/**
 * The pages served from memory, address → page name, derived from the routes' handles
 * (app/lib/route-handle.ts, `cache`). A "static" page's HTML depends only on the address: its
 * content is in app/content, not in the database. /gallery-photo and /blogpost answer 200 only
 * for a photo or post that exists; other answers (redirects, 404) are never kept, so their
 * loaders keep deciding.
 */
export interface CachedPageLists {
  cached: ReadonlyMap<string, PageName>;
  versioned: ReadonlyMap<string, PageName>;
}

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
  render(request: Request, context: RouterContextProvider): Promise<Response>;
  loadContext(req: ExpressRequest, res: ExpressResponse): RouterContextProvider;
  pages: CachedPageLists;
  /** PUBLIC_URL: when set, links do not depend on the request's Host. */
  publicUrl?: string;
  /** Express's `trust proxy` is on (TRUST_PROXY): the origin's protocol is X-Forwarded-Proto's. */
  trustProxy?: boolean;
}

export interface PageCache {
  /** Whether a request may be answered from (or stored in) the cache. */
  handles(req: IncomingMessage): boolean;
  /**
   * Answers from memory if the page is kept, straight on node's request and response, before
   * Express runs (server.ts): resolves true if it answered, false if it left the response
   * untouched for Express. `nonceFor` gives the response its nonce and CSP header.
   */
  serveKept(
    req: IncomingMessage,
    res: ServerResponse,
    nonceFor: (res: ServerResponse) => string,
  ): Promise<boolean>;
  /**
   * Answers a request `handles` accepted, rendering and keeping it if it is not kept yet;
   * needs res.locals.nonce (and its CSP header) set.
   */
  middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void;
  /** How many addresses are kept (tests, benchmarks). */
  readonly size: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const CACHED_PAGES = options.pages.cached;
  const VERSIONED_PAGES = versionedPagesOf(options.pages.versioned);
  const pages = new Map<string, CachedPage>();
  const views = createViewTally(options.db);

  /** Versioned pages: one entry per address, replaced when its version moves on. */
  const versioned = new Map<string, { version: string; page: CachedPage }>();
  const versionReaders = new Map(
    [...VERSIONED_PAGES].map(([path, page]) => [
      path,
      batchedReader(() => page.version(options.db)),
    ]),
  );

  /** The request's address in the cache, its versioned page if any, and the page kept for it. */
  async function lookUp(req: IncomingMessage) {
    const url = req.url ?? "/";
    const path = pathOf(url);
    const key = options.publicUrl ? url : `${originOf(req, options.trustProxy ?? false)}${url}`;
    const versionedPage = VERSIONED_PAGES.get(path);
    if (!versionedPage) return { key, path, page: pages.get(key) };
    const version = await versionReaders.get(path)?.();
    const kept = versioned.get(key);
    const page = kept !== undefined && kept.version === version ? kept.page : undefined;
    return { key, path, versionedPage, version, page };
  }

  /**
   * What serveKept found for a request it left to Express, so the middleware does not look again
   * (for /schedule that is a database read of its version).
   */
  const missed = new WeakMap<IncomingMessage, Awaited<ReturnType<typeof lookUp>>>();

  async function sendKept(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    nonce: string,
  ) {
    if (isVisit(visitOf(req))) await views.add(page.pageName);
    sendCached(req, res, page, nonce);
  }

  async function serve(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    const nonce = String(res.locals.nonce);
    const found = missed.get(req) ?? (await lookUp(req));
    missed.delete(req);
    const { key, path, versionedPage, version, page: kept } = found;
    if (kept) {
      await sendKept(req, res, kept, nonce);
      return;
    }
    const response = await options.render(toFetchRequest(req), options.loadContext(req, res));
    const pageName = versionedPage?.pageName ?? CACHED_PAGES.get(path);
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

  function handles(req: IncomingMessage): boolean {
    if (req.method !== "GET") return false;
    const url = req.url ?? "/";
    const path = pathOf(url);
    if (VERSIONED_PAGES.has(path)) {
      if (url !== path) return false;
    } else if (!CACHED_PAGES.has(path)) {
      return false;
    }
    return readSessionId(headerOf(req, "cookie")) === undefined;
  }

  return {
    handles,
    async serveKept(req, res, nonceFor) {
      if (!handles(req)) return false;
      const found = await lookUp(req);
      if (!found.page) {
        missed.set(req, found);
        return false;
      }
      await sendKept(req, res, found.page, nonceFor(res));
      return true;
    },
    middleware(req, res, next) {
      serve(req, res).catch(next);
    },
    get size() {
      return pages.size + versioned.size;
    },
  };
}

/** Each versioned page with its version; a page without one is a mistake caught at start. */
function versionedPagesOf(pages: ReadonlyMap<string, PageName>) {
  return new Map(
    [...pages].map(([path, pageName]) => {
      const version = PAGE_VERSIONS[pageName];
      if (!version)
        throw new Error(`${path} is cached "versioned" but ${pageName} has no version.`);
      return [path, { pageName, version }] as const;
    }),
  );
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
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  nonce: string,
): void {
  // Express's own negotiation (accepts), called on node's request as Express would call it.
  const gzip = express.request.acceptsEncodings.call(req, "gzip", "identity") === "gzip";
  const body = gzip ? gzipWithNonce(page, nonce) : joinWithNonce(page.parts, nonce);
  res.statusCode = 200;
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

function visitOf(req: IncomingMessage) {
  return { method: req.method ?? "GET", headers: { get: (name: string) => headerOf(req, name) } };
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

/** The address's path: what precedes its query (Express's req.path for the paths kept here). */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** `${req.protocol}://${req.get("host")}` as Express gives them (with `trust proxy` true or off). */
function originOf(req: IncomingMessage, trustProxy: boolean): string {
  let protocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const forwarded = trustProxy ? headerOf(req, "x-forwarded-proto") : null;
  if (forwarded) protocol = forwarded.split(",")[0]?.trim() ?? protocol;
  return `${protocol}://${headerOf(req, "host")}`;
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
