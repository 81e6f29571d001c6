// The customer's own cancellation of a protected visit (issue 40, docs/payments.md#customer-cancels):
// for a visit whose payment is secured (deposit paid or card on file, visit_payments 'confirmed')
// while Stripe is connected, the 'Cancellation window' she agreed to (the Payments page's when
// she booked) replaces the online cut-off (MANAGE_CUTOFF_HOURS) for moving and cancelling through the manage link; inside the window she
// may still cancel, at the policy's late cancellation fee (lateCancelSplit). Any other visit, and
// every visit without Stripe's keys, keeps the cut-off: no terms.
import { and, eq } from "drizzle-orm";
import { type CancelSplit, lateCancelSplit } from "../../domain/payments/payment-policy";
import type { Database } from "../db/client.server";
import { appointments, visitPayments } from "../db/schema.server";
import { stripeSettings } from "../platform/env.server";

type Reader = Pick<Database, "select">;
const HOUR_MS = 3_600_000;

export interface CancelTerms {
  visitId: string;
  /** The Payments page's 'Cancellation window', in hours: the cut-off of online changes. */
  windowHours: number;
  /** The last moment to move or cancel free of charge (the start, less the window). */
  deadline: Date;
  /** Past the deadline: moving online is refused, cancelling costs the late fee. */
  late: boolean;
  /** What cancelling now costs (outside the window: the deposit refunded, nothing charged). */
  split: CancelSplit;
  /** The deposit paid and not refunded, in cents (0 for a card on file). */
  depositCents: number;
  /** The card saved at Checkout, when there is one to charge. */
  card: { customerId: string; paymentMethodId: string } | null;
  /** The deposit's PaymentIntent, for its refund. */
  paymentIntentId: string | null;
  /** What the page showed, sent back with 'Accept the Fee and Cancel': the same terms or none. */
  confirmation: string;
}

/**
 * The terms of the visit `visitId` (the link's appointment starting at `startsAt`) at `now`, or
 * undefined when it is not protected or Stripe is not connected (the cut-off applies).
 */
export async function cancelTermsOf(
  db: Reader,
  visit: { visitId: string; startsAt: Date },
  now: Date,
): Promise<CancelTerms | undefined> {
  if (!stripeSettings()) return undefined;
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.visitId, visit.visitId));
  if (payment?.state !== "confirmed") return undefined;
  const booked = await db
    .select({ priceCents: appointments.priceCents })
    .from(appointments)
    .where(and(eq(appointments.visitId, visit.visitId), eq(appointments.status, "booked")));
  // The window and fee she agreed to when booking (kept with her payment), not a later change.
  const windowHours = payment.cancellationWindowHours;
  const deadline = new Date(visit.startsAt.getTime() - windowHours * HOUR_MS);
  const late = now > deadline;
  const depositCents =
    payment.kind === "deposit" && payment.paymentIntentId && !payment.refundId
      ? Math.max(0, (payment.paidCents ?? 0) - (payment.refundedCents ?? 0))
      : 0;
  const card =
    payment.stripeCustomerId && payment.paymentMethodId
      ? { customerId: payment.stripeCustomerId, paymentMethodId: payment.paymentMethodId }
      : null;
  const split = lateCancelSplit({
    late,
    visitPriceCents: booked.reduce((sum, row) => sum + row.priceCents, 0),
    percent: payment.lateCancelFeePercent,
    depositCents,
    canCharge: card !== null,
  });
  return {
    visitId: visit.visitId,
    windowHours,
    deadline,
    late,
    split,
    depositCents,
    card,
    paymentIntentId: payment.paymentIntentId,
    confirmation: `${split.feeCents}/${split.keptCents}/${split.chargeCents}/${split.refundCents}`,
  };
}

/** A late cancellation that costs something: the page says it, and asks her to accept it. */
export const costsAFee = (terms: CancelTerms): boolean =>
  terms.late && terms.split.keptCents + terms.split.chargeCents > 0;
