// The listing budget (docs/security.md#listing-budget): listing a day's free times is the costly
// read of the public site (the embedded database runs in the server's one event loop), and a
// month of the calendar is up to 31 of them per service. Each client address (an IPv4 address or IPv6 /64)
// may ask for LISTING_BUDGET listings in 10 minutes, whatever the endpoint: the times' list, the
// month, the page's own search.
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import type { Database } from "../db/client.server";
import { bookingPolicy } from "../platform/env.server";
import { hitRateLimit, type RateLimitResult } from "../platform/rate-limit.server";

const WINDOW_MS = 10 * 60_000;
/** A month's days, as the calendar may list them all. */
const MONTH_DAYS = 31;

/** The listings of one day for a search: one per service of the visit (add-ons ride along). */
export function dayCost(items: readonly VisitRequestItem[]): number {
  return Math.max(1, items.length);
}

/** A month of the calendar: each day's listing, or a single read when there is no search yet. */
export function monthCost(items: readonly VisitRequestItem[]): number {
  return items.length === 0 ? 1 : MONTH_DAYS * dayCost(items);
}

/** Spends `cost` of the client address's budget; `allowed: false` once it is spent. */
export function spendListingBudget(
  db: Database,
  client: string,
  cost: number,
): Promise<RateLimitResult> {
  return hitRateLimit(db, `listings:${client}`, {
    limit: bookingPolicy().listingBudget,
    windowMs: WINDOW_MS,
    cost,
  });
}
