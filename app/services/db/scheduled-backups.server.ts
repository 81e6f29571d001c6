// The daily backup the running server writes itself (BACKUP_DIR, BACKUP_KEEP; docs/backups.md).
// Once per salon day: the first process to claim the day's row in backup_runs writes the file,
// so several processes on one PostgreSQL write one backup. A run that failed is tried again at the
// next look (every ten minutes); one whose process died, an hour after it began. The dashboard
// reads the latest row.
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { desc, isNotNull, sql } from "drizzle-orm";
import { SALON_TIME_ZONE, salonDateOf } from "../../domain/booking/time-zone";
import { log } from "../platform/logger.server";
import { backupDatabase } from "./backup.server";
import type { Database } from "./client.server";
import { backupRuns } from "./schema.server";

/** Names of the files this worker writes (and the only ones it ever removes). */
const FILE_NAME = /^salon-(\d{4}-\d{2}-\d{2})\.sql$/;
/** A run neither finished nor failed after this long is taken to have died with its process. */
const RETRY_AFTER = "1 hour";

export interface BackupSettings {
  /** BACKUP_DIR: where the files go. */
  dir: string;
  /** BACKUP_KEEP: how many of the newest files are kept. */
  keep: number;
  /** The database: the embedded one in dataDir (open in this process) or a PostgreSQL server. */
  dataDir: string;
  databaseUrl?: string;
  pglite?: PGlite;
}

type BackupRun = typeof backupRuns.$inferSelect;

/** Claims the day's backup unless a process has (a failed run, or one begun an hour ago, is free). */
async function claimDay(db: Database, day: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(backupRuns)
    .values({ day, startedAt: now })
    .onConflictDoUpdate({
      target: backupRuns.day,
      set: { startedAt: now, finishedAt: null, file: null, bytes: null, error: null },
      setWhere: sql`${backupRuns.error} is not null
        or (${backupRuns.finishedAt} is null
          and ${backupRuns.startedAt} < ${now}::timestamptz - ${RETRY_AFTER}::interval)`,
    })
    .returning({ day: backupRuns.day });
  return claimed.length > 0;
}

/**
 * Writes today's backup if it is due (none yet today, by the salon's calendar), removes the
 * oldest files beyond `keep`, and records the outcome. Resolves to the run it made, if any.
 */
export async function backUpIfDue(
  db: Database,
  settings: BackupSettings,
  now = new Date(),
): Promise<BackupRun | undefined> {
  const day = salonDateOf(now, SALON_TIME_ZONE);
  if (!(await claimDay(db, day, now))) return undefined;
  const name = `salon-${day}.sql`;
  let outcome: Partial<BackupRun>;
  try {
    fs.mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
    const started = performance.now();
    const { bytes, pausedMs } = await backupDatabase(
      {
        dataDir: settings.dataDir,
        databaseUrl: settings.databaseUrl,
        openPglite: settings.databaseUrl ? undefined : settings.pglite,
      },
      path.join(settings.dir, name),
      { force: true },
    );
    const removed = removeOldest(settings.dir, settings.keep);
    log.info(
      { file: name, bytes, ms: Math.round(performance.now() - started), pausedMs, removed },
      "Backup written",
    );
    outcome = { file: name, bytes };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: error, dir: settings.dir }, "Backup failed");
    outcome = { error: message.slice(0, 2000) };
  }
  const [run] = await db
    .update(backupRuns)
    .set({ ...outcome, finishedAt: new Date() })
    .where(sql`${backupRuns.day} = ${day}`)
    .returning();
  return run;
}

/** Removes this worker's files beyond the newest `keep` (by the date in their names). */
function removeOldest(dir: string, keep: number): string[] {
  const ours = fs
    .readdirSync(dir)
    .filter((name) => FILE_NAME.test(name))
    .sort()
    .reverse();
  const removed = ours.slice(keep);
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** For the dashboard: the latest run (written, failed or under way) and the latest written. */
export async function readBackupRuns(
  db: Database,
): Promise<{ latest?: BackupRun; lastWritten?: BackupRun }> {
  const [[latest], [lastWritten]] = await Promise.all([
    db.select().from(backupRuns).orderBy(desc(backupRuns.day)).limit(1),
    db
      .select()
      .from(backupRuns)
      .where(isNotNull(backupRuns.file))
      .orderBy(desc(backupRuns.day))
      .limit(1),
  ]);
  return { latest, lastWritten };
}

interface BackupWorker {
  /** Waits for a run in progress, then stops. */
  stop(): Promise<void>;
}

/** Looks every `intervalMs` (and at once) whether today's backup is due, and writes it. */
export function startBackupWorker(
  db: Database,
  settings: BackupSettings,
  options: { intervalMs?: number } = {},
): BackupWorker {
  let stopped = false;
  let busy = false;
  let round: Promise<unknown> = Promise.resolve();
  const run = () => {
    if (stopped || busy) return;
    busy = true;
    round = backUpIfDue(db, settings)
      .catch((error: unknown) => log.error({ err: error }, "Looking for a due backup failed"))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 600_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
