// Public pages whose HTML is the same for every anonymous visitor are rendered once and then
// served from memory (docs/decisions/011-public-page-cache.md: React Router's SSR serves a few
// hundred pages a second, a file server tens of thousands). A kept page is the same bytes for
// everyone: its inline script is allowed by its hash in the CSP, not by a per-response nonce, and
// links come from the configured origin, never from the request. So it is compressed once, as
// gzip and as Brotli, when it is kept. What still happens per request:
// - the page view: every hit that counts as one (countsAsPageView) is counted in the database
//   before the page is sent, by the same countPageView as a rendered page's
//   (app/lib/route-page-views.server.ts: a kept page is a 200 its loader answered, and a request
//   its page does not count, a refined search, is never served from here: routeFactsOf checks);
// - staff: a request carrying a staff session cookie is never served from, nor stored in, the
//   cache (the staff see the same pages rendered for them); nor is one carrying the booked
//   cookie (a visitor's 'Your appointment is booked', docs/product.md#after-booking).
// Which pages, and which of their query parameters matter, is in their route handles
// (app/lib/route-handle.ts: `cache`, `query`). Only 200 HTML answers without cookies are kept.
// The cache lives in the process that loaded this build: a new build is a new process.
import type { IncomingMessage, ServerResponse } from "node:http";
import { SALON_TIME_ZONE, salonDateOf } from "../app/domain/booking/time-zone";
import { hasBookedCookie } from "../app/lib/booked-cookie.server";
import type { CachedPageFacts } from "../app/lib/route-handle";
import { readSessionId } from "../app/lib/staff-cookie.server";
import { readEveryDayVersion } from "../app/services/booking/slot-listing-cache.server";
import type { Database } from "../app/services/db/client.server";
import { readSiteVersion } from "../app/services/salon/salon-details.server";
import { countPageView } from "../app/services/site/page-views.server";
import { isKeepable, type KeptPage, keep, send, sendResponse } from "./kept-page";

/**
 * What a kept page is rendered under, besides the site version (the owner's words, hours and
 * photos, drizzle/0023) that every kept page shows: the versions of the pages whose route handle
 * says `cache: "versioned"`, under their page name, whose HTML also depends on the bookings' data
 * or the date. /schedule lists the services staff edit and offers dates from today: its version
 * is the salon's date and the stamp the database's triggers give every change to the services,
 * their categories and closed days (docs/decisions/013-slot-listing-cache.md). / and /services
 * show the menu (docs/product.md#one-menu): the same stamp. Read on every request (one row each),
 * so an edit in any process shows at once.
 */
const PAGE_VERSIONS: Readonly<Record<string, (db: Database) => Promise<string>>> = {
  Schedule: async (db) =>
    `${salonDateOf(new Date(), SALON_TIME_ZONE)}|${await readEveryDayVersion(db)}`,
  Home: async (db) => String(await readEveryDayVersion(db)),
  Services: async (db) => String(await readEveryDayVersion(db)),
};

/** A kept page's whole version: the site's, then its own if it is versioned. */
function versionOf(facts: CachedPageFacts): (db: Database) => Promise<string> {
  // With the salon's date: pages list the coming days' special hours.
  const site = async (db: Database) =>
    `${await readSiteVersion(db)}|${salonDateOf(new Date(), SALON_TIME_ZONE)}`;
  if (facts.cache !== "versioned") return site;
  const own = PAGE_VERSIONS[facts.page];
  if (!own) throw new Error(`${facts.page} is cached "versioned" but has no version.`);
  return async (db) => {
    const [ofSite, ofPage] = await Promise.all([site(db), own(db)]);
    return `${ofSite}|${ofPage}`;
  };
}

/** At most this many pages are kept; the one used least recently goes first. */
const MAX_ENTRIES = 200;

interface PageCacheOptions {
  db: Database;
  /** Renders a page: React Router's request handler with the context of a kept page. */
  render(request: Request): Promise<Response>;
  /** address → the page's facts, from the route handles (routeFactsOf). */
  pages: ReadonlyMap<string, CachedPageFacts>;
  /** The configured site origin, whose links the pages carry. */
  siteUrl(): string;
}

interface PageCache {
  /**
   * Answers a request for a cached page, straight on node's request and response (before
   * Express: its routing costs more than sending the page), rendering and keeping the page
   * first if needed. Resolves false, leaving the response untouched, for any other request.
   */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** How many pages are kept (tests, benchmarks). */
  readonly size: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const kept = new Map<string, KeptPage>();
  const versionReaders = new Map<string, () => Promise<string>>();
  for (const [path, facts] of options.pages) {
    const version = versionOf(facts);
    versionReaders.set(
      path,
      batchedReader(() => version(options.db)),
    );
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const found = keyOf(req, options.pages);
    if (!found) return false;
    const { key, path, facts } = found;
    const version = await versionReaders.get(path)?.();
    const page = kept.get(key);
    if (page && page.version === version) {
      // Least recently used goes first: a hit moves the page to the end.
      kept.delete(key);
      kept.set(key, page);
      await countPageView(options.db, pageRequestOf(req), page.pageName);
      send(req, res, page);
      return true;
    }
    // A HEAD of a page not kept yet: Express answers it (no view, nothing kept).
    if (req.method !== "GET") return false;
    // Rendered with this request's headers (its page view is counted by them, as every rendered
    // page's: app/lib/route-page-views.server.ts) at the page's key: the address it reads.
    const response = await options.render(
      new Request(`${options.siteUrl()}${key}`, { headers: headersOf(req) }),
    );
    if (!isKeepable(response)) {
      await sendResponse(res, response);
      return true;
    }
    const fresh = await keep(facts.page, version, response);
    kept.delete(key);
    kept.set(key, fresh);
    for (const oldest of kept.keys()) {
      if (kept.size <= MAX_ENTRIES) break;
      kept.delete(oldest);
    }
    send(req, res, fresh);
    return true;
  }

  return {
    serve,
    get size() {
      return kept.size;
    },
  };
}

/** The page's key (its path and the parameters it reads), or undefined if not ours to serve. */
function keyOf(
  req: IncomingMessage,
  pages: ReadonlyMap<string, CachedPageFacts>,
): { key: string; path: string; facts: CachedPageFacts } | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = new URL(req.url ?? "/", "http://page");
  const facts = pages.get(url.pathname);
  const cookies = headerOf(req, "cookie");
  if (!facts || readSessionId(cookies) !== undefined) return undefined;
  // A visitor's own booking (docs/product.md#after-booking): rendered for them alone, never
  // kept, never answered with the page kept for everyone.
  if (hasBookedCookie(cookies)) return undefined;
  const read = new URLSearchParams();
  for (const name of facts.query) {
    const value = url.searchParams.get(name);
    if (value !== null) read.set(name, value);
  }
  // A versioned page with any of its parameters is a search: rendered every time.
  if (facts.cache === "versioned" && read.size > 0) return undefined;
  return {
    key: read.size > 0 ? `${url.pathname}?${read}` : url.pathname,
    path: url.pathname,
    facts,
  };
}

function pageRequestOf(req: IncomingMessage) {
  return { method: req.method ?? "GET", headers: { get: (name: string) => headerOf(req, name) } };
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  return headers;
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
