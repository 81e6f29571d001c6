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
function isPrefetch(request: VisitRequest): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/** What deciding whether a request is a page view reads (a Fetch Request has it). */
interface VisitRequest {
  method: string;
  headers: { get(name: string): string | null };
}

/** Bots, prefetches and HEAD requests are not page views (docs/product.md#page-views-counted-atomically). */
export function isVisit(request: VisitRequest): boolean {
  if (request.method !== "GET" || isPrefetch(request)) return false;
  return !isCrawler(request.headers.get("User-Agent") ?? "");
}

/**
 * Counts one page view from its loader: document loads and in-app navigations
 * alike (docs/product.md#page-views-counted-atomically). Only page views count (isVisit), and a counting failure is
 * logged, never shown: the page matters more than the counter.
 */
export async function countPageView(
  db: Database,
  request: Request,
  page: PageName,
  options: { staff?: boolean } = {},
): Promise<void> {
  if (!isVisit(request)) return;
  try {
    await recordPageView(db, page, 1, options);
  } catch (error) {
    log.error({ err: error }, `Counting a view of ${page} failed`);
  }
}
