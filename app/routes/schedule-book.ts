import { readHolder } from "~/services/booking/holds.server";
import type { Route } from "./+types/schedule-book";
import { attemptBooking, type BookingAnswer, freshTimesFor } from "./schedule-book.server";

/**
 * The booking island's POST (app/islands/booking-island.tsx): the same attempt, limit and answers as
 * /schedule's action, as JSON. A refusal carries the day's fresh times, so the list drops a
 * time just taken without a reload (docs/product.md#no-double-booking).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const attempt = await attemptBooking(request, context);
  const slots =
    attempt.status === 409 && attempt.search
      ? await freshTimesFor(context, attempt.search, readHolder(request.headers.get("Cookie")))
      : undefined;
  const answer: BookingAnswer =
    slots && !attempt.body.ok ? { ...attempt.body, slots } : attempt.body;
  return Response.json(answer, {
    status: attempt.status,
    headers: { ...attempt.headers, "Cache-Control": "no-store" },
  });
}
