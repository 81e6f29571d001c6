import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { staffContext } from "~/lib/staff-only.server";
import { firstQueryError, readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { type CustomerLookupAnswer, lookupCustomers } from "~/services/staff/customers.server";
import type { Route } from "./+types/scheduleadmin-customers";

/** A lookup per keystroke, after a pause: plenty for one person typing, not for a scraper. */
const LOOKUP_LIMIT = RATE_LIMITS.customerLookup;

/**
 * 'Existing customers' of the front desk's 'Add Appointment' (docs/product.md#front-desk), as JSON
 * (?q=): the customers whose name, email or phone (any format) matches. Staff only through its
 * layout (app/routes/staff-layout.tsx), whose middleware checks the session on every request;
 * rate limited per staff account, as customers' details are what it answers.
 */
/** What it reads of its address (docs/security.md#queries). */
const LookupQuery = z.object({ q: queryLine(500) });

export const loader = readsQuery(LookupQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) {
    const refused: CustomerLookupAnswer = { ok: false, error: firstQueryError(read.fieldErrors) };
    return Response.json(refused, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const user = context.get(staffContext);
  const headers = { "Cache-Control": "no-store" };
  const limit = await hitRateLimit(context.db, `customer-lookup:${user.id}`, LOOKUP_LIMIT);
  if (!limit.allowed) {
    const answer: CustomerLookupAnswer = { ok: false, error: "Too many lookups: wait a minute." };
    const retry = String(Math.ceil(limit.retryAfterMs / 1000));
    return Response.json(answer, { status: 429, headers: { ...headers, "Retry-After": retry } });
  }
  const query = (read.data.q ?? "").slice(0, 100);
  const answer: CustomerLookupAnswer = {
    ok: true,
    customers: await lookupCustomers(context.db, query),
  };
  return Response.json(answer, { headers });
});
