// What a day holds for a search, day by day: the booking form's month
// (docs/product.md#month-calendar) and the waitlist's check that a day is full
// (docs/product.md#waitlist). Each day is the same listing the times come from (listVisitTimes:
// kept while the day's availability stands), so a day marked free lists times.
import { and, between, isNull } from "drizzle-orm";
import { openingHoursFor } from "../../domain/booking/opening-hours";
import { DEFAULT_BOOKING_SETTINGS } from "../../domain/booking/slots";
import {
  addDaysIso,
  isIsoDate,
  laterIsoDate,
  SALON_TIME_ZONE,
  salonDateOf,
  weekdayOf,
} from "../../domain/booking/time-zone";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import type { SalonFacts } from "../../domain/salon/salon-details";
import type { Database } from "../db/client.server";
import { closedDays } from "../db/schema.server";
import { type AppointmentTypeView, listAppointmentTypes } from "../salon/appointment-types.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { readMonthMarks, readMonthVersion } from "./month-marks.server";
import { type MonthRefusal, monthInTurn } from "./month-queue.server";
import { listVisitTimes } from "./visit-times.server";

/**
 * A bookable day: the salon is closed; a service of the search is not offered that weekday
 * ("off"); or the search has a free time then ("free") or none ("full"); "open" when there is no
 * search yet.
 */
export type DayMark = "closed" | "off" | "free" | "full" | "open";

export type MonthDaysResult =
  | {
      ok: true;
      /** The month's days from today to the last bookable day; a day absent is not bookable. */
      days: Record<string, DayMark>;
    }
  | {
      ok: false;
      error: string;
      /** Not computed: too many months waiting ("busy"), or the visitor went away ("gone"). */
      refused?: MonthRefusal;
    };

interface MarkOptions {
  now?: Date;
  /** The visitor's hold: their own held time counts as free for them (docs/product.md#holds). */
  holder?: string | undefined;
}

interface MonthOptions extends MarkOptions {
  /** The request's: a month whose visitor went away while it waited is not computed. */
  signal?: AbortSignal | undefined;
}

/** The salon's closed days (not a technician's day off) from `first` to `last`. */
async function salonClosedDays(db: Database, first: string, last: string): Promise<Set<string>> {
  const rows = await db
    .select({ date: closedDays.date })
    .from(closedDays)
    .where(and(between(closedDays.date, first, last), isNull(closedDays.technician)));
  return new Set(rows.map((row) => row.date));
}

/** One day's mark, with the closed days and the services already read. */
async function markOf(
  db: Database,
  dateIso: string,
  items: readonly VisitRequestItem[],
  known: { closed: Set<string>; salon: SalonFacts; types: Map<string, AppointmentTypeView> },
  options: MarkOptions,
): Promise<{ ok: true; mark: DayMark } | { ok: false; error: string }> {
  const { hours } = known.salon.details;
  if (!openingHoursFor(dateIso, hours, [...known.closed], known.salon.special))
    return { ok: true, mark: "closed" };
  if (items.length === 0) return { ok: true, mark: "open" };
  const weekday = weekdayOf(dateIso);
  const offered = items.every((wanted) =>
    [wanted.typeId, ...wanted.addOnIds].every((id) =>
      known.types.get(id)?.daysOfWeek.includes(weekday),
    ),
  );
  if (!offered) {
    // An unknown service is no day's business: the listing names what is wrong.
    if (items.some((wanted) => !known.types.has(wanted.typeId))) {
      return { ok: false, error: "Choose a service." };
    }
    return { ok: true, mark: "off" };
  }
  const listing = { now: options.now, holder: options.holder };
  const listed = await listVisitTimes(db, { dateIso, items }, listing);
  if (!listed.ok) return { ok: false, error: listed.error };
  return { ok: true, mark: listed.slots.length > 0 ? "free" : "full" };
}

const byId = async (db: Database) =>
  new Map((await listAppointmentTypes(db)).map((type) => [type.id, type]));

/** What one day holds for a search (the waitlist's check). */
export async function dayMark(
  db: Database,
  dateIso: string,
  items: readonly VisitRequestItem[],
  options: MarkOptions = {},
): Promise<{ ok: true; mark: DayMark } | { ok: false; error: string }> {
  if (!isIsoDate(dateIso)) return { ok: false, error: "Choose a date." };
  const known = {
    closed: await salonClosedDays(db, dateIso, dateIso),
    salon: await readSalonFacts(db),
    types: await byId(db),
  };
  return markOf(db, dateIso, items, known, options);
}

/** "2026-12": the first day of that month, or undefined. */
function firstDayOf(month: string): string | undefined {
  const first = `${month}-01`;
  return /^\d{4}-\d{2}$/.test(month) && isIsoDate(first) ? first : undefined;
}

