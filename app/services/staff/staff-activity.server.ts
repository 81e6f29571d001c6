// The staff's activity log (docs/product.md#accounts): every change a staff member makes, who and
// when, written in the same transaction as the change, so there is no change without its record.
// The owner reads it in 'Accounts'.
import { desc, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { staffActions } from "../db/schema.server";

const MAX_ACTION_LENGTH = 500;
const ACTIVITY_PAGE_SIZE = 50;

interface StaffActionView {
  id: string;
  at: Date;
  actorEmail: string;
  action: string;
}

/** Records that `actor` did `action` ("Moved ..."): call inside the change's transaction. */
export async function recordStaffAction(
  db: Pick<Database, "insert">,
  actor: { email: string },
  action: string,
  at = new Date(),
): Promise<void> {
  const text =
    action.length > MAX_ACTION_LENGTH ? `${action.slice(0, MAX_ACTION_LENGTH - 1)}…` : action;
  await db.insert(staffActions).values({ at, actorEmail: actor.email, action: text });
}

/**
 * The newest records first, a page at a time: those after `after` (the last one shown, by time
 * and then id, so records of the same moment are neither skipped nor repeated), and whether
 * there are older ones still.
 */
export async function listStaffActions(
  db: Database,
  options: { after?: { at: Date; id: string }; limit?: number } = {},
): Promise<{ entries: StaffActionView[]; more: boolean }> {
  const limit = options.limit ?? ACTIVITY_PAGE_SIZE;
  const { after } = options;
  const rows = await db
    .select()
    .from(staffActions)
    .where(
      after
        ? sql`(${staffActions.at}, ${staffActions.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(staffActions.at), desc(staffActions.id))
    .limit(limit + 1);
  return { entries: rows.slice(0, limit), more: rows.length > limit };
}
