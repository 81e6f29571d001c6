import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { submitContactEntry } from "~/services/contact/contact.server";
import { emailOutbox } from "~/services/db/schema.server";
import { createTransport, type Logger, startEmailWorker } from "~/services/email/mailer.server";
import {
  deliverDueEmails,
  enqueueEmail,
  listUndeliveredEmails,
  type MailTransport,
  retryDelayMs,
  retryEmailNow,
} from "~/services/email/outbox.server";
import { startSmtpServer, type TestSmtpServer } from "../../support/smtp-server";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";
import { setUpTestDatabase } from "../../support/test-database-hook";

const from = "2 x 10 Nails & Spa <no-reply@2x10nails.example.com>";
const visitor = {
  name: "Maya Lopez",
  email: "maya@example.com",
  reason: "Comment",
  message: "Lovely visit on Saturday, thank you!",
};

const database = setUpTestDatabase();
let smtp: TestSmtpServer;
let transport: MailTransport & { close(): void };
beforeAll(async () => {
  smtp = await startSmtpServer();
  transport = createTransport(smtp.url, { from });
}, OPEN_TIMEOUT_MS);
afterAll(async () => {
  transport?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  await smtp.start();
  smtp.received.length = 0;
});

const outbox = () => database.db.select().from(emailOutbox).orderBy(emailOutbox.toAddress);
const t0 = new Date("2025-05-06T15:00:00.000Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describe("email delivery over SMTP (docs/product.md#email-outbox)", () => {
  it("delivers the contact confirmation to the sender and the notice to the salon", async () => {
    expect((await submitContactEntry(database.db, visitor, { now: t0 })).ok).toBe(true);
    const report = await deliverDueEmails(database.db, transport, { now: t0 });
    expect(report).toMatchObject({ sent: 2, retrying: 0, failed: 0, errors: [] });

    expect(smtp.received).toHaveLength(2);
    const toVisitor = smtp.received.find((email) => email.to.includes(visitor.email));
    const toSalon = smtp.received.find((email) => email.to.includes(business.email));
    expect(toVisitor?.subject).toBe(`Thank you for your message to ${business.name}`);
    expect(toVisitor?.headers.from).toContain("no-reply@2x10nails.example.com");
    expect(toVisitor?.raw).toContain("Content-Type: text/html");
    expect(toSalon?.subject).toBe("New comment from Maya Lopez");
    expect(toSalon?.headers["reply-to"]).toContain(visitor.email);

    for (const row of await outbox()) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, sentAt: t0, lastError: null });
    }
    // Nothing is due any more.
    expect((await deliverDueEmails(database.db, transport, { now: later(3_600_000) })).sent).toBe(
      0,
    );
    expect(smtp.received).toHaveLength(2);
  });

  it("keeps emails while the SMTP server is down and delivers them once it is back", async () => {
    await smtp.stop();
    expect((await submitContactEntry(database.db, visitor, { now: t0 })).ok).toBe(true);

    const failed = await deliverDueEmails(database.db, transport, { now: t0 });
    expect(failed).toMatchObject({ sent: 0, retrying: 2, failed: 0 });
    for (const row of await outbox()) {
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(1);
      expect(row.nextAttemptAt).toEqual(later(retryDelayMs(1)));
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    expect(retryDelayMs(1)).toBe(30_000);

    await smtp.start();
    // Not due yet: the backoff holds even though the server is back.
    expect((await deliverDueEmails(database.db, transport, { now: later(10_000) })).sent).toBe(0);
    expect(smtp.received).toHaveLength(0);

    const retried = await deliverDueEmails(database.db, transport, { now: later(31_000) });
    expect(retried).toMatchObject({ sent: 2, retrying: 0, failed: 0 });
    expect((await deliverDueEmails(database.db, transport, { now: later(7_200_000) })).sent).toBe(
      0,
    );
    expect(smtp.received.map((email) => email.to).sort()).toEqual([
      [business.email],
      [visitor.email],
    ]);
    for (const row of await outbox()) {
      expect(row).toMatchObject({ status: "sent", attempts: 2, sentAt: later(31_000) });
    }
  });

  it("backs off exponentially up to an hour, and gives up after maxAttempts", async () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    await smtp.stop();
    await enqueueEmail(
      database.db,
      { to: "ana@example.com", subject: "Hello", text: "Hi" },
      { now: t0 },
    );
    let now = t0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const report = await deliverDueEmails(database.db, transport, { now, maxAttempts: 3 });
      expect(report.sent + report.retrying + report.failed).toBe(1);
      const [row] = await outbox();
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < 3 ? "pending" : "failed");
      now = row?.nextAttemptAt ?? now;
    }
    expect(
      (await deliverDueEmails(database.db, transport, { now: later(86_400_000) })).failed,
    ).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("never sends one email twice when workers deliver concurrently", async () => {
    const count = 40;
    for (let index = 0; index < count; index++) {
      await enqueueEmail(
        database.db,
        { to: `guest${index}@example.com`, subject: `Message ${index}`, text: `Body ${index}` },
        { now: t0 },
      );
    }
    // Four workers, each claiming batches of three until nothing is due.
    const worker = async () => {
      let sent = 0;
      for (;;) {
        const report = await deliverDueEmails(database.db, transport, { now: t0, batchSize: 3 });
        if (report.sent + report.retrying + report.failed === 0) return sent;
        sent += report.sent;
      }
    };
    const sentPerWorker = await Promise.all([worker(), worker(), worker(), worker()]);
    expect(sentPerWorker.reduce((sum, sent) => sum + sent, 0)).toBe(count);

    const subjects = smtp.received.map((email) => email.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const rows = await outbox();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("retries an email left 'sending' by a worker that crashed, once its lease has run out", async () => {
    const id = await enqueueEmail(
      database.db,
      { to: "ana@example.com", subject: "Your visit", text: "See you soon" },
      { now: t0 },
    );
    // What a worker leaves behind when it dies after claiming: 'sending', attempt counted,
    // next_attempt_at = the end of its five-minute lease.
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, nextAttemptAt: later(5 * 60_000) })
      .where(eq(emailOutbox.id, id));

    expect((await deliverDueEmails(database.db, transport, { now: later(60_000) })).sent).toBe(0);
    const recovered = await deliverDueEmails(database.db, transport, { now: later(6 * 60_000) });
    expect(recovered.sent).toBe(1);
    expect(smtp.received.map((email) => email.subject)).toEqual(["Your visit"]);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends attachments stored with the email", async () => {
    await enqueueEmail(database.db, {
      to: "ana@example.com",
      subject: "Your appointment",
      text: "See the attached calendar file.",
      attachments: [
        {
          filename: "appointment.ics",
          contentType: "text/calendar",
          content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
        },
      ],
    });
    expect((await deliverDueEmails(database.db, transport)).sent).toBe(1);
    const raw = smtp.received[0]?.raw ?? "";
    expect(raw).toContain("Content-Type: text/calendar; name=appointment.ics");
    expect(raw).toContain(Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").toString("base64"));
  });
});

