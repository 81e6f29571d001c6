// The month's marks from its one statement (month-days-sql.server.ts): the same marks, in the same
// order of checks, and the same refusals as the day listing gives day by day (markOf in
// month-days.server.ts: closed, then no search, then a service not offered that weekday, then the
// listing's own refusals, then free or full).
import { sql } from "drizzle-orm";
import { requestedWorker } from "../../domain/booking/booking-schema";
import { DEFAULT_BOOKING_SETTINGS } from "../../domain/booking/slots";
import { weekdayOf } from "../../domain/booking/time-zone";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import { isUuid } from "../../domain/uuid";
import type { Database } from "../db/client.server";
import { seedDetailsRow } from "../salon/salon-details.server";
import type { DayMark, MonthDaysResult } from "./month-days.server";
import { type MonthDaysParams, monthDaysStatement } from "./month-days-sql.server";

/** A service of the search as stored: what the marks check before the listing would run. */
interface TypeFacts {
  id: string;
  days: string;
  workers: string[];
  addOn: boolean;
}

interface StatementRow {
  version: string | number;
  types: TypeFacts[] | null;
  days: { date: string; closed: boolean; free: boolean | null }[] | null;
}

/** The listing's refusal of the search, whatever the day (listSlots, resolveItems), if any. */
function listingError(
  items: readonly VisitRequestItem[],
  types: ReadonlyMap<string, TypeFacts>,
): string | undefined {
  const visit = isVisit(items);
  for (const item of items) {
    const type = types.get(item.typeId);
    if (!type) return "Choose a service.";
    const worker = visit || item.worker ? requestedWorker(item.worker) : undefined;
    if (worker !== undefined && !type.workers.includes(worker)) {
      return "Choose one of the service's workers.";
    }
    if (visit && item.addOnIds.some((id) => !types.get(id)?.addOn)) {
      return "Choose add-ons offered with the service.";
    }
    if (!visit) return undefined;
  }
  return undefined;
}

/** The statement's dates as marks, or the search's refusal (markOf's order of checks). */
function marksOf(
  rows: NonNullable<StatementRow["days"]>,
  items: readonly VisitRequestItem[],
  typeRows: readonly TypeFacts[],
): MonthDaysResult {
  const types = new Map(typeRows.map((type) => [type.id, type]));
  const unknown = items.some((item) => !types.has(item.typeId));
  const refusal = listingError(items, types);
  const days: Record<string, DayMark> = {};
  for (const row of rows) {
    if (row.closed) {
      days[row.date] = "closed";
      continue;
    }
    if (items.length === 0) {
      days[row.date] = "open";
      continue;
    }
    const weekday = weekdayOf(row.date);
    const offered = items.every((item) =>
      [item.typeId, ...item.addOnIds].every((id) =>
        types.get(id)?.days.split(",").includes(weekday),
      ),
    );
    if (!offered) {
      if (unknown) return { ok: false, error: "Choose a service." };
      days[row.date] = "off";
      continue;
    }
    if (refusal) return { ok: false, error: refusal };
    days[row.date] = row.free ? "free" : "full";
  }
  return { ok: true, days };
}

/** The latest availability stamp of the month's UTC days and of every day's ('-infinity'). */
export async function readMonthVersion(
  db: Database,
  days: MonthDaysParams["versionDays"],
): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(version), 0) as version from availability_versions
      where day between ${days.first}::date and ${days.last}::date or day = '-infinity'`,
  );
  const [row] = (result as unknown as { rows: { version: string | number }[] }).rows;
  return Number(row?.version ?? 0);
}

/**
 * The marks of the dates `first` to `last` for the search, in one statement; `known`: the
 * version of an answer the caller keeps (then `answer` is undefined if it still stands).
 */
export async function readMonthMarks(
  db: Database,
  input: { first: string; last: string; items: readonly VisitRequestItem[] },
  options: {
    now: Date;
    holder: string | undefined;
    known: number | null;
    versionDays: MonthDaysParams["versionDays"];
  },
): Promise<{ version: number; answer: MonthDaysResult | undefined }> {
  const { items } = input;
  // An id that is not a UUID names no service: every day is then off, or the search refused,
  // without asking the database about it.
  const searchable = items.every((item) => [item.typeId, ...item.addOnIds].every(isUuid));
  const result = await db.execute(
    monthDaysStatement({
      ...input,
      ...options,
      settings: DEFAULT_BOOKING_SETTINGS,
      seedHours: seedDetailsRow().hours,
      typeIds: [...new Set(items.flatMap((item) => [item.typeId, ...item.addOnIds]))].filter(
        isUuid,
      ),
      items: searchable
        ? items.map((item) => ({
            ...item,
            // A lone service's listing takes an empty technician as any (listSlots).
            worker: isVisit(items) || item.worker ? item.worker : "any",
          }))
        : [],
    }),
  );
  const [row] = (result as unknown as { rows: StatementRow[] }).rows;
  const version = Number(row?.version ?? 0);
  if (!row?.days) return { version, answer: undefined };
  return { version, answer: marksOf(row.days, items, row.types ?? []) };
}
