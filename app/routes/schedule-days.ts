import { visitItemsOf } from "~/domain/booking/visit-request";
import { type MonthDaysResult, monthDays } from "~/services/bookings/month-days.server";
import type { Route } from "./+types/schedule-days";

/** The answer: each bookable day of the month, closed, or free or full for the search. */
export type DaysAnswer = MonthDaysResult;

/**
 * The booking form's month (?month=YYYY-MM, and the search's services as the times' fetch names
 * them), as JSON for the booking island's calendar (docs/product.md#month-calendar).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const answer: DaysAnswer = await monthDays(context.db, {
    month: params.get("month") ?? "",
    items: visitItemsOf(params),
  });
  return Response.json(answer, {
    status: answer.ok ? 200 : 400,
    headers: { "Cache-Control": "no-store" },
  });
}
