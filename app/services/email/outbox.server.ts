// The email outbox (docs/product.md#email-outbox). An email is a row written in the same transaction as what
// it announces; delivery happens later, with retries, so no email is lost while SMTP is down.
//
// Delivery, safe with any number of workers on one database:
// 1. claim: in a short transaction, lock due rows with FOR UPDATE SKIP LOCKED (another worker
//    skips them rather than waiting), mark them 'sending', count the attempt and set
//    next_attempt_at to the end of a lease. Committed before anything is sent, so no other worker
//    sees them as due while this one sends.
// 2. send each one, outside any transaction (SMTP may take seconds; PGlite would block every
//    other query meanwhile).
// 3. record the outcome, only if the row is still ours (same status and attempt count): 'sent', or
//    'pending' again with an exponential backoff, or 'failed' after maxAttempts.
// A worker that dies between 1 and 3 leaves rows in 'sending'; they become due again when the
// lease ends (a live worker stops starting sends halfway through its lease). The attempt was
// counted at claim, so a message that crashes its worker every time still ends 'failed' rather
// than looping. Delivery is at-least-once: a crash after the SMTP server accepted a message but
// before step 3 sends it again after the lease.
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { isUuid } from "../../domain/uuid";
import type { Database, Transaction } from "../db/client.server";
import { type EmailAttachment, emailOutbox } from "../db/schema.server";
import {
  claimDueEmails,
  type OutboxRow,
  releaseClaims,
  stillClaimed,
} from "./outbox-claims.server";

export interface OutboxMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

/**
 * An email to a customer, who may have none: the front desk books a caller by phone alone
 * (docs/product.md#front-desk).
 */
export type CustomerMessage = Omit<OutboxMessage, "to"> & { to: string | null };

/** What delivery needs of a transport; a nodemailer transporter is one. */
export interface MailTransport {
  sendMail(message: {
    from?: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: EmailAttachment[];
  }): Promise<unknown>;
}

interface DeliverOptions {
  now?: Date;
  /** Rows claimed per call (default 20). */
  batchSize?: number;
  /** Attempts before a row is given up as 'failed' (default 8). */
  maxAttempts?: number;
  /** How long a claimed row stays ours before another worker may retry it (default 5 min). */
  leaseMs?: number;
  /** The From header; otherwise the transport's default. */
  from?: string;
}

