// /scheduleadmin's part of a protected visit's payment (issue 40, docs/payments.md#no-show-fee):
// 'Charge No-show Fee ($X)' (intent `charge-no-show`, any staff account: the front desk's work)
// and the deposit refunded once the salon has cancelled the visit. Stripe is asked outside any
// transaction; what it answered is written with its log entry in one, once.
import { formatDateString, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { formatCents } from "~/domain/money";
import type { Database } from "~/services/db/client.server";
import {
  depositToRefund,
  recordDepositRefund,
  refundDeposit,
} from "~/services/payments/deposit-refund.server";
import { cancelUnconfirmed, emailFeeLink, feeLinkVisit } from "~/services/payments/fee-link.server";
import {
  chargeNoShowFee,
  type FeeCharge,
  type FeeDue,
  type NoFee,
  noShowFeeDue,
  recordAwaitingApproval,
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
  const first = await db.transaction(async (tx) => {
    const first = await recordNoShowFee(tx, due, charge, new Date());
    if (first) await recordStaffAction(tx, by.user, did);
    return first;
  });
  if (!first) return refusal(409, NO_FEE.charged[1]);
  const said = processing
    ? `Stripe is processing ${due.name}'s no-show fee of ${fee}.`
    : `Charged ${due.name}'s no-show fee of ${fee}.`;
  return { ok: true, id: String(read.data.id), did, said };
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
