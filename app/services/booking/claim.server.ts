// Taking a time (docs/product.md#no-double-booking), as booking, holding and moving all do:
// fresh busy times, the technicians' locks, and the exclusion constraint's last word. One service
// (claimSlot: holds and moves of one service) or a visit of one or more (claimVisit).

import { sql } from "drizzle-orm";
import { isSlotBookable, type UnbookableReason } from "../../domain/booking/slot-check";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type VisitSlot, visitAt, visitRefusal } from "../../domain/booking/visit";
import type { Database, Transaction } from "../db/client.server";
import { type AppointmentTypeView, toRule } from "../salon/appointment-types.server";
import { closedDaysOn } from "../salon/closed-days.server";
import { readWorkerHours } from "../salon/team.server";
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

type ClaimResult<T> = { ok: true; value: T } | { ok: false; reason: UnbookableReason };

/**
 * Takes a time of `type` for an appointment, as booking and moving both do: recomputes
 * availability with fresh data (the appointment `excludeId` not counting as busy), picks the
 * preferred technician or the first free one, and runs `write` in a transaction holding that technician's
 * lock. The exclusion constraint decides between simultaneous claims: with "Any available", a
 * technician lost to a race is replaced by the next free one; when none is left the answer is "taken".
 */
export async function claimSlot<T>(
  db: Database,
  claim: {
    type: AppointmentTypeView;
    dateIso: string;
    startsAt: Date;
    /** undefined: any of the type's technicians. */
    worker: string | undefined;
    excludeId?: string;
  },
  options: ListingOptions,
  write: (tx: Transaction, worker: string, endsAt: Date) => Promise<T>,
): Promise<ClaimResult<T>> {
  const { type, dateIso, startsAt, worker: preferred } = claim;
  const closed = await closedDaysOn(db, dateIso);
  const workerHours = await readWorkerHours(db, type.workers);
  const endsAt = new Date(startsAt.getTime() + type.durationMin * 60_000);
  const tried = new Set<string>();
  for (;;) {
    const check = isSlotBookable({
      dateIso,
      type: toRule(type),
      ...closed,
      workerHours,
      busy: await busyOn(db, dateIso, type.workers, claim.excludeId ? [claim.excludeId] : [], {
        now: options.now ?? new Date(),
        holder: options.holder,
        ignoreHolds: options.ignoreHolds,
      }),
      now: options.now ?? new Date(),
      zone,
      settings: options.settings,
      worker: preferred,
      startsAt,
    });
    if (!check.ok) return { ok: false, reason: check.reason };
    if (tried.has(check.worker)) return { ok: false, reason: "taken" };
    tried.add(check.worker);
    try {
      const value = await db.transaction(async (tx) => {
        // Simultaneous claims of one technician queue here and the later one meets the constraint
        // cleanly, instead of deadlocking inside the index (seen on PostgreSQL under load).
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`appointments:${check.worker}`}))`,
        );
        return write(tx, check.worker, endsAt);
      });
      return { ok: true, value };
    } catch (error) {
      if (!isLostRace(error)) throw error;
      if (preferred !== undefined) return { ok: false, reason: "taken" };
      // Someone else took this technician at this time a moment ago: look again.
    }
  }
}

/**
 * Takes a visit's time, as booking and moving it both do (claimSlot's rules for one): recomputes
 * the visit with fresh busy times (`excludeIds`, the visit being moved, not counting), then runs
 * `write` in a transaction holding each of its technicians' locks. A race lost to another booking
 * looks again; undefined when the time is no longer free.
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
  const workers = [...new Set(claim.items.flatMap((item) => item.type.workers))];
  const closed = await closedDaysOn(db, claim.dateIso);
  const workerHours = await readWorkerHours(db, workers);
  const tried = new Set<string>();
  for (;;) {
    const now = options.now ?? new Date();
    const input = {
      dateIso: claim.dateIso,
      items: claim.items.map(toItem),
      ...closed,
      workerHours,
      busy: await busyOn(db, claim.dateIso, workers, claim.excludeIds, {
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
    // As claimSlot: look again while a fresh look finds other technicians or times free.
    const arrangement = slot.parts.map((part) => `${part.worker}@${part.startMs}`).join(",");
    if (tried.has(arrangement)) return { ok: false, reason: "taken" };
    tried.add(arrangement);
    try {
      const value = await db.transaction(async (tx) => {
        // Every technician of the visit, in one order: two visits never wait on each other crosswise.
        for (const worker of [...new Set(slot.parts.map((part) => part.worker))].sort()) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`appointments:${worker}`}))`,
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
