// What the server stored, read after it has stopped: the tests that post to it count the rows
// each address left, to show refused requests stored nothing.
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import type { appointments, contactEntries } from "~/services/db/schema.server";

/** The tables whose rows carry the email a visitor gave. */
export type TableWithEmail = typeof appointments | typeof contactEntries;

/** How many rows of `table` hold `email`. */
export async function rowsWithEmail(
  db: Database,
  table: TableWithEmail,
  email: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.email, email));
  return row?.n;
}
