import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import type { RouteHandle } from "~/lib/route-handle";
import { firstQueryError, readsQuery } from "~/services/platform/query.server";
import { type CustomerLookupAnswer, lookupCustomers } from "~/services/staff/customers.server";
import type { Route } from "./+types/scheduleadmin-customers";

/**
 * Rate limited per staff account, as customers' details are what it answers: a lookup per
 * keystroke, after a pause, is plenty for one person typing, not for a scraper.
 */
export const handle = {
  rateLimit: {
    loader: {
      name: "customerLookup",
      per: "staff",
      refused: { as: "json", body: { ok: false, error: "Too many lookups: wait a minute." } },
    },
  },
} satisfies RouteHandle;

/**
 * 'Existing customers' of the front desk's 'Add Appointment' (docs/product.md#front-desk), as JSON
 * (?q=): the customers whose name, email or phone (any format) matches. Staff only through its
 * layout (app/routes/staff-layout.tsx), whose middleware checks the session on every request;
 * rate limited by its handle.
 */
/** What it reads of its address (docs/security.md#queries). */
const LookupQuery = z.object({ q: queryLine(500) });

export const loader = readsQuery(LookupQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) {
    const refused: CustomerLookupAnswer = { ok: false, error: firstQueryError(read.fieldErrors) };
    return Response.json(refused, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const headers = { "Cache-Control": "no-store" };
  const query = (read.data.q ?? "").slice(0, 100);
  const answer: CustomerLookupAnswer = {
    ok: true,
    customers: await lookupCustomers(context.db, query),
  };
  return Response.json(answer, { headers });
});
