// The emailed payment link of a fee (issue 40, docs/payments.md#fee-link): when a fee's
// off-session charge meets the bank asking the customer to authenticate, the unconfirmed
// PaymentIntent is cancelled (her approval makes a new one, through Checkout) and she is emailed
// a link to our page that shows the fee and goes on to Stripe Checkout. The token is 256 random
// bits; only its SHA-256 is kept (fee_links), for one visit and one fee. The caller writes the
// fee's state ('awaiting') and its log entry in the transaction that makes the link.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { languageOf } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import type { Database, Transaction } from "../db/client.server";
import { appointments, type FeeKind, feeLinks, visitPayments } from "../db/schema.server";
import { enqueueCustomerEmail } from "../email/outbox.server";
import { log } from "../platform/logger.server";
import { siteUrl } from "../platform/site-url.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { closeSession } from "./checkout-back.server";
import { FEE_LINK_DAYS, feeChargedEmail, feeLinkEmail, feeLinkUrl } from "./fee-link-email.server";

const DAY_MS = 86_400_000;

/** A visit whose fee may be approved by link: its appointments, her email, the policy she agreed to. */
export interface FeeLinkVisit {
  rows: (typeof appointments.$inferSelect)[];
  email: string;
  policy: string;
  salon: SalonDetails;
  /** The deposit the salon holds (paid, less refunds): it counts toward a fee. */
  depositCents: number;
}

/** The visit's customer and what the link's email says, read before the transaction; none without her email. */
export async function feeLinkVisit(
  db: Database,
  visitId: string,
): Promise<FeeLinkVisit | undefined> {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startsAt));
  const booked = rows.filter((row) => row.status === "booked");
  const email = rows.find((row) => row.email)?.email;
  const [payment] = await db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId));
  if (!email || !payment) return undefined;
  const salon = (await readSalonFacts(db)).details;
  const depositCents =
    payment.kind === "deposit" && payment.state === "confirmed"
      ? Math.max(0, (payment.paidCents ?? 0) - (payment.refundedCents ?? 0))
      : 0;
  return {
    rows: booked.length > 0 ? booked : rows,
    email,
    policy: payment.policyText,
    salon,
    depositCents,
  };
}

/**
 * The first, unconfirmed PaymentIntent cancelled, so only her approval through the link can pay
 * the fee; a refusal (already cancelled, or Stripe not answering) changes nothing here.
 */
export async function cancelUnconfirmed(stripe: Stripe, intentId: string | null): Promise<void> {
  if (!intentId) return;
  try {
    await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `${intentId}-cancel` });
  } catch {
    // It cannot be confirmed without her either way; Stripe's dashboard shows it.
  }
}

/**
 * Before the desk charges again a fee whose link lapsed: each Checkout made from its links and not
 * recorded paid is closed at Stripe (or found closed), so she cannot pay it as well. Our clock
 * said it closed; only Stripe knows it was not paid in its last minute with the event still on
 * its way: then 'paid', and nothing is to be charged. 'unreachable': Stripe did not answer.
 */
export async function closeLinkCheckouts(
  db: Pick<Database, "select">,
  stripe: Stripe,
  visitId: string,
  kind: FeeKind,
): Promise<"closed" | "paid" | "unreachable"> {
  const links = await db
    .select({ sessionId: feeLinks.checkoutSessionId, paidAt: feeLinks.paidAt })
    .from(feeLinks)
    .where(
      and(
        eq(feeLinks.visitId, visitId),
        eq(feeLinks.kind, kind),
        isNotNull(feeLinks.checkoutSessionId),
      ),
    );
  // Recorded paid since the desk read the fee (its event came in between): nothing to charge.
  if (links.some((link) => link.paidAt)) return "paid";
  for (const { sessionId } of links) {
    const closed = sessionId ? await closeSession(stripe, sessionId) : true;
    if (closed === "unreachable") return "unreachable";
    if (!closed) return "paid";
  }
  return "closed";
}

/** A new link for the fee, and its email in her language to the outbox, in the caller's transaction. */
export async function emailFeeLink(
  tx: Transaction,
  visit: FeeLinkVisit,
  fee: { kind: FeeKind; cents: number; firstIntentId: string | null },
  now: Date,
): Promise<void> {
  const first = visit.rows[0];
  if (!first) return;
  const token = newManageToken();
  await tx.insert(feeLinks).values({
    tokenHash: hashManageToken(token),
    visitId: first.visitId,
    kind: fee.kind,
    cents: fee.cents,
    firstIntentId: fee.firstIntentId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FEE_LINK_DAYS * DAY_MS),
  });
  const hers = await herVisit(tx, visit);
  const link = feeLinkUrl(siteUrl(), token, languageOf(hers));
  const message = feeLinkEmail(hers, { ...fee, policy: visit.policy }, link, visit.salon);
  await enqueueCustomerEmail(tx, message, { now });
}

/** The visit as her emails say it: in her language, to her address. */
async function herVisit(tx: Transaction, visit: FeeLinkVisit) {
  const booked = visit.rows.map(toBookedAppointment);
  return (await inCustomerLanguage(tx, booked)).map((part) => ({ ...part, email: visit.email }));
}

/**
 * 'A Fee Was Charged to Your Card' in her language, to the outbox in the caller's transaction (the
 * one recording the fee charged): the fee's kind, what her card was charged, the visit, and the
 * policy she agreed to (docs/payments.md#fee-charged-email).
 */
export async function emailFeeCharged(
  tx: Transaction,
  visit: FeeLinkVisit,
  fee: { kind: FeeKind; cents: number },
  now: Date,
): Promise<void> {
  // In a savepoint of its own: a failure to queue it never undoes the charge's record.
  try {
    await tx.transaction(async (savepoint) => {
      const hers = await herVisit(savepoint, visit);
      const charged = { ...fee, policy: visit.policy, depositCents: visit.depositCents };
      const message = feeChargedEmail(hers, charged, visit.salon);
      await enqueueCustomerEmail(savepoint, message, { now });
    });
  } catch (error) {
    log.error({ err: error, visitId: visit.rows[0]?.visitId }, "The fee's receipt was not queued");
  }
}

/** The visit a fee's receipt is about, read before its transaction; none when that fails. */
export async function receiptVisit(
  db: Database,
  visitId: string,
): Promise<FeeLinkVisit | undefined> {
  try {
    return await feeLinkVisit(db, visitId);
  } catch (error) {
    log.error({ err: error, visitId }, "The fee's receipt could not be read");
    return undefined;
  }
}
