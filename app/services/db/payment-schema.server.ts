// No-show protection's tables (issue 40, docs/payments.md): the owner's policy, what each service
// asks at booking, and the Stripe events already handled. Same rules as schema.server.ts, which
// re-exports all of it. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PAYMENT_LIMITS, PROTECTED_KINDS } from "../../domain/payments/payment-policy";
import { appointmentTypes } from "./booking-schema.server";
import { instant, sqlList } from "./columns.server";

/**
 * The owner's cancellation policy ('Payments'): one row, id 1, written on her first save; before
 * it the defaults of PAYMENT_DEFAULTS apply.
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Cancelling or moving is free until this many hours before the start. */
    cancellationWindowHours: integer("cancellation_window_hours").notNull().default(24),
    /** Percent of the visit's price charged for a cancellation inside the window. */
    lateCancelFeePercent: integer("late_cancel_fee_percent").notNull().default(50),
    /** Percent of the visit's price charged when the customer does not come. */
    noShowFeePercent: integer("no_show_fee_percent").notNull().default(50),
    /** Moves with every save: what a customer agreed to names the version she read. */
    policyVersion: integer("policy_version").notNull().default(1),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("payment_settings_one_row", sql`${table.id} = 1`),
    check(
      "payment_settings_window",
      sql`${table.cancellationWindowHours} between 0 and ${sql.raw(String(PAYMENT_LIMITS.windowHours))}`,
    ),
    check(
      "payment_settings_fees",
      sql`${table.lateCancelFeePercent} between 0 and 100 and ${table.noShowFeePercent} between 0 and 100`,
    ),
  ],
);

/**
 * What a service asks at booking: a card on file, or a deposit as cents or as a percentage of its
 * price (exactly one of the two). A service without a row asks nothing ('None').
 */
export const serviceProtections = pgTable(
  "service_protections",
  {
    typeId: uuid("type_id")
      .primaryKey()
      .references(() => appointmentTypes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PROTECTED_KINDS }).notNull(),
    depositCents: integer("deposit_cents"),
    depositPercent: integer("deposit_percent"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("service_protections_kind", sql`${table.kind} in (${sqlList(PROTECTED_KINDS)})`),
    check(
      "service_protections_deposit",
      sql`(${table.kind} = 'card' and ${table.depositCents} is null and ${table.depositPercent} is null) or (${table.kind} = 'deposit' and ((${table.depositCents} between 1 and ${sql.raw(String(PAYMENT_LIMITS.depositCents))} and ${table.depositPercent} is null) or (${table.depositPercent} between 1 and 100 and ${table.depositCents} is null)))`,
    ),
  ],
);

/**
 * Every Stripe event handled (POST /stripe/webhook): its id is the key, inserted in the same
 * transaction as the event's effect, so a delivery repeated has no second effect.
 */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (table) => [
    check("stripe_events_id_length", sql`char_length(${table.id}) between 1 and 255`),
    check("stripe_events_type_length", sql`char_length(${table.type}) between 1 and 100`),
  ],
);

/** Where a protected visit's payment is: kept for Checkout, confirmed by Stripe's webhook, or expired. */
export const VISIT_PAYMENT_STATES = ["awaiting", "confirmed", "expired"] as const;
export type VisitPaymentState = (typeof VISIT_PAYMENT_STATES)[number];

/**
 * A fee charged off-session on the saved card (docs/payments.md#no-show-fee): 'succeeded' is
 * charged; 'processing' waits for Stripe's webhook; 'failed' charged nothing (declined, or no
 * answer), and the desk may try again; 'awaiting': the bank asked the customer to authenticate
 * and she was emailed a payment link (fee_links, docs/payments.md#fee-link) to approve it.
 */
export const FEE_STATES = ["succeeded", "processing", "failed", "awaiting"] as const;
export type FeeState = (typeof FEE_STATES)[number];

/**
 * How the customer came to Checkout: booking online ('online'), or through the 'Secure Your
 * Booking' email the front desk sent for a visit it booked (docs/payments.md#secure-your-booking),
 * whose time is booked already and is never freed for want of a payment.
 */
export const PAYMENT_ORIGINS = ["online", "emailed_link"] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

/**
 * A protected online visit's payment (issue 40, docs/payments.md#booking): a deposit (Checkout in
 * payment mode) or a card on file (setup mode), what Stripe said of it, and what the customer
 * agreed to when booking, kept as evidence for a dispute. One row per visit, written with its
 * appointments (kept pending, 'Awaiting payment') and confirmed only by the webhook.
 */
