// The front desk's no-show fee (issue 40, docs/payments.md#no-show-fee): once a protected visit's
// appointment is marked 'No-show', its saved card may be charged the policy's no-show fee (its
// percentage of the visit's price, less the deposit paid: feeCentsOf), off-session, with an
// idempotency key per attempt, so two clicks make one PaymentIntent. Stripe is asked outside any
// transaction; what it answered is then recorded in one (the route's, with its log entry), only
// once. A decline charges and marks nothing: the failed attempt is counted, so the next one asks
// Stripe anew. The bank asking the customer to authenticate: she is emailed a payment link
// (fee-link.server.ts) and the fee awaits her approval; once that link has lapsed unpaid
// (db/fee-link-live.server.ts) the desk may charge again, which may email her a new one.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type Stripe from "stripe";
import { feeCentsOf, MIN_CHARGE_CENTS } from "../../domain/payments/payment-policy";
import { isUuid } from "../../domain/uuid";
import type { Database, Transaction } from "../db/client.server";
import { liveFeeLink, noLiveFeeLink } from "../db/fee-link-live.server";
import { appointments, feeLinks, visitPayments } from "../db/schema.server";
import { stripeSettings } from "../platform/env.server";
import {
  chargeOffSession,
  type FeeCharge,
  feeChargeDescription,
} from "./off-session-charge.server";

type Reader = Pick<Database, "select">;
type PaymentRow = typeof visitPayments.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;

/** A fee the desk may charge now: on which card, how much, and which attempt this is. */
export interface FeeDue {
  visitId: string;
  name: string;
  startsAt: Date;
  services: string;
  feeCents: number;
  /** The PaymentIntent's description, in the visit's language (feeChargeDescription). */
  description: string;
  customerId: string;
  paymentMethodId: string;
  attempt: number;
  /** Awaiting her approval through a link that lapsed: its Checkouts are closed first. */
  lapsed: boolean;
}

/** Why no fee can be charged for this appointment now. */
export type NoFee =
  | "off"
  | "not-found"
  | "not-no-show"
  | "not-protected"
  | "charged"
  | "processing"
  /** The bank asked her to authenticate: she was emailed a link to approve it (fee-link.server.ts). */
  | "awaiting"
  | "came"
  | "nothing-due";

/** A paid deposit, less what was refunded of it: it counts toward the fee. */
const depositOf = (payment: PaymentRow) =>
  payment.kind === "deposit"
    ? Math.max(0, (payment.paidCents ?? 0) - (payment.refundedCents ?? 0))
    : 0;

/**
 * The fee of a visit whose payment is `payment` and whose booked appointments are `rows`, at the
 * no-show fee she agreed to when booking (kept with her payment: the owner's later changes are
 * for later bookings): in cents, or why there is none. At least one is marked 'No-show' and
 * none 'Arrived' or 'Completed' (the visit did not happen); below Stripe's smallest charge there
 * is nothing to charge (the deposit covers it). A fee awaiting her approval whose link `lapsed`
 * (expired unpaid, its Checkout closed) may be charged again.
 */
function feeOfVisit(
  payment: PaymentRow | undefined,
  rows: readonly AppointmentRow[],
  lapsed: ReadonlySet<string>,
): number | NoFee {
  if (!rows.some((row) => row.visitStatus === "no_show")) return "not-no-show";
  if (payment?.state !== "confirmed") return "not-protected";
  if (!payment.paymentMethodId || !payment.stripeCustomerId) return "not-protected";
  if (payment.noShowFeeState === "succeeded") return "charged";
  if (payment.noShowFeeState === "processing") return "processing";
  if (payment.noShowFeeState === "awaiting" && !lapsed.has(payment.visitId)) return "awaiting";
  const came = rows.some((row) => row.visitStatus === "arrived" || row.visitStatus === "completed");
  if (came) return "came";
  const price = rows.reduce((sum, row) => sum + row.priceCents, 0);
  const fee = feeCentsOf(price, payment.noShowFeePercent, depositOf(payment));
  return fee >= MIN_CHARGE_CENTS ? fee : "nothing-due";
}