/**
 * Months answered lately, per database: the page asks again for the same month and search as the
 * visitor goes (a new page, another technician and back). An answer stands while no day of the month
 * changed (the availability versions, docs/decisions/013-slot-listing-cache.md), on the same salon
 * date, for at most a minute (a hold lapses without a change, and the day's earliest times pass).
 * A fresh answer reads the version in the month's own statement; a kept one is checked with a
 * statement that reads the version alone.
 */
const MONTH_KEEP_MS = 60_000;
const MAX_MONTHS = 500;
const months = new WeakMap<
  Database,
  Map<string, { version: number; today: string; at: number; answer: MonthDaysResult }>
>();

type KeptMonths = NonNullable<ReturnType<typeof months.get>>;

/**
 * The month kept for `key`, if it still stands (same salon date, within a minute, no change);
 * undefined at once, without a statement, when there is none to check.
 */
function keptMonth(
  db: Database,
  kept: KeptMonths,
  key: string,
  at: { now: Date; today: string; versionDays: { first: string; last: string } },
): Promise<MonthDaysResult | undefined> | undefined {
  const entry = kept.get(key);
  kept.delete(key);
  if (!entry || entry.today !== at.today || at.now.getTime() - entry.at >= MONTH_KEEP_MS) {
    return undefined;
  }
  // A kept answer is checked with the month's stamps alone: planning the month's statement costs
  // more than the small one (PGlite plans every statement it is sent).
  return readMonthVersion(db, at.versionDays).then((version) => {
    if (version !== entry.version) return undefined;
    kept.set(key, entry);
    return entry.answer;
  });
}

/** What a refused month answers (the route says 503; the calendar then shows no marks). */
export const MONTHS_BUSY = "Too many months asked at once: try again in a moment.";

/**
 * The month's bookable days, each with its mark for the search (`items`, maybe none), from one
 * statement and the listing's engine (month-marks.server.ts); kept a minute while nothing changed,
 * except for a visitor holding a time (their own hold is theirs). A fresh month waits its turn
 * (month-queue.server.ts) and may be refused there.
 */
export async function monthDays(
  db: Database,
  input: { month: string; items: readonly VisitRequestItem[] },
  options: MonthOptions = {},
): Promise<MonthDaysResult> {
  const first = firstDayOf(input.month);
  const now = options.now ?? new Date();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  // From this month to two years on: a later or earlier one (9999-12) is a bad query, not a
  // month to list (past the booking horizon, a month simply has no bookable day).
  const lastMonth = addDaysIso(today, 2 * 366).slice(0, 7);
  if (!first || input.month < today.slice(0, 7) || input.month > lastMonth) {
    return { ok: false, error: "Choose a month." };
  }
  const lastBookable = addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1);
  let last = first;
  while (addDaysIso(last, 1).startsWith(input.month)) last = addDaysIso(last, 1);
  const from = laterIsoDate(first, today);
  const [to = last] = [last, lastBookable].sort();
  if (from > to) return { ok: true, days: {} };
  let kept = months.get(db);
  if (!kept) {
    kept = new Map();
    months.set(db, kept);
  }
  const store = kept;
  const key = `${input.month}|${JSON.stringify(input.items)}`;
  const versionDays = { first: addDaysIso(first, -1), last: addDaysIso(first, 31) };
  // A visitor holding a time has her own month, never kept.
  const keptNow = () =>
    options.holder ? undefined : keptMonth(db, store, key, { now, today, versionDays });
  // Without a kept month to check, a fresh one takes its place in the queue before this function
  // first waits: requests are queued in the order they came.
  const check = keptNow();
  const early = check && (await check);
  if (early) return early;
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDaysIso(date, 1)) dates.push(date);
  const compute = async () => {
    // Another request may have computed this month while this one waited.
    const meanwhile = await keptNow();
    if (meanwhile) return meanwhile;
    const read = await readMonthMarks(
      db,
      { dates, items: input.items },
      { now, holder: options.holder, versionDays },
    );
    if (options.holder) return read.answer;
    store.set(key, { version: read.version, today, at: now.getTime(), answer: read.answer });
    if (store.size > MAX_MONTHS) store.delete(store.keys().next().value as string);
    return read.answer;
  };
  const answer = await monthInTurn(
    db,
    `${today}|${key}|${options.holder ?? ""}`,
    compute,
    options.signal,
  );
  if (answer === "busy") return { ok: false, error: MONTHS_BUSY, refused: "busy" };
  if (answer === "gone") return { ok: false, error: "The request was cancelled.", refused: "gone" };
  return answer;
}
