// The front desk's word on a protected visit's payment (docs/payments.md#booking, #no-show-fee,
// #refunds, #disputes), in English as the staff area is: what was asked and paid, then what
// happened to the money since (fees, refunds, disputes). The customer's own pages say it in her
// language (paid-view.server.ts).
import { and, inArray, ne, sql } from "drizzle-orm";
import { formatCents } from "../../domain/money";
import { PAID_KIND_WORDS } from "../../domain/payments/payment-policy";
import type { Database } from "../db/client.server";
import { liveFeeLink } from "../db/fee-link-live.server";
import { feeLinks, paymentDisputes, paymentRefunds, visitPayments } from "../db/schema.server";
import { paymentText } from "./paid-view.server";

/** The front desk's view of a protected visit's payment. */
export interface DeskPayment {
  /** "Deposit $25.00 paid", "Card on file", or "Awaiting payment" while Checkout is open. */
  label: string;
  /** The deposit the salon holds (paid, less any refund), which counts toward the visit's price. */
  depositCents: number | null;
}

/**
 * The front desk's word on each protected visit of `visitIds`: "Deposit $25.00 paid", "Card on
 * file", or "Awaiting payment" while Checkout is open (an expired one holds no time); with what
 * was refunded of the deposit, and each fee charged (or processing at Stripe, or awaiting her
 * approval) and what was refunded of it, and what her bank disputed, after it
 * (docs/payments.md#no-show-fee, #refunds, #disputes): "Deposit $25.00 paid, no-show fee $15.00
 * charged ($5.00 refunded)", "Card on file, no-show fee $40.00 charged, $40.00 disputed by her bank".
 */
export async function visitPaymentLabels(
  db: Pick<Database, "select">,
  visitIds: readonly string[],
): Promise<Map<string, DeskPayment>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(visitPayments)
    .where(and(inArray(visitPayments.visitId, [...visitIds]), ne(visitPayments.state, "expired")));
  const [refunds, disputed, lapsed] = await Promise.all([
    feeRefunds(db, rows),
    disputedOf(db, rows),
    lapsedLinks(db, rows),
  ]);
  return new Map(
    rows.map((row) => {
      const paid = row.paidCents ?? row.amountCents;
      const refunded = row.refundedCents ?? 0;
      const held = row.kind === "deposit" && row.state === "confirmed" ? paid - refunded : 0;
      const fees = (["no_show_fee", "late_cancel_fee"] as const)
        .map((kind) => {
          const key = `${row.visitId} ${kind}`;
          return feeText(row, kind, refunds.get(key) ?? 0, lapsed.has(key));
        })
        .join("");
      const label =
        row.state === "awaiting"
          ? "Awaiting payment"
          : `${paymentText(row.kind, paid)}${refundedText(row.kind === "deposit" ? refunded : 0)}${fees}${disputedText(disputed, row.visitId)}`;
      return [row.visitId, { label, depositCents: held > 0 ? held : null }];
    }),
  );
}

/** What was refunded of each fee charged of `rows`, by "<visit id> <kind>", in cents. */
async function feeRefunds(
  db: Pick<Database, "select">,
  rows: (typeof visitPayments.$inferSelect)[],
): Promise<Map<string, number>> {
  const charged = rows.filter((row) => row.noShowFeeState || row.lateFeeState);
  if (charged.length === 0) return new Map();
  const sums = await db
    .select({
      visitId: paymentRefunds.visitId,
      kind: paymentRefunds.kind,
      cents: sql<number>`sum(${paymentRefunds.cents})::int`,
    })
    .from(paymentRefunds)
    .where(
      and(
        inArray(
          paymentRefunds.visitId,
          charged.map((row) => row.visitId),
        ),
        ne(paymentRefunds.kind, "deposit"),
      ),
    )
    .groupBy(paymentRefunds.visitId, paymentRefunds.kind);
  return new Map(sums.map((sum) => [`${sum.visitId} ${sum.kind}`, Number(sum.cents)]));
}

/**
 * What the customers' banks disputed of each visit of `rows` and have not lost (open, or taken back:
 * docs/payments.md#disputes), in cents, by "<visit id> <status>".
 */
