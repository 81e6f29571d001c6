// The reminder email before each visit (REMINDER_HOURS_BEFORE, default 24 hours). Sent
// once: the appointment row is marked in the same transaction that queues the email, and rows
// are claimed with FOR UPDATE SKIP LOCKED, so several server processes (or a restart) never
// queue it twice. No reminder for cancelled appointments, nor for ones booked (or moved) after
// their reminder time: the booking confirmation has just told them.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { agreedPolicy } from "../booking/agreed-policy.server";
import { languageOf } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { newManageLink } from "../booking/manage-token.server";
import { inVisitOrder } from "../booking/visit.server";
import type { Database } from "../db/client.server";
import { appointments } from "../db/schema.server";
import { enqueueCustomerEmail } from "../email/outbox.server";
import { log } from "../platform/logger.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { reminderEmail } from "./manage-emails.server";

/** Claims at most this many per round; the next round takes the rest. */
const BATCH = 100;

/** Queues the reminders that are due at `now`; returns how many. */
export async function queueDueReminders(
  db: Database,
  options: { now?: Date; leadMs: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const dueBy = new Date(now.getTime() + options.leadMs);
  const salon = (await readSalonFacts(db)).details;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(appointments)
      .set({ reminderQueuedAt: now })
      .where(
        sql`${appointments.id} in (
          select ${appointments.id} from ${appointments}
          where ${appointments.status} = 'booked'
            and ${appointments.reminderQueuedAt} is null
            -- A caller booked by phone alone has no address to remind (docs/product.md#front-desk).
            and ${appointments.email} is not null
            and ${appointments.startsAt} > ${now}
            and ${appointments.startsAt} <= ${dueBy}
            and coalesce(${appointments.rescheduledAt}, ${appointments.createdAt})
                <= ${appointments.startsAt} - ${`${options.leadMs} milliseconds`}::interval
          order by ${appointments.startsAt}
          limit ${BATCH}
          for update skip locked)`,
      )
      .returning();
    // One reminder a visit, every service of it listed (issue 38): its other parts are marked
    // with it, so a later part's own reminder time sends nothing more.
    const visitIds = [...new Set(rows.map((row) => row.visitId))];
    const others =
      visitIds.length === 0
        ? []
        : await tx
            .update(appointments)
            .set({ reminderQueuedAt: now })
            .where(
              and(
                inArray(appointments.visitId, visitIds),
                eq(appointments.status, "booked"),
                isNull(appointments.reminderQueuedAt),
              ),
            )
            .returning();
    for (const visitId of visitIds) {
      const visit = inVisitOrder(
        [...rows, ...others].filter((row) => row.visitId === visitId).map(toBookedAppointment),
      );
      const first = visit[0] as (typeof visit)[number];
      // In her language (issue 39): the link opens /es/manage for a Spanish visit.
      const link = await newManageLink(tx, first.id, languageOf(visit));
      const hers = await inCustomerLanguage(tx, visit);
      // A protected visit's policy as she agreed to it (docs/payments.md#policy-in-emails).
      const policy = await agreedPolicy(tx, first.id);
      await enqueueCustomerEmail(tx, reminderEmail(hers, salon, link, policy), { now });
    }
    return rows.length;
  });
}

export interface ReminderWorker {
  /** Waits for a round in progress, then stops. */
  stop(): Promise<void>;
}

/** Looks for due reminders every `intervalMs` (and at once); `onQueued` can kick the mailer. */
export function startReminderWorker(options: {
  db: Database;
  leadMs: number;
  intervalMs?: number;
  onQueued?: () => void;
  /** The current time (tests move it). */
  clock?: () => Date;
}): ReminderWorker {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  const run = () => {
    round = queueDueReminders(options.db, {
      leadMs: options.leadMs,
      now: options.clock?.() ?? new Date(),
    }).then(
      (queued) => {
        if (queued > 0) options.onQueued?.();
      },
      (error: unknown) => log.error({ err: error }, "Queueing reminders failed"),
    );
  };
  run();
  const timer = setInterval(() => {
    if (!stopped) run();
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
