// docs/product.md#page-views-counted-atomically: every page view adds one in a single atomic statement, so concurrent page views, in
// one process or several on one PostgreSQL, never lose a count (the old site read, then wrote).
import { asc, desc, sql } from "drizzle-orm";
import { createIsbotFromList, list } from "isbot";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import type { Database } from "../db/client.server";
import { pageViewDays, pageViews } from "../db/schema.server";
import { log } from "../platform/logger.server";

export interface PageViewCount {
  pageName: string;
  views: number;
}

/**
 * Adds `views` views (one unless told) of `pageName` and returns the new count. The page cache
 * (server/page-cache.ts) adds the page views that arrived while its previous write ran in one go.
 * A public page's views are added to its salon date's count too (page_view_days, the reports'
 * 'Website'), in the same statement; a staff page's (`staff`) only to its running total.
 */
export async function recordPageView(
  db: Database,
  pageName: string,
  views = 1,
  { staff = false }: { staff?: boolean } = {},
): Promise<number> {
  const result = await db.execute(sql`
    with day as (
      insert into ${pageViewDays} (day, page_name, views)
      select (now() at time zone ${SALON_TIME_ZONE})::date, ${pageName}, ${views}
      where not ${staff}
      on conflict (page_name, day) do update set views = ${pageViewDays}.views + excluded.views
    )
    insert into ${pageViews} (page_name, views) values (${pageName}, ${views})
    on conflict (page_name) do update set views = ${pageViews}.views + excluded.views
    returning views`);
  const [row] = (result as unknown as { rows: { views: number }[] }).rows;
  if (!row) throw new Error(`Recording a view of ${pageName} returned no row.`);
  return row.views;
}

/** Every page's count, most viewed first (the dashboard's "Page Views"). */
export async function listPageViews(db: Database): Promise<PageViewCount[]> {
  return db
    .select({ pageName: pageViews.pageName, views: pageViews.views })
    .from(pageViews)
    .orderBy(desc(pageViews.views), asc(pageViews.pageName));
}

/**
 * A page's name as the dashboard shows it (spec section 7: the id equals the page name),
 * declared once in its route's handle (`page`, app/lib/route-handle.ts).
 */
type PageName = string;

// Crawlers and monitors are not page views. Headless browsers are: people reach the site through
// them too (previews, accessibility tools, automated checks of a real page view), and the page they
// load is the page a person loads (docs/decisions/004-page-views.md).
const isCrawler = createIsbotFromList(list.filter((pattern) => pattern !== "headless"));

/** A prefetch (link rel=prefetch, React Router's prefetch="intent") is not a page view. */
function isPrefetch(request: PageRequest): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/** What deciding whether a request is a page view reads (a Fetch Request has it). */
export interface PageRequest {
  method: string;
  headers: { get(name: string): string | null };
}

/** Bots, prefetches and HEAD requests are not page views (docs/product.md#page-views-counted-atomically). */
export function countsAsPageView(request: PageRequest): boolean {
  if (request.method !== "GET" || isPrefetch(request)) return false;
  return !isCrawler(request.headers.get("User-Agent") ?? "");
}

/**
 * Counts one page view of `page` if the request is one (countsAsPageView): document loads and
 * in-app navigations alike (docs/product.md#page-views-counted-atomically). Resolves once it is
 * stored; a counting failure is logged, never shown: the page matters more than the counter.
 * Called in one place, for every page whose route handle names it (`page`, counted by
 * app/lib/route-page-views.server.ts, rendered or served from the page cache).
 */
export async function countPageView(
  db: Database,
  request: PageRequest,
  page: PageName,
  { staff = false }: { staff?: boolean } = {},
): Promise<void> {
  if (!countsAsPageView(request)) return;
  await tallyOf(db).add(page, staff);
}

/** One tally per database (a process has one; tests open several). */
const tallies = new WeakMap<Database, ViewTally>();

function tallyOf(db: Database): ViewTally {
  let tally = tallies.get(db);
  if (!tally) {
    tally = createViewTally(db);
    tallies.set(db, tally);
  }
  return tally;
}

interface ViewTally {
  add(page: string, staff: boolean): Promise<void>;
}

/**
 * Page views written like a group commit: while one write runs, the page views that arrive wait
 * and are then added in one statement per page. Every page view is stored before its page is
 * sent, so the count is exact and a crash loses none, and a burst of a kept page (thousands a
 * second, server/page-cache.ts) costs a few writes.
 */
function createViewTally(db: Database): ViewTally {
  let pending = new Map<string, { views: number; staff: boolean; done: (() => void)[] }>();
  let writing = false;

  async function write(): Promise<void> {
    while (pending.size > 0) {
      const batch = pending;
      pending = new Map();
      await Promise.all(
        [...batch].map(async ([page, { views, staff, done }]) => {
          try {
            await recordPageView(db, page, views, { staff });
          } catch (error) {
            log.error({ err: error }, `Counting ${views} views of ${page} failed`);
          }
          for (const resolve of done) resolve();
        }),
      );
    }
    writing = false;
  }

  return {
    add(page, staff) {
      return new Promise((resolve) => {
        const entry = pending.get(page) ?? { views: 0, staff, done: [] };
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
