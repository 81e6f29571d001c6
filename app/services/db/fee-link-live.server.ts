// Whether a fee's emailed payment link can still be paid (docs/payments.md#fee-link): one not yet
// expired, or whose Checkout is still open (made before the link expired, it closes after 31
// minutes), or paid already. A fee 'awaiting' her approval with no such link has lapsed: the
// desk may charge it again, and says so. Shared by payments (the charge) and booking (the
// desk's words), which may not import each other.
import { and, eq, gt, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { type FeeKind, feeLinks } from "./fee-link-schema.server";
import { visitPayments } from "./payment-schema.server";

/** A row of fee_links that can still be paid at `now`. */
export const liveFeeLink = (now: Date): SQL =>
  or(
    gt(feeLinks.expiresAt, now),
    gt(feeLinks.checkoutExpiresAt, now),
    isNotNull(feeLinks.paidAt),
  ) as SQL;

/** For a statement on visit_payments: its visit has no link for `kind` that can still be paid. */
export const noLiveFeeLink = (kind: FeeKind, now: Date): SQL =>
  sql`not exists (select 1 from ${feeLinks} where ${and(
    eq(feeLinks.visitId, visitPayments.visitId),
    eq(feeLinks.kind, kind),
    liveFeeLink(now),
  )})`;
