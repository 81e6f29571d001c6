// Money given back or disputed through Stripe (issue 40, docs/payments.md#refunds, #disputes):
// one row per refund of a protected visit's deposit or of a fee, on the date it was made, so
// Reports count each on its own day; one row per dispute a customer's bank opened about one.
// Same rules as schema.server.ts, which re-exports all of it. Relative imports: drizzle-kit
// loads this outside Vite.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { instant, sqlList } from "./columns.server";

/** What was refunded or disputed: the deposit paid at booking, or a fee charged later. */
export const REFUND_KINDS = ["deposit", "no_show_fee", "late_cancel_fee"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * Each refund of a PaymentIntent, keyed by the intent and the total refunded of it once this one
 * was made: Stripe's charge.refunded says only that total, which grows with every refund, so the
 * same total told twice (a repeated event, or the salon's own refund recorded before its event)
 * is the same row. `cents` is what this refund gave back.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    paymentIntentId: text("payment_intent_id").notNull(),
    totalRefundedCents: integer("total_refunded_cents").notNull(),
    /** The visit's appointments' visit_id. */
    visitId: uuid("visit_id").notNull(),
    kind: text("kind", { enum: REFUND_KINDS }).notNull(),
    cents: integer("cents").notNull(),
    /** Stripe's id of the refund, when known (the salon's own, or one the event lists). */
    refundId: text("refund_id"),
    refundedAt: instant("refunded_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.paymentIntentId, table.totalRefundedCents] }),
    index("payment_refunds_refunded_at").on(table.refundedAt),
    index("payment_refunds_visit_id").on(table.visitId),
    check(
      "payment_refunds_values",
      sql`${table.kind} in (${sqlList(REFUND_KINDS)}) and ${table.cents} > 0 and ${table.totalRefundedCents} >= ${table.cents} and char_length(${table.paymentIntentId}) between 1 and 255 and (${table.refundId} is null or char_length(${table.refundId}) <= 255)`,
    ),
  ],
);

/** Where a dispute is: open (the owner answers it), or closed won or lost (charge.dispute.closed). */
export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;

/**
 * A dispute a customer's bank opened about a visit's deposit or fee (charge.dispute.created): the
 * desk marks the visit, and the owner answers it in Stripe's dashboard.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    /** Stripe's id of the dispute: one row, however often its event comes. */
    disputeId: text("dispute_id").primaryKey(),
    visitId: uuid("visit_id").notNull(),
    kind: text("kind", { enum: REFUND_KINDS }).notNull(),
    cents: integer("cents").notNull(),
    reason: text("reason").notNull(),
    openedAt: instant("opened_at").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull().default("open"),
    closedAt: instant("closed_at"),
  },
  (table) => [
    index("payment_disputes_visit_id").on(table.visitId),
    check(
      "payment_disputes_values",
      sql`${table.kind} in (${sqlList(REFUND_KINDS)}) and ${table.status} in (${sqlList(DISPUTE_STATUSES)}) and ${table.cents} >= 0 and char_length(${table.disputeId}) between 1 and 255 and char_length(${table.reason}) between 1 and 100`,
    ),
  ],
);
