import { isSlotBookable, type UnbookableReason } from "./slot-check";
import {
  type AppointmentTypeRule,
  type AvailabilityInput,
  type DayPlan,
  listAvailableSlots,
  planDay,
} from "./slots";
import { withinRanges } from "./technician-hours";
import { formatWallMinutes, salonDateOf, salonWallClock, wallTimeResolver } from "./time-zone";

// A visit (docs/product.md#visits): up to three services booked together, each with its own
// technician or any, and add-ons done by the same technician straight after their base service.
// The services follow each other (a technician doing two of them waits for her own clean-up), or,
// when both allow it, run side by side with two technicians. Pure, like slots.ts, whose day plan
// (hours, notice, horizon, days off, her working ranges) each service uses as it is.

export { MAX_ADD_ONS, MAX_VISIT_SERVICES } from "./booking-limits";

export interface VisitItem {
  type: AppointmentTypeRule;
  /** Done by the same technician right after the service: their minutes are added to it. */
  addOns: readonly AppointmentTypeRule[];
  /** A specific technician, or undefined for any of the service's. */
  technician?: string | undefined;
}

interface VisitPart {
  /** The item's index in the request. */
  item: number;
  technician: string;
  startMs: number;
  endMs: number;
}

export interface VisitSlot {
  /** "10:00 AM": when the visit starts, on the salon's clock. */
  label: string;
  startsAt: Date;
  /** When the last service ends. */
  endsAt: Date;
  /** One per item, in the request's order. */
  parts: VisitPart[];
}

/** A listed time: the arrangement found, and who else could start it. */
export interface ListedVisitSlot extends VisitSlot {
  /**
   * The technicians free to do the first service at this start, in its order, the one arranged
   * first: every one of them for a visit of one service, the one arranged for more.
   */
  freeTechnicians: string[];
}

export type VisitInput = Omit<AvailabilityInput, "type" | "technician"> & {
  items: readonly VisitItem[];
};

/**
 * The service with its add-ons as one block of work: their minutes added, done by technicians
 * who do all of them, on days all of them are offered. The clean-up is the longest of theirs.
 */
export function withAddOns(item: VisitItem): AppointmentTypeRule {
  const { type, addOns } = item;
  return {
    ...type,
    durationMin: addOns.reduce((total, addOn) => total + addOn.durationMin, type.durationMin),
    daysOfWeek: type.daysOfWeek.filter((day) =>
      addOns.every((addOn) => addOn.daysOfWeek.includes(day)),
    ),
    technicians: type.technicians.filter((technician) =>
      addOns.every((addOn) => addOn.technicians.includes(technician)),
    ),
    bufferMin: Math.max(type.bufferMin ?? 0, ...addOns.map((addOn) => addOn.bufferMin ?? 0)),
  };
}

/** Each technician's busy ranges sorted by start, with the running latest end (overlaps allowed). */
interface TechnicianBusy {
  starts: number[];
  maxEnds: number[];
}

function indexBusy(input: VisitInput, bufferMs: number): Map<string, TechnicianBusy> {
  const byTechnician = new Map<string, { startMs: number; endMs: number }[]>();
  for (const busy of input.busy) {
    if (!(busy.endMs > busy.startMs)) continue;
    const list = byTechnician.get(busy.technician) ?? [];
    list.push(busy);
    byTechnician.set(busy.technician, list);
  }
  const indexed = new Map<string, TechnicianBusy>();
  for (const [technician, list] of byTechnician) {
    list.sort((a, b) => a.startMs - b.startMs);
    let latest = Number.NEGATIVE_INFINITY;
    indexed.set(technician, {
      starts: list.map((busy) => busy.startMs),
      maxEnds: list.map((busy) => {
        latest = Math.max(latest, busy.endMs + bufferMs);
        return latest;
      }),
    });
  }
  return indexed;
}

/** True when none of the technician's busy ranges overlaps [from, to). */
function isFree(busy: TechnicianBusy | undefined, from: number, to: number): boolean {
  if (!busy) return true;
  // The ranges starting before `to`: the first `low` of them.
  let low = 0;
  let high = busy.starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((busy.starts[middle] ?? 0) < to) low = middle + 1;
    else high = middle;
  }
  return low === 0 || (busy.maxEnds[low - 1] ?? 0) <= from;
}

interface Placed extends VisitPart {
  blockedUntil: number;
}

/**
 * The technicians and times of a visit starting at `startMs`, or undefined when none fits: the
 * first arrangement found, trying each service side by side with the one before it (when both
 * allow it) before after it, and the technicians in the service's order.
 */
function arrange(
  plans: readonly DayPlan[],
  items: readonly VisitItem[],
  busy: Map<string, TechnicianBusy>,
  startMs: number,
): VisitPart[] | undefined {
  const placed: Placed[] = [];
  const place = (index: number): boolean => {
    const plan = plans[index];
    if (!plan) return true;
    const previous = placed[index - 1];
    const sideBySide =
      previous !== undefined &&
      items[index]?.type.sideBySide === true &&
      items[index - 1]?.type.sideBySide === true;
    const after = placed.reduce((latest, part) => Math.max(latest, part.endMs), startMs);
    const options = sideBySide && previous ? [previous.startMs, after] : [after];
    for (const option of options) {
      for (let w = 0; w < plan.technicians.length; w += 1) {
        const technician = plan.technicians[w] as string;
        const own = placed.filter((part) => part.technician === technician);
        // Side by side needs two pairs of hands; after her own service she waits for its clean-up.
        if (option !== after && own.length > 0) continue;
        const from = own.reduce((latest, part) => Math.max(latest, part.blockedUntil), option);
        const to = from + plan.durationMs;
        const ranges = plan.ranges[w];
        if (from < plan.windowStartMs || to > plan.windowEndMs || from >= plan.horizonMs) continue;
        if (ranges && !withinRanges(ranges, from, to)) continue;
        if (plan.salonRanges && !withinRanges(plan.salonRanges, from, to)) continue;
        if (!isFree(busy.get(technician), from, to + plan.afterMs)) continue;
        placed.push({
          item: index,
          technician,
          startMs: from,
          endMs: to,
          blockedUntil: to + plan.afterMs,
        });
        if (place(index + 1)) return true;
        placed.pop();
      }
    }
    return false;
  };
  return place(0)
    ? placed.map(({ item, technician, startMs, endMs }) => ({ item, technician, startMs, endMs }))
    : undefined;
}

