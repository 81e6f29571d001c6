import { blockedStarts } from "./blocked-starts";
import { type BookingSettings, resolveSettings } from "./booking-settings";
import { openingHoursFor, type SpecialHoursLike } from "./opening-hours";
import { type WeeklyHours, withinRanges, workingRanges } from "./technician-hours";
import {
  formatWallMinutes,
  parseWallTime,
  resolveWallTime,
  salonDateOf,
  type Weekday,
  wallTimeResolver,
  weekdayOf,
} from "./time-zone";

export { type BookingSettings, DEFAULT_BOOKING_SETTINGS } from "./booking-settings";

// Which slots can be booked (docs/product.md#only-bookable-slots, docs/product.md#no-double-booking, docs/product.md#technician-choice, docs/architecture.md#booking-rules). Pure: the clock
// (`now`), the zone and the day's appointments are inputs, so the server can recompute the same
// answer at confirm time and tests never depend on the real date.

export interface AppointmentTypeRule {
  id: string;
  durationMin: number;
  daysOfWeek: readonly Weekday[];
  /** Salon wall-clock "HH:MM": the service's bookable day (spec EventTypes StartHour/EndHour). */
  startTime: string;
  endTime: string;
  technicians: readonly string[];
  /** Clean-up minutes kept free after it (docs/product.md#visits); none when absent. */
  bufferMin?: number;
  /** May be done at the same time as another such service of a visit (domain/booking/visit.ts). */
  sideBySide?: boolean;
}

/**
 * A technician's booked time (to its blocked_until: its own clean-up minutes included), as epoch milliseconds: a day's listing holds hundreds of these, kept
 * between calls (docs/decisions/013-slot-listing-cache.md), and numbers instead of two Date objects each keep that cheap for
 * the garbage collector (docs/performance.md, "Slot listing").
 */
export interface BusyInterval {
  technician: string;
  startMs: number;
  endMs: number;
}

export interface Slot {
  /** "10:00 AM" on the salon's clock. */
  label: string;
  startsAt: Date;
  /** startsAt + duration in real elapsed minutes (correct across daylight-saving changes). */
  endsAt: Date;
  /** The type's technicians (or the requested one) free for the whole slot, in the type's order. */
  freeTechnicians: string[];
}

