// The money taken and given back through Stripe in a period (issue 40, docs/product.md#reports,
// docs/payments.md): deposits, succeeded no-show and late cancellation fees, and refunds of
// them, and disputes lost about them, each counted on the instant the money moved, inside the
// period's salon days. One short read-only statement over visit_payments (a row per protected
// visit), payment_refunds (a row per refund) and payment_disputes (a row per dispute), run in turn with the report's others (period-figures.server.ts).
import { type SQL, sql } from "drizzle-orm";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { type DateRange, rangeInstants } from "../../domain/reports/period";

type Value = number | string;

export interface PaymentSums {
  depositCents: Value;
  noShowFeeCents: Value;
  lateFeeCents: Value;
  refundedCents: Value;
  disputeLostCents: Value;
}

/**
 * A deposit on its Checkout's confirmation (`confirmed_at`; a payment completed after its time
 * was released is 'expired' and not counted), a fee when it succeeded (`*_fee_at`; 'processing'
 * and 'failed' are not), each refund of a counted deposit or of a fee on its own `refunded_at`,
 * and each dispute lost about one on the day it closed (Stripe holds the money from the day her
 * bank opens it, and gives it back if won: counted once it is lost for good, a won one never).
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
      (select coalesce(sum(r.cents), 0) from payment_refunds r
        join visit_payments v on v.visit_id = r.visit_id
        where (r.kind <> 'deposit' or v.state = 'confirmed')
          and ${within(sql`r.refunded_at`)}) as "refundedCents",
      (select coalesce(sum(d.cents), 0) from payment_disputes d
        join visit_payments v on v.visit_id = d.visit_id
        where d.status = 'lost' and (d.kind <> 'deposit' or v.state = 'confirmed')
          and ${within(sql`d.closed_at`)}) as "disputeLostCents"
    from visit_payments`;
}
