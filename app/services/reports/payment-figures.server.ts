// The money taken and given back through Stripe in a period (issue 40, docs/product.md#reports,
// docs/payments.md): deposits, succeeded no-show and late cancellation fees, and deposits
// refunded, each counted on the instant the money moved, inside the period's salon days. One
// short read-only statement over visit_payments (a row per protected visit), run in turn with
// the report's others (period-figures.server.ts).
import { type SQL, sql } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type DateRange, rangeInstants } from "../../domain/reports/period";

type Value = number | string;

export interface PaymentSums {
  depositCents: Value;
  noShowFeeCents: Value;
  lateFeeCents: Value;
  refundedCents: Value;
}

/**
 * A deposit on its Checkout's confirmation (`confirmed_at`; a payment completed after its time
 * was released is 'expired' and not counted), a fee when it succeeded (`*_fee_at`; 'processing'
 * and 'failed' are not), a refund of a counted deposit on `refunded_at` (the whole amount given
 * back, on the date of its last refund).
 */
export function paymentsSql(range: DateRange): SQL {
  const { start, end } = rangeInstants(range, SALON_TIME_ZONE);
  const within = (column: SQL) =>
    sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;
  return sql`select
      coalesce(sum(paid_cents) filter (where state = 'confirmed'
        and ${within(sql`confirmed_at`)}), 0) as "depositCents",
      coalesce(sum(no_show_fee_cents) filter (where no_show_fee_state = 'succeeded'
        and ${within(sql`no_show_fee_at`)}), 0) as "noShowFeeCents",
      coalesce(sum(late_fee_cents) filter (where late_fee_state = 'succeeded'
        and ${within(sql`late_fee_at`)}), 0) as "lateFeeCents",
      coalesce(sum(refunded_cents) filter (where state = 'confirmed'
        and ${within(sql`refunded_at`)}), 0) as "refundedCents"
    from visit_payments`;
}