/** Of `payments`, the visits whose no-show fee awaits her approval through a link that lapsed. */
async function lapsedOf(db: Reader, payments: readonly PaymentRow[]): Promise<Set<string>> {
  const awaiting = payments.filter((p) => p.noShowFeeState === "awaiting").map((p) => p.visitId);
  if (awaiting.length === 0) return new Set();
  const live = await db
    .select({ visitId: feeLinks.visitId })
    .from(feeLinks)
    .where(
      and(
        inArray(feeLinks.visitId, awaiting),
        eq(feeLinks.kind, "no_show_fee"),
        liveFeeLink(new Date()),
      ),
    );
  const open = new Set(live.map((link) => link.visitId));
  return new Set(awaiting.filter((visitId) => !open.has(visitId)));
}

const bookedOf = (db: Reader, visitIds: string[]) =>
  db
    .select()
    .from(appointments)
    .where(and(inArray(appointments.visitId, visitIds), eq(appointments.status, "booked")));

/**
 * For the front desk's list: each shown appointment marked 'No-show' whose visit's card may be
 * charged now, with the fee in cents ('Charge No-show Fee ($X)'). Empty without Stripe's keys.
 */
export async function noShowFeesOffered(
  db: Reader,
  shown: readonly { id: string; visitId: string; visitStatus: string | null }[],
): Promise<Map<string, number>> {
  const offered = new Map<string, number>();
  const noShows = shown.filter((a) => a.visitStatus === "no_show");
  if (noShows.length === 0 || !stripeSettings()) return offered;
  const visitIds = [...new Set(noShows.map((a) => a.visitId))];
  const payments = await db
    .select()
    .from(visitPayments)
    .where(and(inArray(visitPayments.visitId, visitIds), eq(visitPayments.state, "confirmed")));
  if (payments.length === 0) return offered;
  const [rows, lapsed] = await Promise.all([
    bookedOf(
      db,
      payments.map((p) => p.visitId),
    ),
    lapsedOf(db, payments),
  ]);
  for (const appointment of noShows) {
    const payment = payments.find((p) => p.visitId === appointment.visitId);
    const visit = rows.filter((row) => row.visitId === appointment.visitId);
    const fee = feeOfVisit(payment, visit, lapsed);
    if (typeof fee === "number") offered.set(appointment.id, fee);
  }
  return offered;
}

/** The appointment (booked, or cancelled for a late fee) a fee's button names: 'off' without keys. */
export async function feeAppointment(
  db: Reader,
  appointmentId: unknown,
  status: AppointmentRow["status"] = "booked",
): Promise<AppointmentRow | "off" | "not-found"> {
  if (!stripeSettings()) return "off";
  if (!isUuid(appointmentId)) return "not-found";
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, status)));
  return appointment ?? "not-found";
}

/** The fee the desk may charge for this appointment's visit now, or why not. */
export async function noShowFeeDue(
  db: Reader,
  appointmentId: unknown,
): Promise<{ ok: true; due: FeeDue } | { ok: false; kind: NoFee }> {
  const appointment = await feeAppointment(db, appointmentId);
  if (typeof appointment === "string") return { ok: false, kind: appointment };
  if (appointment.visitStatus !== "no_show") return { ok: false, kind: "not-no-show" };
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.visitId, appointment.visitId));
  const rows = await bookedOf(db, [appointment.visitId]);
  const fee = feeOfVisit(payment, rows, await lapsedOf(db, payment ? [payment] : []));
  if (typeof fee !== "number" || !payment?.stripeCustomerId || !payment.paymentMethodId) {
    return { ok: false, kind: typeof fee === "number" ? "not-protected" : fee };
  }
  rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return {
    ok: true,
    due: {
      visitId: appointment.visitId,
      name: appointment.name,
      startsAt: rows[0]?.startsAt ?? appointment.startsAt,
      services: rows.map((row) => row.typeName).join(" and "),
      feeCents: fee,
      description: await feeChargeDescription(db, appointment.visitId, "no_show_fee"),
      customerId: payment.stripeCustomerId,
      paymentMethodId: payment.paymentMethodId,
      attempt: payment.noShowFeeAttempts,
      lapsed: payment.noShowFeeState === "awaiting",
    },
  };
}