/** What every start of a visit on `dateIso` is tried against, or undefined when none can fit. */
function visitDay(input: VisitInput) {
  const plans: DayPlan[] = [];
  for (const item of input.items) {
    const plan = planDay({ ...input, type: withAddOns(item), technician: item.technician });
    if ("reason" in plan || plan.technicians.length === 0) return undefined;
    plans.push(plan);
  }
  const head = plans[0];
  if (!head) return undefined;
  const { dateIso, zone } = input;
  if (dateIso < salonDateOf(head.earliestMs, zone) || dateIso > salonDateOf(head.horizonMs, zone)) {
    return undefined;
  }
  const busy = indexBusy(input, head.bufferMs);
  const resolve = wallTimeResolver(dateIso, zone);
  /** The visit at a minute of the first service's grid: undefined to skip it, "end" past the last. */
  const at = (minute: number): VisitSlot | "end" | undefined => {
    const start = resolve(minute);
    if (!start.exists || start.ms < head.earliestMs) return undefined;
    if (start.ms + head.durationMs > head.windowEndMs || start.ms >= head.horizonMs) return "end";
    const parts = arrange(plans, input.items, busy, start.ms);
    if (!parts) return undefined;
    return {
      label: formatWallMinutes(minute),
      startsAt: new Date(start.ms),
      endsAt: new Date(Math.max(...parts.map((part) => part.endMs))),
      parts,
    };
  };
  return { head, at };
}

/**
 * The times a visit may start on `dateIso`: on the first service's grid (as listAvailableSlots
 * offers it alone), where every service fits with its technician free, inside her hours and the
 * service's, clean-up included. At most `limit` of them, the earliest (the month calendar asks
 * whether there is one).
 */
export function listVisitSlots(
  input: VisitInput,
  limit = Number.POSITIVE_INFINITY,
): ListedVisitSlot[] {
  const [only, ...more] = input.items;
  if (only && more.length === 0) return oneServiceSlots(input, only, limit);
  const day = visitDay(input);
  if (!day) return [];
  const { head, at } = day;
  const slots: ListedVisitSlot[] = [];
  for (let minute = head.startMin; minute < head.endMin; minute += head.stepMin) {
    const slot = at(minute);
    if (slot === "end") break;
    if (!slot) continue;
    slots.push({ ...slot, freeTechnicians: slot.parts.slice(0, 1).map((part) => part.technician) });
    if (slots.length >= limit) break;
  }
  return slots;
}

/**
 * A visit of one service (its add-ons' minutes added: withAddOns) is that service's own listing:
 * the day's sweep of slots.ts, which finds every technician free at each start at once, where
 * arranging finds the first. visitAt offers exactly these starts, with the first of them
 * (visit.test.ts).
 */
function oneServiceSlots(input: VisitInput, item: VisitItem, limit: number): ListedVisitSlot[] {
  const slots = listAvailableSlots(
    { ...input, type: withAddOns(item), technician: item.technician },
    limit,
  );
  return slots.map((slot) => ({
    label: slot.label,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    parts: [
      {
        item: 0,
        technician: slot.freeTechnicians[0] as string,
        startMs: slot.startsAt.getTime(),
        endMs: slot.endsAt.getTime(),
      },
    ],
    freeTechnicians: slot.freeTechnicians,
  }));
}

/**
 * The server's check at confirm time: the arrangement of the visit at `startsAt`, with fresh busy
 * times, or undefined when it is not offered (the one start of listVisitSlots' grid it would be).
 */
export function visitAt(input: VisitInput & { startsAt: Date }): VisitSlot | undefined {
  const day = visitDay(input);
  if (!day) return undefined;
  const { head, at } = day;
  const startMs = input.startsAt.getTime();
  const { dateIso, minutes } = salonWallClock(startMs, input.zone);
  const onGrid =
    dateIso === input.dateIso &&
    minutes >= head.startMin &&
    minutes < head.endMin &&
    (minutes - head.startMin) % head.stepMin === 0;
  const slot = onGrid ? at(minutes) : undefined;
  return slot && slot !== "end" && slot.startsAt.getTime() === startMs ? slot : undefined;
}

/**
 * Why a visit cannot start at `startsAt` (visitAt found no arrangement): its first service's own
 * reason, as slot-check.ts gives it for that service alone with its add-ons, or "taken". A visit
 * of one service thus answers as one service always has (docs/product.md#only-bookable-slots).
 */
export function visitRefusal(input: VisitInput & { startsAt: Date }): UnbookableReason {
  const [first] = input.items;
  if (!first) return "taken";
  const check = isSlotBookable({ ...input, type: withAddOns(first), technician: first.technician });
  return check.ok ? "taken" : check.reason;
}
