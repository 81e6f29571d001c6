// /scheduleadmin's part of a protected visit's payment (issue 40, docs/payments.md#no-show-fee):
// 'Charge No-show Fee ($X)' (intent `charge-no-show`, any staff account: the front desk's work),
// 'Refund No-show Fee' (intent `refund-no-show-fee`, the owner only: money given back) and the
// deposit refunded once the salon has cancelled the visit. Stripe is asked outside any
// transaction; what it answered is written with its log entry in one, once.
import { formatDateString, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { formatCents } from "~/domain/money";
import { FEE_REFUND_STATUS } from "~/lib/fee-refund-status.server";
import type { Database } from "~/services/db/client.server";
import {
  depositToRefund,
  recordDepositRefund,
  refundDeposit,
} from "~/services/payments/deposit-refund.server";
import {
  cancelUnconfirmed,
  closeLinkCheckouts,
  emailFeeCharged,
  emailFeeLink,
  feeLinkVisit,
  receiptVisit,
} from "~/services/payments/fee-link.server";
import { refundFeeOf } from "~/services/payments/fee-refund.server";
import {
  chargeNoShowFee,
  type FeeCharge,
  type FeeDue,
  type NoFee,
  noShowFeeDue,
  recordAwaitingApproval,
  recordedFeeIntent,
  recordFailedAttempt,
  recordNoShowFee,
} from "~/services/payments/no-show-fee.server";
import { stripeClient } from "~/services/payments/stripe-client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import {
  type ChangeBy,
  type Done,
  invalid,
  type Refusal,
  refusal,
} from "./scheduleadmin-change.server";

const IdForm = textFields("id");

/** Why the desk cannot charge the fee now, as it is told. */
const NO_FEE: Record<NoFee, [status: number, message: string]> = {
  off: [404, "Payments are not connected."],
  "not-found": [404, "That appointment is no longer booked."],
  "not-no-show": [409, "Mark the appointment No-show first."],
  "not-protected": [409, "This visit has no card on file to charge."],
  charged: [409, "The no-show fee was already charged."],
  processing: [409, "Stripe is still processing the no-show fee."],
  awaiting: [409, "The customer was emailed a link to approve the no-show fee: it awaits her."],
  came: [409, "Part of this visit is marked Arrived or Completed: no no-show fee."],
  "nothing-due": [409, "The deposit already covers the no-show fee: nothing more to charge."],
};

const LINK_PAID =
  "The customer paid the no-show fee through her emailed link; Stripe's word of it is on its way: nothing more to charge.";
const UNREACHABLE = { ok: false, kind: "unreachable", reason: "" } as const;

const visitOf = (name: string, startsAt: Date) =>
  `${name}'s visit of ${formatDateString(startsAt, SALON_TIME_ZONE)}`;

/**
 * 'Charge No-show Fee ($X)': the fee charged off-session on the card saved at Checkout, recorded
 * with its log entry; a second click of the same attempt finds it charged (one PaymentIntent,
 * one entry). Declined: nothing is marked charged, and the desk is told why. The bank asking the
 * customer to authenticate: she is emailed a link to approve it (docs/payments.md#fee-link).
 */
