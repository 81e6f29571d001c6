// What a client held first (docs/product.md#holds, docs/security.md#holds): a time is held at most
// HOLD_SECONDS from when that client first held it, however often it is held again, with whatever
// cookie, released or not. Measured before (issue 36): released and held again with a new cookie,
// a time got a fresh end each time, and was still held 98 s after its first hold with
// HOLD_SECONDS=90. Each hold's technicians and times are remembered in `hold_firsts`, in the
// database so that every process agrees, until HOLD_SECONDS after that first hold ended.
import { and, eq, gt, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { holdFirsts } from "../db/schema.server";
import { bookingPolicy } from "../platform/env.server";

/** One technician's part of a hold. */
export interface HeldPart {
  technician: string;
  startMs: number;
  /** The end plus the service's clean-up. */
  untilMs: number;
}

interface Holding {
  holder: string;
  client: string;
  parts: readonly HeldPart[];
  now: Date;
}

/** Forgotten rows a hold deletes on its way, at most (the table stays small without a worker). */
const PRUNE_BATCH = 50;

/** This client's or this cookie's remembered parts that share a technician's time with `parts`. */
function remembered({ holder, client, parts, now }: Holding) {
  return and(
    or(eq(holdFirsts.client, client), eq(holdFirsts.holder, holder)),
    gt(holdFirsts.forgetAt, now),
    or(
      ...parts.map((part) =>
        and(
          eq(holdFirsts.technician, part.technician),
          lt(holdFirsts.startsAt, new Date(part.untilMs)),
          gt(holdFirsts.endsAt, new Date(part.startMs)),
        ),
      ),
    ),
  );
}

/**
 * The end of the first hold, still remembered, of any of these technicians' times (overlapping
 * ones too: shifting a time by a quarter hour is no new hold) by this client or cookie: the
 * earliest, or undefined when there is none. Run under the client's lock (holds.server.ts).
 */
export async function firstHoldEnd(tx: Transaction, holding: Holding): Promise<Date | undefined> {
  const [row] = await tx
    .select({ first: sql<Date | null>`min(${holdFirsts.expiresAt})`.mapWith(holdFirsts.expiresAt) })
    .from(holdFirsts)
    .where(remembered(holding));
  return row?.first ?? undefined;
}

/**
 * Remembers the parts not yet remembered as held until `expiresAt`, until HOLD_SECONDS after it;
 * deletes some forgotten rows (any client's, skipping those another hold is deleting).
 */
export async function rememberFirstHold(
  tx: Transaction,
  holding: Holding,
  expiresAt: Date,
): Promise<void> {
  const forgotten = tx
    .select({ id: holdFirsts.id })
    .from(holdFirsts)
    .where(lte(holdFirsts.forgetAt, holding.now))
    .limit(PRUNE_BATCH)
    .for("update", { skipLocked: true });
  await tx.delete(holdFirsts).where(inArray(holdFirsts.id, forgotten));
  const known = await tx
    .select({
      technician: holdFirsts.technician,
      startsAt: holdFirsts.startsAt,
      endsAt: holdFirsts.endsAt,
    })
    .from(holdFirsts)
    .where(remembered(holding));
  const fresh = holding.parts.filter(
    (part) =>
      !known.some(
        (row) =>
          row.technician === part.technician &&
          row.startsAt.getTime() === part.startMs &&
          row.endsAt.getTime() === part.untilMs,
      ),
  );
  if (fresh.length === 0) return;
  const forgetAt = new Date(expiresAt.getTime() + bookingPolicy().holdMs);
  await tx.insert(holdFirsts).values(
    fresh.map((part) => ({
      client: holding.client,
      holder: holding.holder,
      technician: part.technician,
      startsAt: new Date(part.startMs),
      endsAt: new Date(part.untilMs),
      expiresAt,
      forgetAt,
    })),
  );
}
