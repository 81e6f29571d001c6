import { visitItemsOf } from "~/domain/booking/visit-request";
import { readHolder } from "~/services/booking/holds.server";
import { type MonthDaysResult, monthDays } from "~/services/booking/month-days.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import type { Route } from "./+types/schedule-days";

/** The answer: each bookable day of the month, closed, or free or full for the search. */
export type DaysAnswer = MonthDaysResult;

/**
 * A month is up to 31 listings: a visitor turning months and changing services, not a script
 * walking every search.
 */
const DAYS_LIMIT = { limit: 120, windowMs: 10 * 60_000 };

/**
 * The booking form's month (?month=YYYY-MM, and the search's services as the times' fetch names
 * them), as JSON for the booking island's calendar (docs/product.md#month-calendar).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  const limit = await hitRateLimit(context.db, `days:${context.clientAddress}`, DAYS_LIMIT);
  if (!limit.allowed) {
    headers["Retry-After"] = String(Math.ceil(limit.retryAfterMs / 1000));
    const refused: DaysAnswer = { ok: false, error: "Too many requests from this address." };
    return Response.json(refused, { status: 429, headers });
  }
  const params = new URL(request.url).searchParams;
  const answer: DaysAnswer = await monthDays(
    context.db,
    { month: params.get("month") ?? "", items: visitItemsOf(params) },
    // The visitor's own hold is free for them, as in the times' list (docs/product.md#holds).
    { holder: readHolder(request.headers.get("Cookie")) },
  );
  return Response.json(answer, { status: answer.ok ? 200 : 400, headers });
}
