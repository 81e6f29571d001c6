// The payment links emailed when the bank asks the customer to approve a fee (issue 40,
// docs/payments.md#fee-link): apart from payment-schema.server.ts, whose visit_payments row holds
// the fee itself.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, sqlList } from "./columns.server";

/** The fees of the policy charged off-session, as their PaymentIntents' `metadata.kind` says. */
export const FEE_KINDS = ["no_show_fee", "late_cancel_fee"] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/**
 * The payment links emailed when a fee's off-session charge met the bank asking the customer to
 * authenticate (docs/payments.md#fee-link): one visit, one fee, its amount; only the SHA-256 of
 * the token is kept. Her page goes on to a Checkout Session of its own per attempt; Stripe's
 * webhook records the fee paid (visit_payments' `no_show_fee_*` or `late_fee_*`) and the link.
 */
export const feeLinks = pgTable(
  "fee_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    visitId: uuid("visit_id").notNull(),
    kind: text("kind", { enum: FEE_KINDS }).notNull(),
    cents: integer("cents").notNull(),
    /** The off-session PaymentIntent that asked for her, cancelled once the link is made. */
    firstIntentId: text("first_intent_id"),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** After this the page says the link has expired (and the desk may charge again). */
    expiresAt: instant("expires_at").notNull(),
    /** Checkout Sessions made from it: each with its own idempotency key. */
    checkoutAttempts: integer("checkout_attempts").notNull().default(0),
    checkoutSessionId: text("checkout_session_id"),
    checkoutUrl: text("checkout_url"),
    checkoutExpiresAt: instant("checkout_expires_at"),
    /** Set by checkout.session.completed: the link cannot pay twice. */
    paidAt: instant("paid_at"),
    paymentIntentId: text("payment_intent_id"),
  },
  (table) => [
    index("fee_links_visit_id").on(table.visitId),
    uniqueIndex("fee_links_checkout_session")
      .on(table.checkoutSessionId)
      .where(sql`${table.checkoutSessionId} is not null`),
    check("fee_links_token_hash", sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check(
      "fee_links_values",
      sql`${table.kind} in (${sqlList(FEE_KINDS)}) and ${table.cents} > 0 and ${table.checkoutAttempts} >= 0 and greatest(char_length(${table.firstIntentId}), char_length(${table.checkoutSessionId}), char_length(${table.paymentIntentId})) <= 255 and (${table.checkoutUrl} is null or char_length(${table.checkoutUrl}) <= 2000)`,
    ),
  ],
);