/** The idempotency key of a visit's fee attempt: two clicks of one attempt share it. */
export const noShowFeeKey = (visitId: string, attempt: number) =>
  `visit-${visitId}-no-show-fee-${attempt}`;

export type { FeeCharge };

/** Charges the fee off-session on the saved card; every failure is a value. */
export function chargeNoShowFee(stripe: Stripe, due: FeeDue): Promise<FeeCharge> {
  return chargeOffSession(stripe, {
    cents: due.feeCents,
    customerId: due.customerId,
    paymentMethodId: due.paymentMethodId,
    description: due.description,
    metadata: { visit_id: due.visitId, kind: "no_show_fee" },
    idempotencyKey: noShowFeeKey(due.visitId, due.attempt),
  });
}

/**
 * Only while no fee of this visit is charged, processing or awaiting her through a link she can
 * still pay, and this attempt is the current one.
 */
const openAttempt = (visitId: string, attempt: number) =>
  and(
    eq(visitPayments.visitId, visitId),
    eq(visitPayments.noShowFeeAttempts, attempt),
    or(
      isNull(visitPayments.noShowFeeState),
      eq(visitPayments.noShowFeeState, "failed"),
      and(eq(visitPayments.noShowFeeState, "awaiting"), noLiveFeeLink("no_show_fee", new Date())),
    ),
  );

/**
 * Records a fee Stripe charged (or is processing), in the caller's transaction with its log
 * entry: true the first time; false when it was already recorded (the second of two clicks).
 */
export async function recordNoShowFee(
  tx: Transaction,
  due: FeeDue,
  charge: Extract<FeeCharge, { ok: true }>,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(visitPayments)
    .set({
      noShowFeeState: charge.state,
      noShowFeeIntentId: charge.intentId,
      noShowFeeCents: charge.cents,
      noShowFeeAt: charge.state === "succeeded" ? now : null,
    })
    .where(openAttempt(due.visitId, due.attempt))
    .returning({ visitId: visitPayments.visitId });
  return rows.length > 0;
}

/**
 * The bank asks the customer to authenticate, and she is emailed a link to approve the fee: the
 * fee awaits her, in the caller's transaction with the link and its log entry; false when another
 * click of the same attempt got there first.
 */
export async function recordAwaitingApproval(
  tx: Transaction,
  due: FeeDue,
  intentId: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(visitPayments)
    .set({
      noShowFeeState: "awaiting",
      noShowFeeAttempts: due.attempt + 1,
      noShowFeeIntentId: intentId,
      noShowFeeCents: due.feeCents,
    })
    .where(openAttempt(due.visitId, due.attempt))
    .returning({ visitId: visitPayments.visitId });
  return rows.length > 0;
}

/** A declined attempt: nothing is marked charged; the next attempt gets a key of its own. */
export async function recordFailedAttempt(
  db: Pick<Database, "update">,
  due: FeeDue,
  intentId: string | null,
): Promise<void> {
  await db
    .update(visitPayments)
    .set({
      noShowFeeState: "failed",
      noShowFeeAttempts: due.attempt + 1,
      ...(intentId ? { noShowFeeIntentId: intentId, noShowFeeCents: due.feeCents } : {}),
    })
    .where(openAttempt(due.visitId, due.attempt));
}

/** The PaymentIntent recorded as the visit's no-show fee, if any. */
export async function recordedFeeIntent(db: Reader, visitId: string): Promise<string | null> {
  const [row] = await db
    .select({ intentId: visitPayments.noShowFeeIntentId })
    .from(visitPayments)
    .where(eq(visitPayments.visitId, visitId));
  return row?.intentId ?? null;
}
