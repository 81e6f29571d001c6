// The server's own bookkeeping: one-time data steps and the daily backups (docs/operations.md),
// apart from the salon's data in schema.server.ts and its neighbours.
import { sql } from "drizzle-orm";
import { bigint, check, date, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns.server";

/** One-time data steps (the first-start catalogue seed): a row claims the step, once ever. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  ranAt: instant("ran_at").notNull().defaultNow(),
});

/**
 * The daily backups the running server writes (BACKUP_DIR, app/services/db/scheduled-backups.server.ts):
 * one row per salon day, claimed by the first process to insert it, so several processes on one
 * database write one backup a day. `finishedAt` with neither `file` nor `error` never happens:
 * a run ends with the file's name and size, or with why it failed.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    startedAt: instant("started_at").notNull(),
    finishedAt: instant("finished_at"),
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    error: text("error"),
  },
  (table) => [check("backup_runs_error_length", sql`char_length(${table.error}) <= 2000`)],
);
