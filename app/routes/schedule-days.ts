import { VISIT_QUERY, visitItemsOfQuery } from "~/domain/booking/visit-query";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { z } from "~/domain/zod";
import { retryAfter } from "~/lib/retry-after";
import { readHolder } from "~/services/booking/holds.server";
import { monthCost, spendListingBudget } from "~/services/booking/listing-budget.server";
import { type MonthDaysResult, monthDays } from "~/services/booking/month-days.server";
import { firstQueryError, readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/schedule-days";
import { searchRefusal, tooManySearches } from "./booking-words";

/** A refused month's advice: the waiting months are gone in well under a second. */
const MONTHS_RETRY_AFTER_S = 1;

/** The answer: each bookable day of the month, closed, or free or full for the search. */
export type DaysAnswer = MonthDaysResult;

/**
 * The booking form's month (?month=YYYY-MM, and the search's services as the times' fetch names
 * them), as JSON for the booking island's calendar (docs/product.md#month-calendar).
 */
export const loader = readsQuery(
  // monthDays checks the month.
  z.object({ month: z.string().optional(), ...VISIT_QUERY }),
  async ({ request, context }: Route.LoaderArgs, read) => {
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    const locale = localeOfPath(new URL(request.url).pathname);
    if (!read.ok) {
      const error = searchRefusal(firstQueryError(read.fieldErrors), locale);
      const refused: DaysAnswer = { ok: false, error };
      return Response.json(refused, { status: 400, headers });
    }
    const items = visitItemsOfQuery(read.data);
    // A month is up to 31 listings per service: it spends that much of the client's listing budget
    // (docs/security.md#listing-budget).
    const limit = await spendListingBudget(context.db, context.clientAddress, monthCost(items));
    if (!limit.allowed) {
      headers["Retry-After"] = retryAfter(limit.retryAfterMs);
      const refused: DaysAnswer = {
        ok: false,
        error: tooManySearches(locale),
      };
      return Response.json(refused, { status: 429, headers });
    }
    const answer: DaysAnswer = await monthDays(
      context.db,
      { month: read.data.month ?? "", items },
      // The visitor's own hold is free for them, as in the times' list (docs/product.md#holds).
      { holder: readHolder(request.headers.get("Cookie")), signal: request.signal },
    );
    if (!answer.ok && answer.refused) {
      // Too many months waiting (or nobody left to answer): the calendar shows its days unmarked.
      headers["Retry-After"] = String(MONTHS_RETRY_AFTER_S);
      return Response.json(answer, { status: 503, headers });
    }
    if (!answer.ok) answer.error = searchRefusal(answer.error, locale);
    return Response.json(answer, { status: answer.ok ? 200 : 400, headers });
  },
);
