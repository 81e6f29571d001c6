// What the process does beside answering requests (docs/architecture.md#shape): the email worker,
// reminders, daily backups, the hourly pruning and retention, the release of lapsed pending
// bookings and the waitlist's offers. server.ts starts them once the database is open and stops
// them on SIGTERM or SIGINT, before the database closes.
import { startReminderWorker } from "../app/services/appointments/reminders.server";
import { releaseLapsedPending } from "../app/services/booking/pending-bookings.server";
import type { DatabaseHandle } from "../app/services/db/client.server";
import { startBackupWorker } from "../app/services/db/scheduled-backups.server";
import { startEmailWorker } from "../app/services/email/mailer.server";
import { bookingPolicy, type Env } from "../app/services/platform/env.server";
import { log } from "../app/services/platform/logger.server";
import { pruneRateLimits } from "../app/services/platform/rate-limit.server";
import { readSalonFacts } from "../app/services/salon/salon-details.server";
import { applyRetention } from "../app/services/staff/retention.server";
import {
  startWaitlistWorker,
  type WaitlistWorker,
} from "../app/services/waitlist/waitlist-worker.server";

interface Workers {
  /** Sends what was just queued in the outbox now rather than at the next round. */
  kickEmail(): void;
  /**
   * Starts the waitlist's offers, once the address its links name is known (the server listens);
   * a second call does nothing.
   */
  startWaitlist(siteUrl: () => string): void;
  /** Something that frees times changed: the waitlist looks again (if it runs yet). */
  pokeWaitlist(): void;
  /** Stops every worker, each finishing what it was doing; the database stays open. */
  stop(): Promise<void>;
}

export function startWorkers(database: DatabaseHandle, env: Env): Workers {
  const emailWorker = startEmailWorker({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    from: env.EMAIL_FROM,
    senderName: async () => (await readSalonFacts(database.db)).details.name,
    log: {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
      error: (message) => log.error(message),
    },
  });
  const reminders = startReminderWorker({
    db: database.db,
    leadMs: bookingPolicy().reminderLeadMs,
    onQueued: () => emailWorker.kick(),
  });
  // A backup a day, by this process or another on the same database (docs/backups.md).
  const backups =
    env.BACKUP_DIR === undefined
      ? undefined
      : startBackupWorker(database.db, {
          dir: env.BACKUP_DIR,
          keep: env.BACKUP_KEEP,
          dataDir: env.DATA_DIR,
          databaseUrl: env.DATABASE_URL,
          pglite: database.pglite,
        });
  const timers = startHousekeeping(database);
  let waitlist: WaitlistWorker | undefined;
  return {
    kickEmail: () => emailWorker.kick(),
    startWaitlist(siteUrl) {
      // Freed times emailed to the first in line (docs/product.md#waitlist).
      waitlist ??= startWaitlistWorker({
        db: database.db,
        siteUrl,
        offerMs: bookingPolicy().waitlistOfferMs,
        onQueued: () => emailWorker.kick(),
        onError: (error) =>
          log.error({ err: error }, "Offering freed times to the waitlist failed"),
      });
    },
    pokeWaitlist: () => waitlist?.poke(),
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await reminders.stop();
      await waitlist?.stop();
      await backups?.stop();
      await emailWorker.stop();
    },
  };
}

/** The periodic statements any process may run: their timers, which do not hold the process. */
function startHousekeeping(database: DatabaseHandle): NodeJS.Timeout[] {
  // Every hour (and at start): rate-limit windows that ended, and whatever the privacy notice says
  // is kept no longer (app/services/staff/retention.server.ts).
  function pruneAndForget() {
    pruneRateLimits(database.db).catch((error: unknown) =>
      log.error({ err: error }, "Pruning rate limits failed"),
    );
    applyRetention(database.db)
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) log.info(report, "Retention applied");
      })
      .catch((error: unknown) => log.error({ err: error }, "Applying retention failed"));
  }
  pruneAndForget();
  const prune = setInterval(pruneAndForget, 3_600_000);
  prune.unref();
  // Every minute: pending online bookings not confirmed in time free their times
  // (docs/product.md#pending-bookings). One update; any process may run it.
  const releasePending = setInterval(() => {
    releaseLapsedPending(database.db)
      .then((released) => {
        if (released > 0) log.info({ released }, "Released lapsed pending bookings");
      })
      .catch((error: unknown) => log.error({ err: error }, "Releasing pending bookings failed"));
  }, 60_000);
  releasePending.unref();
  return [prune, releasePending];
}