async function disputedOf(
  db: Pick<Database, "select">,
  rows: (typeof visitPayments.$inferSelect)[],
): Promise<Map<string, number>> {
  const paid = rows.filter((row) => row.state === "confirmed");
  if (paid.length === 0) return new Map();
  const sums = await db
    .select({
      visitId: paymentDisputes.visitId,
      status: paymentDisputes.status,
      cents: sql<number>`sum(${paymentDisputes.cents})::int`,
    })
    .from(paymentDisputes)
    .where(
      inArray(
        paymentDisputes.visitId,
        paid.map((row) => row.visitId),
      ),
    )
    .groupBy(paymentDisputes.visitId, paymentDisputes.status);
  return new Map(sums.map((sum) => [`${sum.visitId} ${sum.status}`, Number(sum.cents)]));
}

/**
 * ", $25.00 disputed by her bank" while open, ", $25.00 taken back by her bank" once lost; nothing
 * once won (the money stays).
 */
const disputedText = (disputed: Map<string, number>, visitId: string) => {
  const open = disputed.get(`${visitId} open`) ?? 0;
  const lost = disputed.get(`${visitId} lost`) ?? 0;
  return `${open > 0 ? `, ${formatCents(open)} disputed by her bank` : ""}${lost > 0 ? `, ${formatCents(lost)} taken back by her bank` : ""}`;
};

/**
 * Each fee of `rows` awaiting her approval whose payment link lapsed unpaid (expired, its Checkout
 * closed: docs/payments.md#fee-link), by "<visit id> <kind>".
 */
async function lapsedLinks(
  db: Pick<Database, "select">,
  rows: (typeof visitPayments.$inferSelect)[],
): Promise<Set<string>> {
  const awaiting = rows.flatMap((row) => [
    ...(row.noShowFeeState === "awaiting" ? [`${row.visitId} no_show_fee`] : []),
    ...(row.lateFeeState === "awaiting" ? [`${row.visitId} late_cancel_fee`] : []),
  ]);
  if (awaiting.length === 0) return new Set();
  const live = await db
    .select({ visitId: feeLinks.visitId, kind: feeLinks.kind })
    .from(feeLinks)
    .where(
      and(
        inArray(
          feeLinks.visitId,
          awaiting.map((key) => key.split(" ")[0] ?? ""),
        ),
        liveFeeLink(new Date()),
      ),
    );
  const open = new Set(live.map((link) => `${link.visitId} ${link.kind}`));
  return new Set(awaiting.filter((key) => !open.has(key)));
}

/** " ($5.00 refunded)", or nothing. */
const refundedText = (cents: number) => (cents > 0 ? ` (${formatCents(cents)} refunded)` : "");

/**
 * How the desk says a fee's state. A failed no-show fee says nothing (its button stays); a failed
 * late cancellation fee says so on the customer's page (the desk lists no cancelled visit).
 */
const FEE_WORDS = {
  succeeded: "charged",
  processing: "processing",
  awaiting: "awaiting her approval",
  failed: "not charged",
} as const;

/**
 * ", no-show fee $5.00 charged" or ", late cancellation fee $5.00 charged" (or "processing", or
 * "awaiting her approval": emailed a payment link, docs/payments.md#fee-link; "not approved: her
 * link expired" once it `lapsed`), with what was refunded of it; nothing before a fee is charged.
 */
function feeText(
  row: typeof visitPayments.$inferSelect,
  kind: "no_show_fee" | "late_cancel_fee",
  refunded: number,
  lapsed: boolean,
): string {
  const [state, cents] =
    kind === "no_show_fee"
      ? [row.noShowFeeState, row.noShowFeeCents]
      : [row.lateFeeState, row.lateFeeCents];
  if (cents === null || state === null || (state === "failed" && kind === "no_show_fee")) return "";
  const words =
    state === "awaiting" && lapsed ? "not approved: her link expired" : FEE_WORDS[state];
  return `, ${PAID_KIND_WORDS[kind]} ${formatCents(cents)} ${words}${refundedText(refunded)}`;
}
