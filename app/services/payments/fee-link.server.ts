// The emailed payment link of a fee (issue 40, docs/payments.md#fee-link): when a fee's
// off-session charge meets the bank asking the customer to authenticate, the unconfirmed
// PaymentIntent is cancelled (her approval makes a new one, through Checkout) and she is emailed
// a link to our page that shows the fee and goes on to Stripe Checkout. The token is 256 random
// bits; only its SHA-256 is kept (fee_links), for one visit and one fee. The caller writes the
// fee's state ('awaiting') and its log entry in the transaction that makes the link.
import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { languageOf } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import type { Database, Transaction } from "../db/client.server";
import { appointments, type FeeKind, feeLinks, visitPayments } from "../db/schema.server";
import { enqueueCustomerEmail } from "../email/outbox.server";
import { siteUrl } from "../platform/site-url.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { FEE_LINK_DAYS, feeLinkEmail, feeLinkUrl } from "./fee-link-email.server";

const DAY_MS = 86_400_000;

/** A visit whose fee may be approved by link: its appointments, her email, the policy she agreed to. */
export interface FeeLinkVisit {
  rows: (typeof appointments.$inferSelect)[];
  email: string;
  policy: string;
  salon: SalonDetails;
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
  return { rows: booked.length > 0 ? booked : rows, email, policy: payment.policyText, salon };
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
  const booked = visit.rows.map(toBookedAppointment);
  const hers = (await inCustomerLanguage(tx, booked)).map((part) => ({
    ...part,
    email: visit.email,
  }));
  const link = feeLinkUrl(siteUrl(), token, languageOf(booked));
  const message = feeLinkEmail(hers, { ...fee, policy: visit.policy }, link, visit.salon);
  await enqueueCustomerEmail(tx, message, { now });
}
