import { VISIT_QUERY, visitItemsOfQuery } from "~/domain/booking/visit-query";
import { localeOfPath } from "~/domain/i18n/locale-path";
import { queryDate } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { slotsIn } from "~/lib/localized-slots";
import { retryAfter } from "~/lib/retry-after";
import { readHolder } from "~/services/booking/holds.server";
import { dayCost, spendListingBudget } from "~/services/booking/listing-budget.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { firstQueryError, readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/schedule-times";
import { searchRefusal, tooManySearches } from "./booking-words";

/** The answer: the times still free, or why there are none to list. */
export type TimesAnswer = { ok: true; slots: SlotView[] } | { ok: false; error: string };

/**
 * The free times of a search, as JSON (?date=&service=&technician=, and a visit's other services and
 * add-ons: domain/booking/visit-request.ts), for the booking island: when
 * the live stream says the appointments changed, the open list is fetched again, so a time taken
 * by someone else goes without a reload (docs/decisions/015-live-pages.md).
 */
export const loader = readsQuery(
  z.object({ date: queryDate(), ...VISIT_QUERY }),
  async ({ request, context }: Route.LoaderArgs, read) => {
    const locale = localeOfPath(new URL(request.url).pathname);
    if (!read.ok) {
      const error = searchRefusal(firstQueryError(read.fieldErrors), locale);
      const refused: TimesAnswer = { ok: false, error };
      return Response.json(refused, { status: 400, headers: { "Cache-Control": "no-store" } });
    }
    const query = read.data;
    const dateIso = query.date ?? "";
    const items = visitItemsOfQuery(query);
    const limit = await spendListingBudget(context.db, context.clientAddress, dayCost(items));
    if (!limit.allowed) {
      const refused: TimesAnswer = {
        ok: false,
        error: tooManySearches(locale),
      };
      return Response.json(refused, {
        status: 429,
        headers: {
          "Cache-Control": "no-store",
          "Retry-After": retryAfter(limit.retryAfterMs),
        },
      });
    }
    // The visitor's own hold stays offered to them (docs/product.md#holds).
    const options = { holder: readHolder(request.headers.get("Cookie")) };
    const listed = await listVisitTimes(context.db, { dateIso, items }, options);
    const answer: TimesAnswer = listed.ok
      ? { ok: true, slots: slotsIn(listed.slots, locale) }
      : { ok: false, error: searchRefusal(listed.error, locale) };
    return Response.json(answer, {
      status: listed.ok ? 200 : 400,
      headers: { "Cache-Control": "no-store" },
    });
  },
);
