// The reminder email before an appointment: exactly once with two server processes' workers
// running at the same time (two connections on PostgreSQL), and again none after a restart.
// Real SMTP (an in-process server on loopback), a real database, a moved clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelByCustomer } from "~/services/appointments/manage-link.server";
import { moveByCustomer } from "~/services/appointments/move.server";
import {
  queueDueReminders,
  type ReminderWorker,
  startReminderWorker,
} from "~/services/appointments/reminders.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { type DatabaseHandle, openDatabase } from "~/services/db/client.server";
import { type EmailWorker, startEmailWorker } from "~/services/email/mailer.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { startSmtpServer, type TestSmtpServer } from "../../support/smtp-server";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
/** The second "process": its own connection pool on PostgreSQL; the same PGlite otherwise. */
let second: DatabaseHandle | undefined;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  if (database.databaseUrl) second = await openDatabase({ databaseUrl: database.databaseUrl });
}, OPEN_TIMEOUT_MS);
afterAll(async () => {
  await second?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  smtp.received.length = 0;
});

const HOUR = 3_600_000;
const LEAD = 24 * HOUR;
const silent = { info() {}, warn() {}, error() {} };
const from = "2 x 10 Nails & Spa <no-reply@2x10nails.example.com>";

/** Wednesday, April 29 2026, 10:00 AM in Chicago. */
const wednesday = new Date("2026-04-29T15:00:00.000Z");
const SAT_10_00 = "2026-05-02T15:00:00.000Z";
const SAT_14_00 = "2026-05-02T19:00:00.000Z";

async function book(email: string, startsAt: string, now: Date, technician = "any") {
  await seedCatalogueOnce(database.db);
  const type = (await listAppointmentTypes(database.db)).find((t) => t.type === "Reg Mani/Pedi");
  if (!type) throw new Error("no Reg Mani/Pedi in the seed");
  const result = await bookAppointment(
    database.db,
    { dateIso: "2026-05-02", typeId: type.id, startsAt, technician, name: "Guest", email },
    { now },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result;
}

const reminders = (to: string) =>
  smtp.received.filter((mail) => mail.to.includes(to) && mail.subject.startsWith("Reminder:"));

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One server process's background work: the reminder worker and the email worker. `rounds()`:
 * how many times the reminder worker has looked (it reads the clock once a round).
 */
function startProcess(db: DatabaseHandle["db"], clock: () => Date) {
  let rounds = 0;
  const email: EmailWorker = startEmailWorker({
    db,
    smtpUrl: smtp.url,
    from,
    intervalMs: 40,
    log: silent,
  });
  const reminder: ReminderWorker = startReminderWorker({
    db,
    leadMs: LEAD,
    intervalMs: 25,
    clock: () => {
      rounds += 1;
      return clock();
    },
    onQueued: () => email.kick(),
  });
  return {
    rounds: () => rounds,
    async stop() {
      await reminder.stop();
      await email.stop();
    },
  };
}

describe("reminders", () => {
  it("go out exactly once with two workers running, and not again after a restart", async () => {
    const { appointment } = await book("early@example.com", SAT_10_00, wednesday);
    // Friday 10:30 AM: Saturday 10:00 AM is less than 24 hours away, so the reminder is due.
    const friday = new Date("2026-05-01T15:30:00.000Z");
    const clock = () => friday;
    const a = startProcess(database.db, clock);
    const b = startProcess(second?.db ?? database.db, clock);
    await until(() => reminders("early@example.com").length >= 1);
    // Many more rounds of both workers (about a second's).
    const [roundsA, roundsB] = [a.rounds(), b.rounds()];
    await until(() => a.rounds() >= roundsA + 40 && b.rounds() >= roundsB + 40);
    await Promise.all([a.stop(), b.stop()]);
    expect(reminders("early@example.com")).toHaveLength(1);

    // A restart, later on: nothing new.
    const c = startProcess(database.db, () => new Date(friday.getTime() + 2 * HOUR));
    await until(() => c.rounds() >= 24);
    await c.stop();
    const sent = reminders("early@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(
      "Reminder: your appointment at 2 x 10 Nails & Spa, Saturday, May 2 2026 @ 10:00 AM with " +
        appointment.technician,
    );
  }, 30_000);

  it("is not sent too early, for cancelled appointments, or for bookings made after the reminder time", async () => {
    await book("on-time@example.com", SAT_10_00, wednesday, "Mara");
    const cancelled = await book("cancelled@example.com", SAT_10_00, wednesday, "Lena");
    await cancelByCustomer(database.db, cancelled.manageToken, { now: wednesday });
    // Booked on Friday at 5 PM for Saturday 2 PM: after its reminder time (Friday 2 PM).
    await book("late@example.com", SAT_14_00, new Date("2026-05-01T22:00:00.000Z"), "Sofia");

    // Thursday 9 AM: more than 24 hours before anything.
    expect(
      await queueDueReminders(database.db, {
        now: new Date("2026-04-30T14:00:00.000Z"),
        leadMs: LEAD,
      }),
    ).toBe(0);
    // Friday 6 PM: due for the 10 AM appointment only.
    const due = await queueDueReminders(database.db, {
      now: new Date("2026-05-01T23:00:00.000Z"),
      leadMs: LEAD,
    });
    expect(due).toBe(1);
    // Saturday 10 AM: the appointment has started; nothing more.
    expect(await queueDueReminders(database.db, { now: new Date(SAT_10_00), leadMs: LEAD })).toBe(
      0,
    );
  });

  it("follows the appointment to its new time when the customer moves it", async () => {
    const { manageToken } = await book("mover@example.com", SAT_10_00, wednesday, "Mara");
    // Thursday 9 AM: moved a week later.
    const moved = await moveByCustomer(
      database.db,
      manageToken,
      { dateIso: "2026-05-09", technician: "Mara", startsAt: "2026-05-09T15:00:00.000Z" },
      { now: new Date("2026-04-30T14:00:00.000Z") },
    );
    expect(moved.ok).toBe(true);
    // Friday 11 AM: the old time would be due, the new one is not.
    const friday = new Date("2026-05-01T16:00:00.000Z");
    expect(await queueDueReminders(database.db, { now: friday, leadMs: LEAD })).toBe(0);
    // The next Friday 11 AM: due for the new time, once.
    const nextFriday = new Date("2026-05-08T16:00:00.000Z");
    expect(await queueDueReminders(database.db, { now: nextFriday, leadMs: LEAD })).toBe(1);
    expect(await queueDueReminders(database.db, { now: nextFriday, leadMs: LEAD })).toBe(0);
  });
});
