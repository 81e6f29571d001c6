// Staff sessions (docs/product.md#staff-accounts-and-sessions): a 256-bit random id, which the
// browser keeps in a cookie (app/lib/staff-cookie.server.ts); the database keeps only its SHA-256,
// so a leaked table opens nothing. The staff check on requests is app/lib/staff-only.server.ts.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type StaffUser, staffSessions, staffUsers } from "../db/schema.server";
import { sessionMaxMs } from "../platform/env.server";

/**
 * A session unused this long is over; each use slides it forward, but never past SESSION_MAX_HOURS
 * (24) after sign-in, however active.
 */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Extend at most once a minute, not on every request. */
const SLIDE_AFTER_MS = 60 * 1000;

/** What the database keeps of a session id: its SHA-256. */
export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

/** A session's end after a use at `now`: idle time ahead, but no later than its last moment. */
const slidTo = (createdAt: Date, now: Date) =>
  new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + sessionMaxMs()));

export async function createSession(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({
    idHash: hashSessionId(id),
    userId,
    createdAt: now,
    expiresAt: slidTo(now, now),
  });
  // Housekeeping: sessions that ended are of no use to anyone.
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  return id;
}

/** The signed-in staff member of this request, or undefined. */
export async function findStaffBySession(
  db: Database,
  sessionId: string | undefined,
  now = new Date(),
): Promise<StaffUser | undefined> {
  if (!sessionId) return undefined;
  const idHash = hashSessionId(sessionId);
  const [row] = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      role: staffUsers.role,
      createdAt: staffSessions.createdAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.idHash, idHash),
        gt(staffSessions.expiresAt, now),
        // Also when SESSION_MAX_HOURS was lowered after the session began.
        gt(staffSessions.createdAt, new Date(now.getTime() - sessionMaxMs())),
      ),
    );
  if (!row) return undefined;
  const slid = slidTo(row.createdAt, now);
  if (slid.getTime() - row.expiresAt.getTime() > SLIDE_AFTER_MS) {
    await db.update(staffSessions).set({ expiresAt: slid }).where(eq(staffSessions.idHash, idHash));
  }
  return { id: row.id, email: row.email, role: row.role };
}

/** Ends every session of a staff member (a password reset: whoever had it is signed out). */
export async function endSessionsOf(db: Pick<Database, "delete">, userId: string): Promise<number> {
  const ended = await db
    .delete(staffSessions)
    .where(eq(staffSessions.userId, userId))
    .returning({ idHash: staffSessions.idHash });
  return ended.length;
}

export async function destroySession(db: Database, sessionId: string | undefined): Promise<void> {
  if (sessionId)
    await db.delete(staffSessions).where(eq(staffSessions.idHash, hashSessionId(sessionId)));
}
