// The customer cancelling a protected visit through the manage link (issue 40,
// docs/payments.md#customer-cancels). Outside the Payments page's window: cancelled as any visit,
// its deposit refunded in full ("You may move or cancel free of charge until ..."). Inside it,
// before the start: cancelled once she has accepted the fee the page said (the terms she was
// shown, sent back), then the fee charged off-session on the saved card with the visit's
// idempotency key, the deposit kept toward it (any excess refunded), each recorded with its
// log entry once. Stripe is asked after the cancel is committed, outside any transaction: a
// decline or a bank asking her to authenticate leaves the visit cancelled (she asked) and tells
// the owner in the activity log; for the latter she is emailed a link to approve the fee
// (fee-link.server.ts). A visit without protection, or without Stripe's keys, is
// cancelled exactly as before (cancelByCustomer).
import { and, eq, isNull } from "drizzle-orm";
import { formatDateString, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { formatCents } from "../../domain/money";
import {
  cancelByCustomer,
  findByManageToken,
  type ManagedAppointment,
  type ManageFailure,
  type ManageOptions,
} from "../appointments/manage-link.server";
import type { Database, Transaction } from "../db/client.server";
import { visitPayments } from "../db/schema.server";
import { recordStaffAction } from "../staff/staff-activity.server";
import { type CancelTerms, cancelTermsOf, costsAFee } from "./cancel-terms.server";
import { depositToRefund, recordDepositRefund, refundDeposit } from "./deposit-refund.server";
import {
  cancelUnconfirmed,
  emailFeeCharged,
  emailFeeLink,
  feeLinkVisit,
  receiptVisit,
} from "./fee-link.server";
import {
  chargeOffSession,
  type FeeCharge,
  feeChargeDescription,
} from "./off-session-charge.server";
import { stripeClient } from "./stripe-client.server";

/** The activity log's "who" for what the customer did herself through her link. */
export const CUSTOMER_ACTOR = { email: "Customer (manage link)" };

const HOUR_MS = 3_600_000;

/** The idempotency key of a visit's late cancellation fee: a visit is cancelled once. */
export const lateFeeKey = (visitId: string) => `visit-${visitId}-late-cancel-fee`;

/** What became of the money, for the caller (the page says the cancel only). */
export interface CancelMoney {
  charge?: FeeCharge;
  refunded?: number;
}

export type LinkCancelResult =
  | { ok: true; appointment: ManagedAppointment; money?: CancelMoney }
  | ManageFailure
  /** Inside the window, the fee not accepted as the page says it now: the page shows it again. */
  | { ok: false; kind: "fee-unconfirmed" };

/**
 * For a protected visit: its window as the cut-off of online moves (ManageOptions.cutoffMs) and in
 * hours, for the refusal's words; undefined otherwise (MANAGE_CUTOFF_HOURS applies).
 */
export async function protectedCutoff(
  db: Database,
  token: unknown,
  now: Date,
): Promise<{ cutoffMs: number; windowHours: number } | undefined> {
  const found = await findByManageToken(db, token, { now });
  const terms = found && (await cancelTermsOf(db, found, now));
  return terms && { cutoffMs: terms.windowHours * HOUR_MS, windowHours: terms.windowHours };
}

/** 'Cancel' on the manage page: see the file's comment. `confirmation`: the terms accepted. */
export async function cancelThroughLink(
  db: Database,
  token: unknown,
  confirmation: string | undefined,
  options: ManageOptions = {},
): Promise<LinkCancelResult> {
  const now = options.now ?? new Date();
  const found = await findByManageToken(db, token, { now });
  if (!found) return { ok: false, kind: "not-found" };
  const terms = await cancelTermsOf(db, found, now);
  if (!terms) return cancelByCustomer(db, token, { ...options, now });
  // Once it has begun, it is the desk's to mark (a no-show is not a cancellation).
  if (now >= found.startsAt) return { ok: false, kind: "too-late" };
  if (costsAFee(terms) && confirmation !== terms.confirmation) {
    return { ok: false, kind: "fee-unconfirmed" };
  }
  // Her email says the deposit kept, known now; what her card is charged is not yet.
  const kept = costsAFee(terms)
    ? { keptCents: terms.split.keptCents, feeCents: terms.split.feeCents }
    : undefined;
  const cancelled = await cancelByCustomer(db, token, { ...options, now, cutoffMs: 0, kept });
  if (!cancelled.ok) return cancelled;
  const money = await settle(db, terms, cancelled.appointment, now);
  return { ...cancelled, money };
}

/** After the committed cancel: the fee charged and the deposit refunded as `terms` say. */
async function settle(
  db: Database,
  terms: CancelTerms,
  visit: ManagedAppointment,
  now: Date,
): Promise<CancelMoney> {
  const stripe = stripeClient();
  if (!stripe) return {};
  const { split } = terms;
  const whose = `${visit.name}'s visit of ${formatDateString(visit.startsAt, SALON_TIME_ZONE)}`;
  const within = `cancelled online within the ${terms.windowHours}-hour window`;
  const kept = split.keptCents > 0 ? `, ${formatCents(split.keptCents)} of the deposit kept` : "";
  const money: CancelMoney = {};
  if (split.chargeCents > 0 && terms.card) {
    const fee = formatCents(split.chargeCents);
    const charge = await chargeOffSession(stripe, {
      cents: split.chargeCents,
      customerId: terms.card.customerId,
      paymentMethodId: terms.card.paymentMethodId,
      description: await feeChargeDescription(db, terms.visitId, "late_cancel_fee"),
      metadata: { visit_id: terms.visitId, kind: "late_cancel_fee" },
      idempotencyKey: lateFeeKey(terms.visitId),
    });
    money.charge = charge;
    // The bank asks for her own approval: she is emailed a link to approve it (fee-link.server.ts).
    const approval =
      !charge.ok && charge.kind === "authentication"
        ? await feeLinkVisit(db, terms.visitId)
        : undefined;
    if (approval && "intentId" in charge) await cancelUnconfirmed(stripe, charge.intentId);
    // Charged: she is told what her card was charged (her cancellation email could not say it).
    const receipt =
      charge.ok && charge.state === "succeeded" ? await receiptVisit(db, terms.visitId) : undefined;
    const did = charge.ok
      ? `Charged the late cancellation fee of ${formatCents(split.feeCents)} for ${whose}, ${within}: ${fee} to the card${kept}${charge.state === "processing" ? "; Stripe is processing it" : ""}`
      : approval
        ? `${whose} was ${within}, but ${fee} of the late cancellation fee could not be charged: ${notCharged(charge)}; she was emailed a link to approve it (${approval.email})${kept}`
        : `${whose} was ${within}, but ${fee} of the late cancellation fee could not be charged: ${notCharged(charge)}${kept}. Charge it another way if needed`;
    await db.transaction(async (tx) => {
      // Apart from the fee's own row: Stripe's event of the charge may have recorded that first.
      if (split.keptCents > 0) await recordKept(tx, terms.visitId, split.keptCents);
      const [first] = await tx
        .update(visitPayments)
        .set({
          lateFeeState: charge.ok ? charge.state : approval ? "awaiting" : "failed",
          lateFeeIntentId: "intentId" in charge ? charge.intentId : null,
          lateFeeCents: charge.ok ? charge.cents : split.chargeCents,
          lateFeeAt: charge.ok && charge.state === "succeeded" ? now : null,
        })
        .where(and(eq(visitPayments.visitId, terms.visitId), isNull(visitPayments.lateFeeState)))
        .returning({ visitId: visitPayments.visitId });
      if (!first) return;
      if (approval) {
        const link = { kind: "late_cancel_fee" as const, cents: split.chargeCents };
        const firstIntentId = "intentId" in charge ? charge.intentId : null;
        await emailFeeLink(tx, approval, { ...link, firstIntentId }, now);
      }
      if (receipt && charge.ok) {
        const paid = { kind: "late_cancel_fee" as const, cents: charge.cents };
        await emailFeeCharged(tx, receipt, paid, now);
      }
      await recordStaffAction(tx, CUSTOMER_ACTOR, did, now);
    });
  } else if (split.keptCents > 0) {
    const did = `${whose} was ${within}: ${formatCents(split.keptCents)} of the deposit kept as the late cancellation fee of ${formatCents(split.feeCents)}`;
    await db.transaction(async (tx) => {
      if (await recordKept(tx, terms.visitId, split.keptCents)) {
        await recordStaffAction(tx, CUSTOMER_ACTOR, did, now);
      }
    });
  }
  if (split.refundCents > 0) money.refunded = await refund(db, terms, whose, now);
  return money;
}

/** The part of her deposit kept toward the late fee, once (the owner may give it back): true the first time. */
async function recordKept(tx: Transaction, visitId: string, cents: number): Promise<boolean> {
  const kept = await tx
    .update(visitPayments)
    .set({ lateFeeKeptCents: cents })
    .where(and(eq(visitPayments.visitId, visitId), isNull(visitPayments.lateFeeKeptCents)))
    .returning({ visitId: visitPayments.visitId });
  return kept.length > 0;
}

/** The deposit, or what the fee leaves of it, refunded: its cents, or 0 when Stripe refused. */
async function refund(db: Database, terms: CancelTerms, whose: string, now: Date) {
  const stripe = stripeClient();
  const found = await depositToRefund(db, terms.visitId);
  if (!found || !stripe) return 0;
  const due = {
    ...found,
    cents: Math.min(found.cents, terms.split.refundCents),
    cancelledBy: "customer" as const,
  };
  const amount = formatCents(due.cents);
  const what =
    terms.split.keptCents > 0
      ? `${amount} of the deposit of ${formatCents(terms.depositCents)} of ${whose} (the rest kept as the late cancellation fee)`
      : `the deposit of ${amount} of ${whose} (cancelled online before the ${terms.windowHours}-hour window)`;
  const done = await refundDeposit(stripe, due);
  if (!done.ok) {
    const did = `${what[0]?.toUpperCase()}${what.slice(1)} was not refunded (${done.reason}); refund it in Stripe's dashboard`;
    await recordStaffAction(db, CUSTOMER_ACTOR, did, now);
    return 0;
  }
  await db.transaction(async (tx) => {
    if (await recordDepositRefund(tx, due, done, now)) {
      await recordStaffAction(tx, CUSTOMER_ACTOR, `Refunded ${what}`, now);
    }
  });
  return done.cents;
}

/** Why the fee was not charged, in the owner's words. */
function notCharged(charge: Extract<FeeCharge, { ok: false }>): string {
  switch (charge.kind) {
    case "declined":
      return `the card was declined (${charge.reason})`;
    case "authentication":
      return "the bank asks for the customer's own approval of the charge";
    case "unreachable":
      return `Stripe did not answer (${charge.reason}); see Stripe's dashboard before charging it again`;
  }
}