export interface AvailabilityInput {
  /** The salon calendar date, "YYYY-MM-DD". */
  dateIso: string;
  type: AppointmentTypeRule;
  /** The salon's week: per weekday its open ranges (two: a midday break). */
  hours: WeeklyHours;
  /** Dated exceptions to the week ('Special Hours'). */
  specialHours?: readonly SpecialHoursLike[];
  closedDates?: readonly string[];
  technicianDaysOff?: readonly { technician: string; dateIso: string }[];
  /**
   * Technicians' own working weeks (docs/product.md#team): each is offered only for times inside
   * one of her ranges that day. A technician not in it works whenever the service and salon are open.
   */
  technicianHours?: Readonly<Record<string, WeeklyHours>>;
  /** Existing appointments; any range of dates and technicians (others are ignored). */
  busy: readonly BusyInterval[];
  now: Date;
  zone: string;
  settings?: Partial<BookingSettings>;
  /** A specific technician, or undefined for any of the type's technicians. */
  technician?: string | undefined;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Half-open ranges [start, end): touching ranges (one ends as the other starts) do not overlap. */
export function overlaps(
  aStart: Date | number,
  aEnd: Date | number,
  bStart: Date | number,
  bEnd: Date | number,
): boolean {
  return +aStart < +bEnd && +bStart < +aEnd;
}

/** The technician to book: the preferred one if free (else none), or the first free one for "any". */
export function pickTechnician(slot: Slot, preferred?: string): string | undefined {
  if (preferred !== undefined) {
    return slot.freeTechnicians.includes(preferred) ? preferred : undefined;
  }
  return slot.freeTechnicians[0];
}

/** Everything about the date that does not depend on the slot. */
export interface DayPlan {
  startMin: number;
  endMin: number;
  windowStartMs: number;
  windowEndMs: number;
  earliestMs: number;
  horizonMs: number;
  stepMin: number;
  durationMs: number;
  /** The settings' clean-up after every booking, existing or new. */
  bufferMs: number;
  /** What a new booking occupies after its end: its service's own clean-up, then the settings'. */
  afterMs: number;
  /** Candidate technicians: the type's (or the requested one), minus those off that day. */
  technicians: string[];
  /** Per candidate (same order): the instants she works that day, or undefined for any time. */
  ranges: ({ startMs: number; endMs: number }[] | undefined)[];
  /** The salon's open instants when it breaks at midday (two ranges); undefined for one range. */
  salonRanges: { startMs: number; endMs: number }[] | undefined;
}

/** The earliest start the notice allows, rounded down as the settings say (booking-settings.ts). */
function earliestStart(nowMs: number, settings: BookingSettings): number {
  const earliest = nowMs + settings.minNoticeMin * MINUTE_MS;
  const roundMs = settings.noticeRoundMin * MINUTE_MS;
  return roundMs > 0 ? Math.floor(earliest / roundMs) * roundMs : earliest;
}

export function planDay(
  input: AvailabilityInput,
): DayPlan | { reason: "closed" | "not-on-this-day" } {
  const { dateIso, type, zone } = input;
  const settings = resolveSettings(input.settings);
  if (!(type.durationMin > 0)) throw new RangeError(`durationMin must be positive: ${type.id}`);
  // An invalid `now` would make every notice and horizon comparison false, i.e. pass.
  if (Number.isNaN(input.now.getTime())) throw new RangeError("now is an invalid Date");

  const dayHours = openingHoursFor(dateIso, input.hours, input.closedDates, input.specialHours);
  if (!dayHours) return { reason: "closed" };
  if (!type.daysOfWeek.includes(weekdayOf(dateIso))) return { reason: "not-on-this-day" };

  // The appointment must start after both the service's start and opening, and end by both.
  const startMin = Math.max(parseWallTime(type.startTime), parseWallTime(dayHours.opens));
  const endMin = Math.min(parseWallTime(type.endTime), parseWallTime(dayHours.closes));

  const offOnDate = new Set(
    (input.technicianDaysOff ?? [])
      .filter((off) => off.dateIso === dateIso)
      .map((off) => off.technician),
  );
  const requested = input.technician;
  // A requested technician who does not do this service is never offered.
  const candidates =
    requested === undefined ? type.technicians : type.technicians.filter((w) => w === requested);
  const nowMs = input.now.getTime();
  // Off that day, or working no hours of it: not a candidate.
  const technicians = [...new Set(candidates)].filter((w) => !offOnDate.has(w));
  const ranges = technicians.map((w) => {
    const hours = input.technicianHours?.[w];
    return hours ? workingRanges(hours, dateIso, zone) : undefined;
  });
  const working = technicians.flatMap((_, i) => (ranges[i]?.length === 0 ? [] : [i]));

  return {
    startMin,
    endMin,
    windowStartMs: resolveWallTime(dateIso, startMin, zone).ms,
    windowEndMs: resolveWallTime(dateIso, endMin, zone).ms,
    earliestMs: earliestStart(nowMs, settings),
    horizonMs: nowMs + settings.horizonDays * DAY_MS,
    stepMin: settings.slotStepMin,
    durationMs: type.durationMin * MINUTE_MS,
    bufferMs: settings.bufferMin * MINUTE_MS,
    afterMs: ((type.bufferMin ?? 0) + settings.bufferMin) * MINUTE_MS,
    technicians: working.map((i) => technicians[i] as string),
    ranges: working.map((i) => ranges[i]),
    salonRanges:
      dayHours.ranges.length > 1
        ? dayHours.ranges.map((r) => ({
            startMs: resolveWallTime(dateIso, parseWallTime(r.start), zone).ms,
            endMs: resolveWallTime(dateIso, parseWallTime(r.end), zone).ms,
          }))
        : undefined,
  };
}

/**
 * The slots a visitor may book on `dateIso`: on the wall-clock step grid from the later of the
 * service's start and opening, ending by the earlier of the service's end and closing, at least
 * `minNoticeMin` after `now` and before the horizon, with at least one candidate technician free for
 * [start, end + buffer). Wall times that do not exist (spring-forward gap) are skipped; an
 * ambiguous fall-back time is offered once, at its first occurrence. At most `limit` of them,
 * the earliest (the month calendar asks whether there is one).
 */
export function listAvailableSlots(
  input: AvailabilityInput,
  limit = Number.POSITIVE_INFINITY,
): Slot[] {
  const plan = planDay(input);
  if ("reason" in plan || plan.technicians.length === 0) return [];
  const { dateIso, zone } = input;
  // Whole days outside [today, horizon] are answered without touching the appointments.
  if (dateIso < salonDateOf(plan.earliestMs, zone) || dateIso > salonDateOf(plan.horizonMs, zone)) {
    return [];
  }

  // The starts the rules allow before looking at bookings.
  const resolve = wallTimeResolver(dateIso, zone);
  const minutes: number[] = [];
  const starts: number[] = [];
  for (let minute = plan.startMin; minute < plan.endMin; minute += plan.stepMin) {
    const start = resolve(minute);
    if (!start.exists) continue;
    // Starts only grow along the grid, so once one slot ends too late or starts past the
    // horizon, every later one does too.
    if (start.ms + plan.durationMs > plan.windowEndMs || start.ms >= plan.horizonMs) break;
    if (start.ms < plan.earliestMs) continue;
    // Across the salon's midday break: not offered.
    if (plan.salonRanges && !withinRanges(plan.salonRanges, start.ms, start.ms + plan.durationMs)) {
      continue;
    }
    minutes.push(minute);
    starts.push(start.ms);
  }
  if (starts.length === 0) return [];

  const blocked = blockedStarts({
    starts,
    technicians: plan.technicians,
    occupiedMs: plan.durationMs + plan.afterMs,
    bufferMs: plan.bufferMs,
    busy: input.busy,
  });
  const slots: Slot[] = [];
  for (const [i, startMs] of starts.entries()) {
    if (slots.length >= limit) break;
    const endMs = startMs + plan.durationMs;
    const freeTechnicians = plan.technicians.filter((_, w) => {
      const ranges = plan.ranges[w];
      return blocked[w]?.[i] === 0 && (!ranges || withinRanges(ranges, startMs, endMs));
    });
    if (freeTechnicians.length === 0) continue;
    slots.push({
      // The grid minute is the label: for an existing, first-occurrence time it is exactly what
      // formatSlotLabel shows for the instant, without formatting through the zone again.
      label: formatWallMinutes(minutes[i] ?? 0),
      startsAt: new Date(startMs),
      endsAt: new Date(endMs),
      freeTechnicians,
    });
  }
  return slots;
}