export const visitPayments = pgTable(
  "visit_payments",
  {
    /** The visit's appointments' visit_id (not a key of theirs: a visit has several rows). */
    visitId: uuid("visit_id").primaryKey(),
    kind: text("kind", { enum: PROTECTED_KINDS }).notNull(),
    /** The deposit asked, in cents (0 for a card on file). */
    amountCents: integer("amount_cents").notNull().default(0),
    state: text("state", { enum: VISIT_PAYMENT_STATES }).notNull().default("awaiting"),
    origin: text("origin", { enum: PAYMENT_ORIGINS }).notNull().default("online"),
    /**
     * Checkout Sessions made for it: an emailed link's visit may need a new one after an earlier
     * closed unpaid; each has its own idempotency key (`visit-<id>-secure-<n>`).
     */
    checkoutAttempts: integer("checkout_attempts").notNull().default(1),
    /** Set once Checkout is created, right after the booking's transaction. */
    checkoutSessionId: text("checkout_session_id"),
    /** Stripe's page for it, so the return page can send her back while it is open. */
    checkoutUrl: text("checkout_url"),
    /** SHA-256 of the token in Checkout's back link: the return page may free her time. */
    checkoutBackHash: text("checkout_back_hash"),
    stripeCustomerId: text("stripe_customer_id"),
    paymentMethodId: text("payment_method_id"),
    paymentIntentId: text("payment_intent_id"),
    setupIntentId: text("setup_intent_id"),
    /** What Stripe received, in cents, once paid (the deposit). */
    paidCents: integer("paid_cents"),
    /** The evidence: the policy as shown, its version, when, from where and with what browser. */
    policyText: text("policy_text").notNull(),
    policyVersion: integer("policy_version").notNull(),
    /** The policy's terms she agreed to: her fees and window follow them, not a later change. */
    cancellationWindowHours: integer("cancellation_window_hours").notNull().default(24),
    lateCancelFeePercent: integer("late_cancel_fee_percent").notNull().default(50),
    noShowFeePercent: integer("no_show_fee_percent").notNull().default(50),
    agreedAt: instant("agreed_at").notNull(),
    /** The address the agreement came from, whole (not the /64 a limit counts). */
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: instant("created_at").notNull().defaultNow(),
    confirmedAt: instant("confirmed_at"),
    /** The no-show fee's last PaymentIntent, its amount in cents, where it is, and when charged. */
    noShowFeeIntentId: text("no_show_fee_intent_id"),
    noShowFeeCents: integer("no_show_fee_cents"),
    noShowFeeState: text("no_show_fee_state", { enum: FEE_STATES }),
    noShowFeeAt: instant("no_show_fee_at"),
    /** Attempts that failed: the next one's idempotency key (a double click shares its attempt). */
    noShowFeeAttempts: integer("no_show_fee_attempts").notNull().default(0),
    /** The owner's refunds of it that Stripe refused: the next one's idempotency key. */
    noShowFeeRefundAttempts: integer("no_show_fee_refund_attempts").notNull().default(0),
    /**
     * The customer's own cancellation inside the window (docs/payments.md#customer-cancels): the
     * late fee's PaymentIntent, the amount charged in cents, where it is (or 'failed': declined,
     * authentication asked, no answer) and when it was settled. Set once: a visit is cancelled once.
     */
    lateFeeIntentId: text("late_fee_intent_id"),
    lateFeeCents: integer("late_fee_cents"),
    lateFeeState: text("late_fee_state", { enum: FEE_STATES }),
    lateFeeAt: instant("late_fee_at"),
    /**
     * The part of her deposit the salon kept toward the late fee, in cents (the rest of the fee is
     * `late_fee_cents`, charged to her card); null when none was kept (or before drizzle/0057).
     */
    lateFeeKeptCents: integer("late_fee_kept_cents"),
    /**
     * What the owner gave back of that kept part ('Refund Late Cancellation Fee'), in cents: the
     * deposit's other refunds (the part the fee did not keep, the dashboard's) are not of it.
     */
    lateFeeKeptRefundedCents: integer("late_fee_kept_refunded_cents").notNull().default(0),
    /**
     * The owner's refunds of the late fee (its card part or its kept deposit part) that Stripe
     * refused: the next one's idempotency key.
     */
    lateFeeRefundAttempts: integer("late_fee_refund_attempts").notNull().default(0),
    /** The deposit's refund when the salon cancelled (or Stripe told of one), in cents. */
    refundId: text("refund_id"),
    refundedCents: integer("refunded_cents"),
    refundedAt: instant("refunded_at"),
  },
  (table) => [
    uniqueIndex("visit_payments_checkout_session")
      .on(table.checkoutSessionId)
      .where(sql`${table.checkoutSessionId} is not null`),
    uniqueIndex("visit_payments_checkout_back")
      .on(table.checkoutBackHash)
      .where(sql`${table.checkoutBackHash} is not null`),
    check(
      "visit_payments_checkout_back_hash",
      sql`${table.checkoutBackHash} is null or ${table.checkoutBackHash} ~ '^[0-9a-f]{64}$'`,
    ),
    check("visit_payments_kind", sql`${table.kind} in (${sqlList(PROTECTED_KINDS)})`),
    check(
      "visit_payments_terms",
      sql`${table.cancellationWindowHours} between 0 and ${sql.raw(String(PAYMENT_LIMITS.windowHours))} and ${table.lateCancelFeePercent} between 0 and 100 and ${table.noShowFeePercent} between 0 and 100`,
    ),
    check("visit_payments_state", sql`${table.state} in (${sqlList(VISIT_PAYMENT_STATES)})`),
    check(
      "visit_payments_origin",
      sql`${table.origin} in (${sqlList(PAYMENT_ORIGINS)}) and ${table.checkoutAttempts} >= 1`,
    ),
    check(
      "visit_payments_amounts",
      sql`${table.amountCents} between 0 and ${sql.raw(String(PAYMENT_LIMITS.depositCents))} and (${table.paidCents} is null or ${table.paidCents} >= 0)`,
    ),
    check(
      "visit_payments_text_lengths",
      sql`char_length(${table.policyText}) between 1 and 5000 and (${table.ipAddress} is null or char_length(${table.ipAddress}) <= 64) and (${table.userAgent} is null or char_length(${table.userAgent}) <= 500) and (${table.checkoutUrl} is null or char_length(${table.checkoutUrl}) <= 2000)`,
    ),
    check(
      "visit_payments_stripe_ids",
      sql`greatest(char_length(${table.checkoutSessionId}), char_length(${table.stripeCustomerId}), char_length(${table.paymentMethodId}), char_length(${table.paymentIntentId}), char_length(${table.setupIntentId})) <= 255`,
    ),
    check(
      "visit_payments_fees",
      sql`(${table.noShowFeeState} is null or ${table.noShowFeeState} in (${sqlList(FEE_STATES)})) and (${table.noShowFeeCents} is null or ${table.noShowFeeCents} > 0) and ${table.noShowFeeAttempts} >= 0 and (${table.refundedCents} is null or ${table.refundedCents} >= 0) and (${table.lateFeeState} is null or ${table.lateFeeState} in (${sqlList(FEE_STATES)})) and (${table.lateFeeCents} is null or ${table.lateFeeCents} > 0) and (${table.lateFeeKeptCents} is null or ${table.lateFeeKeptCents} > 0) and ${table.lateFeeKeptRefundedCents} >= 0 and greatest(char_length(${table.noShowFeeIntentId}), char_length(${table.refundId}), char_length(${table.lateFeeIntentId})) <= 255`,
    ),
  ],
);

/**
 * The 'Secure Your Booking' links the front desk emailed for a protected visit it booked
 * (docs/payments.md#secure-your-booking): only the SHA-256 of each token is kept, as the manage
 * link's; each email carries a new one, and every one of them opens the visit's page.
 */
export const secureBookingLinks = pgTable(
  "secure_booking_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** The visit's appointments' visit_id. */
    visitId: uuid("visit_id").notNull(),
    /** The staff member who sent it. */
    sentBy: text("sent_by").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("secure_booking_links_visit_id").on(table.visitId),
    check("secure_booking_links_token_hash", sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check("secure_booking_links_sent_by", sql`char_length(${table.sentBy}) between 1 and 320`),
  ],
);

/**
 * A protected visit the front desk booked and chose not to secure ('Waive Protection'): nothing
 * more is asked of it; who waived it and when.
 */
export const protectionWaivers = pgTable(
  "protection_waivers",
  {
    visitId: uuid("visit_id").primaryKey(),
    waivedBy: text("waived_by").notNull(),
    waivedAt: instant("waived_at").notNull().defaultNow(),
  },
  (table) => [
    check("protection_waivers_waived_by", sql`char_length(${table.waivedBy}) between 1 and 320`),
  ],
);
