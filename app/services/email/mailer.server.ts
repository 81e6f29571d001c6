// SMTP delivery of the outbox: a nodemailer transport and a worker that polls the outbox.
// Several processes may each run a worker on one database: claims use SKIP LOCKED
// (outbox.server.ts), so every email is sent by one of them.
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Database } from "../db/client.server";
import { type DeliveryReport, deliverDueEmails, type MailTransport } from "./outbox.server";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

interface MailTransportHandle extends MailTransport {
  close(): void;
}

/**
 * An SMTP transport for `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`.
 * Timeouts are well below the outbox lease, so a hung server cannot hold a claimed email long.
 */
export function createTransport(
  smtpUrl: string,
  options: { from?: string } = {},
): MailTransportHandle {
  return nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 },
    options.from ? { from: options.from } : {},
  );
}

/**
 * `from` (EMAIL_FROM, "Name <address>" or an address) with `name` as its display name, quoted as
 * RFC 5322 wants; `from` as it is when there is no name.
 */
export function withSenderName(from: string, name: string | undefined): string {
  const sender = addressparser(from, { flatten: true })[0];
  const shown = name?.replace(/[\r\n]+/g, " ").trim();
  if (!sender?.address || !shown) return from;
  return `"${shown.replace(/[\\"]/g, "\\$&")}" <${sender.address}>`;
}

interface EmailWorkerOptions {
  db: Database;
  /** Unset: the worker does nothing and emails stay in the outbox (docs/product.md#email-outbox). */
  smtpUrl?: string;
  /** EMAIL_FROM: its address sends; its name is the salon's own once `senderName` reads one. */
  from: string;
  /**
   * The salon's name now (Business Details), read each round: a renamed salon's emails come
   * from its new name, with no restart (issue 38).
   */
  senderName?: () => Promise<string | undefined>;
  intervalMs?: number;
  log?: Logger;
  /** Passed to deliverDueEmails. */
  batchSize?: number;
  maxAttempts?: number;
}

export interface EmailWorker {
  /** Waits for a delivery in progress, then stops polling and closes the SMTP transport. */
  stop(): Promise<void>;
  /** Delivers now rather than at the next tick; call it after committing new outbox rows. */
  kick(): void;
}

export function startEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, smtpUrl, from, intervalMs = 5000, log = console } = options;
  if (!smtpUrl) {
    log.info("Email is not configured (SMTP_URL unset): emails stay in the outbox.");
    return { stop: async () => {}, kick: () => {} };
  }
  const transport = createTransport(smtpUrl, { from });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastProblem = "";

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    // Never keep the process alive just for email: shutdown closes everything explicitly.
    timer.unref();
  };

  const deliverAll = async () => {
    let report: DeliveryReport;
    do {
      again = false;
      report = await deliverDueEmails(db, transport, {
        from: withSenderName(from, await options.senderName?.()),
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      });
      if (report.sent > 0) log.info(`Email: sent ${report.sent}.`);
      for (const problem of report.errors) {
        // One line per failed email, by its id (no customer's address in the logs); SMTP errors
        // name the server's reply, never a password.
        log.warn(`Email ${problem.id} not sent: ${problem.error}`);
      }
      if (report.failed > 0) log.error(`Email: ${report.failed} given up after every retry.`);
      // A full batch may mean more are due; a kick during the run asks for another round.
    } while (!stopped && (again || report.sent + report.retrying + report.failed > 0));
  };

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverAll()
      .then(() => {
        lastProblem = "";
      })
      .catch((error: unknown) => {
        // The database is unreachable, for instance: say so once, keep polling.
        const problem = error instanceof Error ? error.message : String(error);
        if (problem !== lastProblem) log.error(`Email delivery failed: ${problem}`);
        lastProblem = problem;
      })
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : intervalMs);
      });
  }

  schedule(0);
  return {
    kick() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
