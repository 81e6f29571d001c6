// The owner's report (docs/product.md#reports): a period's figures beside the previous period's.
// Each period's short statements over the figures the database keeps (period-figures.server.ts),
// and the team's working time.
import type { ReportPeriod } from "../../domain/reports/period";
import type { ReportData, TechnicianFigures } from "../../domain/reports/report-data";
import type { Database } from "../db/client.server";
import { bookingPolicy } from "../platform/env.server";
import { readPeriodFigures, type TechnicianRow } from "./period-figures.server";
import { readWorkingTime, type WorkingTime } from "./working-time.server";

interface ReportOptions {
  /** The cancellation cut-off (default: the MANAGE_CUTOFF_HOURS setting). */
  cutoffMs?: number;
  /** What is upcoming is counted from (default: now). */
  now?: Date;
}

/**
 * Every active technician, and anyone booked in either period (one who left keeps her row while
 * she has appointments in it).
 */
function withWorkingTime(
  rows: TechnicianRow[],
  others: TechnicianRow[],
  working: WorkingTime,
  range: ReportPeriod | ReportPeriod["previous"],
): TechnicianFigures[] {
  const names = new Set([
    ...working.team.filter((m) => m.active).map((m) => m.name),
    ...rows.map((r) => r.name),
    ...others.map((r) => r.name),
  ]);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return [...names].sort().map((name) => ({
    name,
    appointments: 0,
    completed: 0,
    noShows: 0,
    bookedMinutes: 0,
    chargedCents: 0,
    charged: 0,
    ...byName.get(name),
    workingMinutes: working.minutesIn(range, name),
  }));
}

export async function readReport(
  db: Database,
  period: ReportPeriod,
  options: ReportOptions = {},
): Promise<ReportData> {
  const read = {
    cutoffMs: options.cutoffMs ?? bookingPolicy().manageCutoffMs,
    now: options.now ?? new Date(),
  };
  // One after another: on PGlite (one connection) a booking then waits for one short statement
  // of the report at most, not for the statements of both periods queued at once.
  const current = await readPeriodFigures(db, period, read);
  const previous = await readPeriodFigures(db, period.previous, read);
  const working = await readWorkingTime(db, { from: period.previous.from, to: period.to });
  return {
    period,
    current: {
      ...current,
      technicians: withWorkingTime(current.technicians, previous.technicians, working, period),
    },
    previous: {
      ...previous,
      technicians: withWorkingTime(
        previous.technicians,
        current.technicians,
        working,
        period.previous,
      ),
    },
  };
}
