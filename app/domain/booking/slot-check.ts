import { type AvailabilityInput, overlaps, planDay } from "./slots";
import { withinRanges } from "./technician-hours";
import { resolveWallTime, salonDateOf, salonWallClock } from "./time-zone";

// The server's check of one start at confirm time (docs/product.md#only-bookable-slots): the
// listing's rules (slots.ts) for that start alone, with the reason when it fails.

export type UnbookableReason =
  | "closed"
  | "outside-hours"
  | "too-soon"
  | "beyond-horizon"
  | "not-on-this-day"
  | "taken"
  | "not-on-step";

type Bookability = { ok: true; technician: string } | { ok: false; reason: UnbookableReason };

/**
 * The server's check at confirm time (it never trusts the browser's slot): the same rules as
 * listAvailableSlots for one start, with the reason when it fails. "not-on-this-day" also covers
 * a start that falls on another salon date than `dateIso`; "taken" covers no candidate technician
 * free (including a requested technician who is off, or does not do this service).
 */
export function isSlotBookable(input: AvailabilityInput & { startsAt: Date }): Bookability {
  const plan = planDay(input);
  if ("reason" in plan) return { ok: false, reason: plan.reason };
  const { dateIso, zone } = input;
  const startMs = input.startsAt.getTime();
  if (Number.isNaN(startMs) || salonDateOf(startMs, zone) !== dateIso) {
    return { ok: false, reason: "not-on-this-day" };
  }
  const endMs = startMs + plan.durationMs;
  if (
    startMs < plan.windowStartMs ||
    endMs > plan.windowEndMs ||
    (plan.salonRanges && !withinRanges(plan.salonRanges, startMs, endMs))
  ) {
    return { ok: false, reason: "outside-hours" };
  }
  // On the grid means: a whole number of steps after the window's start on the wall clock, and
  // exactly the instant listAvailableSlots offers for it (not the second 01:30 at fall-back).
  const { minutes } = salonWallClock(startMs, zone);
  const onGrid =
    (minutes - plan.startMin) % plan.stepMin === 0 &&
    resolveWallTime(dateIso, minutes, zone).ms === startMs;
  if (!onGrid) return { ok: false, reason: "not-on-step" };
  if (startMs < plan.earliestMs) return { ok: false, reason: "too-soon" };
  if (startMs >= plan.horizonMs) return { ok: false, reason: "beyond-horizon" };

  const occupiedEnd = endMs + plan.afterMs;
  const technician = plan.technicians.find(
    (w, i) =>
      (plan.ranges[i] === undefined || withinRanges(plan.ranges[i], startMs, endMs)) &&
      !input.busy.some(
        (b) =>
          b.technician === w &&
          b.endMs > b.startMs &&
          overlaps(startMs, occupiedEnd, b.startMs, b.endMs + plan.bufferMs),
      ),
  );
  return technician === undefined ? { ok: false, reason: "taken" } : { ok: true, technician };
}
