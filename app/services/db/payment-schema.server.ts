// No-show protection's tables (issue 40, docs/payments.md): the owner's policy, what each service
// asks at booking, and the Stripe events already handled. Same rules as schema.server.ts, which
// re-exports all of it. Relative imports: drizzle-kit loads this outside Vite.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