export async function chargeNoShow(
  db: Database,
  form: FormData,
  by: ChangeBy,
): Promise<Done | Refusal> {
  const read = parseForm(form, IdForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const found = await noShowFeeDue(db, read.data.id);
  const stripe = stripeClient();
  if (!found.ok || !stripe) {
    const [status, message] = NO_FEE[found.ok ? "off" : found.kind];
    return refusal(status, message);
  }
  const { due } = found;
  const fee = formatCents(due.feeCents);
  if (due.lapsed) {
    // Her link lapsed: its Checkouts closed at Stripe first, so she cannot pay it twice.
    const links = await closeLinkCheckouts(db, stripe, due.visitId, "no_show_fee");
    if (links === "paid") return refusal(409, LINK_PAID);
    if (links === "unreachable") return refusal(503, notCharged(UNREACHABLE, due.name, fee));
  }
  const charge = await chargeNoShowFee(stripe, due);
  if (!charge.ok && charge.kind === "authentication") {
    return emailForApproval(db, stripe, { id: String(read.data.id), due }, charge, by);
  }
  if (!charge.ok) {
    // A definite no: the next click is a new attempt. No answer: the same one (its key).
    if (charge.kind !== "unreachable") await recordFailedAttempt(db, due, charge.intentId);
    return refusal(402, notCharged(charge, due.name, fee));
  }
  const processing = charge.state === "processing";
  const did = `Charged the no-show fee of ${fee} for ${visitOf(due.name, due.startsAt)}${processing ? "; Stripe is processing it" : ""}`;
  // Charged: she is told so by email (none on file: nothing sent).
  const receipt = processing ? undefined : await receiptVisit(db, due.visitId);
  const now = new Date();
  const first = await db.transaction(async (tx) => {
    const first = await recordNoShowFee(tx, due, charge, now);
    if (!first) return false;
    await recordStaffAction(tx, by.user, did, now);
    if (receipt) {
      await emailFeeCharged(tx, receipt, { kind: "no_show_fee", cents: charge.cents }, now);
    }
    return true;
  });
  if (!first) return chargedMeanwhile(db, due, charge, by);
  const said = processing
    ? `Stripe is processing ${due.name}'s no-show fee of ${fee}.`
    : `Charged ${due.name}'s no-show fee of ${fee}.`;
  return { ok: true, id: String(read.data.id), did, said, ...(receipt ? { emails: true } : {}) };
}

/**
 * The bank asks for her own approval: the unconfirmed PaymentIntent cancelled, then, in one
 * transaction, the fee marked awaiting her, the link emailed and the log entry. With no email on
 * file nothing is sent: the attempt is counted as declined, as before, and the desk is told so.
 */
async function emailForApproval(
  db: Database,
  stripe: NonNullable<ReturnType<typeof stripeClient>>,
  { id, due }: { id: string; due: FeeDue },
  charge: Extract<FeeCharge, { intentId: string | null; ok: false }>,
  by: ChangeBy,
): Promise<Done | Refusal> {
  const fee = formatCents(due.feeCents);
  const { intentId } = charge;
  const visit = await feeLinkVisit(db, due.visitId);
  if (!visit) {
    await recordFailedAttempt(db, due, intentId);
    const why = notCharged(charge, due.name, fee);
    return refusal(402, `${why} There is no email on file to send her a link to approve it.`);
  }
  await cancelUnconfirmed(stripe, intentId);
  const did = `Emailed ${due.name} (${visit.email}) a link to approve the no-show fee of ${fee} for the visit of ${formatDateString(due.startsAt, SALON_TIME_ZONE)}: her bank asks for her own approval`;
  const now = new Date();
  const first = await db.transaction(async (tx) => {
    if (!(await recordAwaitingApproval(tx, due, intentId))) return false;
    await emailFeeLink(
      tx,
      visit,
      { kind: "no_show_fee", cents: due.feeCents, firstIntentId: intentId },
      now,
    );
    await recordStaffAction(tx, by.user, did, now);
    return true;
  });
  if (!first) return refusal(409, NO_FEE.awaiting[1]);
  const said = `${due.name}'s bank asks for her own approval of the no-show fee of ${fee}: she was emailed a link to approve it.`;
  return { ok: true, id, did, said, emails: true };
}

/**
 * 'Refund No-show Fee': what is left of the fee given back to her card (the owner only:
 * fee-refund.server.ts), recorded with its log entry.
 */
export async function refundNoShow(
  db: Database,
  form: FormData,
  by: ChangeBy,
): Promise<Done | Refusal> {
  const read = parseForm(form, IdForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const answer = await refundFeeOf(db, "no_show_fee", read.data.id, by.user);
  if (!answer.ok) return refusal(FEE_REFUND_STATUS[answer.why], answer.message);
  const { did, said } = answer;
  return { ok: true, id: String(read.data.id), did, said };
}

/**
 * The fee was recorded by other means while the desk's charge was asked (her link's payment, or
 * the other of two clicks): the same PaymentIntent is the one charge; another one charged her
 * twice, which the log and the desk say, to be refunded in Stripe's dashboard.
 */
async function chargedMeanwhile(
  db: Database,
  due: FeeDue,
  charge: Extract<FeeCharge, { ok: true }>,
  by: ChangeBy,
): Promise<Refusal> {
  const recorded = await recordedFeeIntent(db, due.visitId);
  if (recorded === charge.intentId) return refusal(409, NO_FEE.charged[1]);
  const fee = formatCents(charge.cents);
  await recordStaffAction(
    db,
    by.user,
    `Charged ${fee} for the no-show fee of ${visitOf(due.name, due.startsAt)} (${charge.intentId}), which was already charged: refund this one in Stripe's dashboard`,
  );
  return refusal(
    409,
    `The no-show fee was already charged, so this charge of ${fee} is a second one: refund it in Stripe's dashboard (${charge.intentId}).`,
  );
}

/** What the desk is told when nothing was charged. */
function notCharged(charge: Extract<FeeCharge, { ok: false }>, name: string, fee: string) {
  switch (charge.kind) {
    case "declined":
      return `${name}'s card was declined (${charge.reason}): the no-show fee of ${fee} was not charged.`;
    case "authentication":
      return `${name}'s bank asks for the customer's own approval of this charge, which the desk cannot give: the no-show fee of ${fee} was not charged.`;
    case "unreachable":
      return `Stripe did not answer: the no-show fee of ${fee} is not marked charged. Try again in a moment; it is never charged twice.`;
  }
}

/**
 * After the salon cancelled an appointment (committed): the visit's deposit refunded in full when
 * none of its services is still booked, and a log entry either way. Nothing without Stripe's keys
 * or a paid deposit.
 */
export function refundAfterCancel(
  visitId: string,
  actor: { email: string },
  visit: { name: string; startsAt: Date },
): NonNullable<Done["after"]> {
  return async (db) => {
    const due = await depositToRefund(db, visitId);
    const stripe = stripeClient();
    if (!due || !stripe) return undefined;
    const amount = formatCents(due.cents);
    const whose = visitOf(visit.name, visit.startsAt);
    const refund = await refundDeposit(stripe, due);
    if (!refund.ok) {
      await recordStaffAction(
        db,
        actor,
        `The deposit of ${amount} of ${whose} was not refunded (${refund.reason}); refund it in Stripe's dashboard`,
      );
      return `The deposit of ${amount} was not refunded (${refund.reason}): refund it in Stripe's dashboard.`;
    }
    await db.transaction(async (tx) => {
      if (await recordDepositRefund(tx, due, refund, new Date())) {
        await recordStaffAction(tx, actor, `Refunded the deposit of ${amount} of ${whose}`);
      }
    });
    return `The deposit of ${amount} was refunded.`;
  };
}