export interface DeliveryReport {
  sent: number;
  /** Failed this time, scheduled again. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
  errors: { id: string; to: string; error: string }[];
}

const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 60 * 60_000;

/** 30 s after the first failed attempt, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

/** Emails a public form asks for, per address and rolling hour (docs/product.md#email-outbox). */
const PACED_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

/**
 * Queues an email; pass the transaction that writes what the email announces. `paced`: an email
 * a stranger can make us send by typing an address into a public form (a booking's or a message's
 * confirmation). At most PACED_PER_HOUR of those go to one address in any hour; the rest wait in
 * the outbox, due one hour after the fifth before them, and are sent then.
 */
export async function enqueueEmail(
  tx: Database | Transaction,
  message: OutboxMessage,
  options: { now?: Date; paced?: boolean } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const due = options.paced ? await pacedSlot(tx, message.to, now) : now;
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      attachments: message.attachments ?? [],
      nextAttemptAt: due,
      createdAt: now,
      pacedAt: options.paced ? due : null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("Queueing an email returned no row.");
  return row.id;
}

/**
 * Queues an email to a customer, or nothing when they gave no address (a phone booking): every
 * sender of a customer's email goes through here. Returns the email's id, if one was queued.
 */
export async function enqueueCustomerEmail(
  tx: Database | Transaction,
  message: CustomerMessage,
  options: { now?: Date; paced?: boolean } = {},
): Promise<string | undefined> {
  const { to } = message;
  if (!to) return undefined;
  return enqueueEmail(tx, { ...message, to }, options);
}

/**
 * When a paced email to `to` may go: now, unless PACED_PER_HOUR of them are due within the hour
 * before it; then one hour after the fifth most recent. A lock per address (held until the
 * transaction ends) keeps two simultaneous forms from taking the same place.
 */
async function pacedSlot(tx: Database | Transaction, to: string, now: Date): Promise<Date> {
  const address = to.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbox-paced:${address}`}))`);
  const latest = await tx
    .select({ pacedAt: emailOutbox.pacedAt })
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.toAddress}) = ${address}`,
        gt(emailOutbox.pacedAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(desc(emailOutbox.pacedAt))
    .limit(PACED_PER_HOUR);
  const fifth = latest[PACED_PER_HOUR - 1]?.pacedAt;
  if (!fifth) return now;
  return new Date(Math.max(now.getTime(), fifth.getTime() + HOUR_MS));
}

export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  options: DeliverOptions = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const outcome = { now, maxAttempts: options.maxAttempts ?? 8 };
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, errors: [] };
  const claimed = await claimDueEmails(db, { now, batchSize: options.batchSize ?? 20, leaseMs });

  // The lease is for the whole batch: stop starting sends well before it ends (a slow SMTP server
  // could otherwise keep us sending after another worker may have taken the rows over), and hand
  // the rest back, uncounted.
  const claimedAt = performance.now();
  for (const [index, row] of claimed.entries()) {
    if (performance.now() - claimedAt > leaseMs / 2) {
      await releaseClaims(db, claimed.slice(index), now);
      break;
    }
    const sendError = await sendClaimed(transport, row, options.from);
    // A database error from here on propagates: the row stays 'sending' until its lease ends.
    await recordOutcome(db, row, sendError, outcome, report);
  }
  return report;
}

/** Sends a claimed row; resolves with what the transport threw, or undefined once it is sent. */
async function sendClaimed(
  transport: MailTransport,
  row: OutboxRow,
  from: string | undefined,
): Promise<unknown> {
  try {
    await transport.sendMail({
      ...(from ? { from } : {}),
      to: row.toAddress,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      subject: row.subject,
      text: row.textBody,
      ...(row.htmlBody ? { html: row.htmlBody } : {}),
      ...(row.attachments.length > 0 ? { attachments: row.attachments } : {}),
    });
    return undefined;
  } catch (error) {
    return error ?? new Error("Unknown error");
  }
}

/** Step 3: 'sent', or 'pending' again after a backoff, or 'failed' after maxAttempts. */
async function recordOutcome(
  db: Database,
  row: OutboxRow,
  sendError: unknown,
  { now, maxAttempts }: { now: Date; maxAttempts: number },
  report: DeliveryReport,
): Promise<void> {
  if (sendError === undefined) {
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: now, lastError: null })
      .where(stillClaimed(row));
    report.sent++;
    return;
  }
  const message = describeError(sendError);
  const giveUp = row.attempts >= maxAttempts;
  await db
    .update(emailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      lastError: message,
      nextAttemptAt: new Date(now.getTime() + (giveUp ? 0 : retryDelayMs(row.attempts))),
    })
    .where(stillClaimed(row));
  if (giveUp) report.failed++;
  else report.retrying++;
  report.errors.push({ id: row.id, to: row.toAddress, error: message });
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || "Unknown error";
}

/** The emails not delivered yet (waiting, being sent, or given up), newest first: the 'Outbox'. */
export async function listUndeliveredEmails(db: Database, options: { limit?: number } = {}) {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ["pending", "sending", "failed"]))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit ?? 50);
}

/**
 * 'Retry Now': a waiting or given-up email is due at once, with its attempts counted afresh (a
 * given-up one gets all its tries again). One being sent right now is left to its worker. Null:
 * no such email, or it was sent meanwhile.
 */
export async function retryEmailNow(
  db: Database,
  id: string | undefined,
  now = new Date(),
): Promise<{ toAddress: string } | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["pending", "failed"])))
    .returning({ toAddress: emailOutbox.toAddress });
  return rows[0] ?? null;
}
