// The outbox's claims (outbox.server.ts, steps 1 and 3): which rows a worker takes, with a lease,
// and the test that a row is still its own (same status and attempt count) before it writes the
// row's outcome or hands it back.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema.server";

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Step 1: locks the due rows (skipping those another worker holds), marks them 'sending', counts
 * the attempt and leases them for leaseMs; committed before anything is sent.
 */
export async function claimDueEmails(
  db: Database,
  { now, batchSize, leaseMs }: { now: Date; batchSize: number; leaseMs: number },
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.status, ["pending", "sending"]),
          lte(emailOutbox.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({
        status: "sending",
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Ours only while nobody re-claimed it after our lease ran out. */
export function stillClaimed(row: { id: string; attempts: number }) {
  return and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.status, "sending"),
    eq(emailOutbox.attempts, row.attempts),
  );
}

/** Rows claimed but not sent, handed back due now with their attempt uncounted. */
export async function releaseClaims(
  db: Database,
  rows: { id: string; attempts: number }[],
  now: Date,
): Promise<void> {
  for (const row of rows) {
    await db
      .update(emailOutbox)
      .set({ status: "pending", attempts: row.attempts - 1, nextAttemptAt: now })
      .where(stillClaimed(row));
  }
}