describe("pacing the emails public forms ask for (docs/product.md#email-outbox)", () => {
  const minutes = (n: number) => later(n * 60_000);
  const toVictim = async () =>
    (await outbox())
      .filter((row) => row.toAddress.toLowerCase() === "victim@example.com")
      .map((row) => row.nextAttemptAt.getTime())
      .sort((a, b) => a - b);

  it("sends at most 5 an hour to one address; the rest wait in the outbox and go later", async () => {
    // Eight messages in eight minutes, all naming the same address (its case varies).
    for (let i = 0; i < 8; i++) {
      const email = i % 2 === 0 ? "victim@example.com" : "Victim@Example.com";
      expect(
        (await submitContactEntry(database.db, { ...visitor, email }, { now: minutes(i) })).ok,
      ).toBe(true);
    }
    // The first five are due when written; the sixth an hour after the first, and so on.
    expect(await toVictim()).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => minutes(i).getTime()),
      ...[60, 61, 62].map((i) => minutes(i).getTime()),
    ]);
    const first = await deliverDueEmails(database.db, transport, { now: minutes(10) });
    // Five to the address, eight notices to the salon (never paced).
    expect(first.sent).toBe(13);
    expect(
      smtp.received.filter((email) => /victim@example\.com/i.test(email.to.join())),
    ).toHaveLength(5);
    expect(smtp.received.filter((email) => email.to.includes(business.email))).toHaveLength(8);
    // Nothing is lost: the other three are sent once their hour has come.
    const rest = await deliverDueEmails(database.db, transport, { now: minutes(62) });
    expect(rest.sent).toBe(3);
    expect(
      smtp.received.filter((email) => /victim@example\.com/i.test(email.to.join())),
    ).toHaveLength(8);
  });

  it("paces each address on its own, and never the salon's notices", async () => {
    for (let i = 0; i < 6; i++) {
      await submitContactEntry(
        database.db,
        { ...visitor, email: "victim@example.com" },
        { now: t0 },
      );
    }
    await submitContactEntry(database.db, { ...visitor, email: "other@example.com" }, { now: t0 });
    const due = (await outbox()).filter((row) => row.nextAttemptAt.getTime() === t0.getTime());
    expect(due.filter((row) => row.toAddress === "victim@example.com")).toHaveLength(5);
    expect(due.filter((row) => row.toAddress === "other@example.com")).toHaveLength(1);
    expect(due.filter((row) => row.toAddress === business.email)).toHaveLength(7);
  });
});

