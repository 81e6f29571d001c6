// The site version (drizzle/0023): the stamp of the latest change to anything the owner says on
// her site (details, hours, special hours, gallery, reviews, posts, page texts), moved by
// database triggers in the change's own transaction. Public pages are kept under it
// (server/page-cache.ts), so a change made in any process shows at the next request everywhere.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { siteVersion } from "../db/schema.server";

export async function readSiteVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: siteVersion.version })
    .from(siteVersion)
    .where(eq(siteVersion.id, 1));
  return row?.version ?? 0;
}
