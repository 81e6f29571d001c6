// DECISIONS.md 17: every visit adds one in a single atomic statement, so concurrent visits, in
// one process or several on one PostgreSQL, never lose a count (the old site read, then wrote).
import { asc, desc, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { pageViews } from "./db/schema.server";

export interface PageViewCount {
  pageName: string;
  views: number;
}

/** Adds one view of `pageName` and returns the new count. */
export async function recordPageView(db: Database, pageName: string): Promise<number> {
  const [row] = await db
    .insert(pageViews)
    .values({ pageName, views: 1 })
    .onConflictDoUpdate({
      target: pageViews.pageName,
      set: { views: sql`${pageViews.views} + 1` },
    })
    .returning({ views: pageViews.views });
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