describe("the outbox staff see (the dashboard's 'Outbox')", () => {
  it("lists what is not delivered with its last error; 'Retry Now' sends a given-up email", async () => {
    await smtp.stop();
    expect((await submitContactEntry(database.db, visitor, { now: t0 })).ok).toBe(true);
    // Every try fails: given up after the last one.
    await deliverDueEmails(database.db, transport, { now: t0, maxAttempts: 1 });
    const undelivered = await listUndeliveredEmails(database.db);
    expect(undelivered).toHaveLength(2);
    for (const email of undelivered) {
      expect(email.status).toBe("failed");
      expect(email.lastError).toBeTruthy();
    }

    await smtp.start();
    const [first] = undelivered;
    expect(await retryEmailNow(database.db, first?.id, later(60_000))).toEqual({
      toAddress: first?.toAddress,
    });
    const report = await deliverDueEmails(database.db, transport, { now: later(60_000) });
    expect(report.sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await listUndeliveredEmails(database.db)).map((email) => email.id)).not.toContain(
      first?.id,
    );
    // A sent email is not sent again, and a made-up id changes nothing.
    expect(await retryEmailNow(database.db, first?.id)).toBeNull();
    expect(await retryEmailNow(database.db, "not-an-id")).toBeNull();
  });
});

describe("the email worker", () => {
  const collect = () => {
    const lines: string[] = [];
    const log: Logger = {
      info: (message) => lines.push(`info: ${message}`),
      warn: (message) => lines.push(`warn: ${message}`),
      error: (message) => lines.push(`error: ${message}`),
    };
    return { lines, log };
  };

  it("delivers right after a kick, and stops cleanly", async () => {
    const { lines, log } = collect();
    const worker = startEmailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from,
      intervalMs: 60_000,
      log,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // its first, empty round
      expect((await submitContactEntry(database.db, visitor)).ok).toBe(true);
      worker.kick();
      await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(2);
    } finally {
      await worker.stop();
    }
    expect(lines).toContain("info: Email: sent 2.");
    const [{ pending }] = (await database.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "pending"))) as [{ pending: number }];
    expect(pending).toBe(0);
  });

  it("without SMTP_URL says so once and leaves emails in the outbox", async () => {
    const { lines, log } = collect();
    const worker = startEmailWorker({ db: database.db, from, log });
    expect((await submitContactEntry(database.db, visitor)).ok).toBe(true);
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await worker.stop();
    expect(lines).toEqual([
      "info: Email is not configured (SMTP_URL unset): emails stay in the outbox.",
    ]);
    const rows = await outbox();
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
  });
});
