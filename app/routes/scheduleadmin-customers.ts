import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { type CustomerLookupAnswer, lookupCustomers } from "~/services/staff/customers.server";
import { staffContext } from "~/services/staff/session.server";
import type { Route } from "./+types/scheduleadmin-customers";

/** A lookup per keystroke, after a pause: plenty for one person typing, not for a scraper. */
const LOOKUP_LIMIT = { limit: 120, windowMs: 60_000 };

/**
 * 'Existing customers' of the front desk's 'Add Appointment' (docs/product.md#front-desk), as JSON
 * (?q=): the customers whose name, email or phone (any format) matches. Staff only through its
 * layout (app/routes/staff-layout.tsx), whose middleware checks the session on every request;
 * rate limited per staff account, as customers' details are what it answers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const headers = { "Cache-Control": "no-store" };
  const limit = await hitRateLimit(context.db, `customer-lookup:${user.id}`, LOOKUP_LIMIT);
  if (!limit.allowed) {
    const answer: CustomerLookupAnswer = { ok: false, error: "Too many lookups: wait a minute." };
    const retry = String(Math.ceil(limit.retryAfterMs / 1000));
    return Response.json(answer, { status: 429, headers: { ...headers, "Retry-After": retry } });
  }
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const answer: CustomerLookupAnswer = {
    ok: true,
    customers: await lookupCustomers(context.db, query),
  };
  return Response.json(answer, { headers });
}
