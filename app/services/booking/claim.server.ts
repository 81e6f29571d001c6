// Taking a time (docs/product.md#no-double-booking), as booking, holding and moving all do:
// fresh busy times, the technicians' locks, and the exclusion constraint's last word. One claim,
// claimVisit, for a visit of one or more services (one service is a visit of one:
// docs/product.md#visits).

import { sql } from "drizzle-orm";
import type { UnbookableReason } from "../../domain/booking/slot-check";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type VisitSlot, visitAt, visitRefusal } from "../../domain/booking/visit";
import type { Database, Transaction } from "../db/client.server";
import { closedDaysOn } from "../salon/closed-days.server";
import { readTechnicianHours } from "../salon/team.server";
import { busyOn } from "./busy-times.server";
import type { ListingOptions } from "./slot-listing.server";
import { type ResolvedItem, toItem } from "./visit.server";

const zone = SALON_TIME_ZONE;

/**
 * A lost race: the exclusion constraint refused the insert (23P01), or PostgreSQL broke a
 * deadlock between simultaneous inserts (40P01). Both mean "look again", never a 500.
 */
export function isLostRace(error: unknown): boolean {
  const code =
    (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === "23P01" || code === "40P01";
}

/**
 * Takes a visit's time, as booking, holding and moving all do: recomputes the visit with fresh
 * busy times (`excludeIds`, the appointments being moved, not counting), picks each service's
 * asked technician or the first free one, then runs `write` in a transaction holding each of its
 * technicians' locks. The exclusion constraint decides between simultaneous claims: a race lost
 * to another booking looks again while a fresh look finds other technicians or times free ("Any
 * available"); when none is left, or the same is found again, the answer is "taken". A refused
 * time says why: its first service's own reason (visitRefusal), else "taken".
 */
export async function claimVisit<T>(
  db: Database,
  claim: {
    dateIso: string;
    startsAt: Date;
    items: readonly ResolvedItem[];
    excludeIds?: readonly string[];
  },
  options: ListingOptions,
  write: (tx: Transaction, slot: VisitSlot) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: UnbookableReason }> {
  const technicians = [...new Set(claim.items.flatMap((item) => item.type.technicians))];
  const closed = await closedDaysOn(db, claim.dateIso);
  const technicianHours = await readTechnicianHours(db, technicians);
  const tried = new Set<string>();
  for (;;) {
    const now = options.now ?? new Date();
    const input = {
      dateIso: claim.dateIso,
      items: claim.items.map(toItem),
      ...closed,
      technicianHours,
      busy: await busyOn(db, claim.dateIso, technicians, claim.excludeIds, {
        now,
        holder: options.holder,
        ignoreHolds: options.ignoreHolds,
      }),
      now,
      zone,
      settings: options.settings,
      startsAt: claim.startsAt,
    };
    const slot = visitAt(input);
    if (!slot) return { ok: false, reason: visitRefusal(input) };
    // Look again while a fresh look finds other technicians or times free.
    const arrangement = slot.parts.map((part) => `${part.technician}@${part.startMs}`).join(",");
    if (tried.has(arrangement)) return { ok: false, reason: "taken" };
    tried.add(arrangement);
    try {
      const value = await db.transaction(async (tx) => {
        // Every technician of the visit, in one order: two visits never wait on each other crosswise.
        for (const technician of [...new Set(slot.parts.map((part) => part.technician))].sort()) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`appointments:${technician}`}))`,
          );
        }
        return write(tx, slot);
      });
      return { ok: true, value };
    } catch (error) {
      if (!isLostRace(error)) throw error;
      // Someone took one of these technicians a moment ago: look again.
    }
  }
}
