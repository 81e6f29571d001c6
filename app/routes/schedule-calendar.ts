import { readBookedToken } from "~/lib/booked-cookie.server";
import { languageOf } from "~/services/booking/booked-appointment.server";
import { findBookedVisit } from "~/services/booking/booked-view.server";
import { calendarFile } from "~/services/booking/booking-calendar.server";
import { inCustomerLanguage } from "~/services/booking/customer-language.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/schedule-calendar";

/**
 * 'Add to Calendar' on 'Your appointment is booked' (docs/product.md#after-booking): the booking's
 * calendar file, the one its confirmation email carries (in the booking's language: issue 39), for
 * the browser holding its cookie only. Nothing in the address names the booking.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = readBookedToken(request.headers.get("Cookie"));
  const visit = await findBookedVisit(context.db, token);
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  if (!visit) {
    return new Response("No booking of yours to add: it shows here for 30 minutes after booking.", {
      status: 404,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const salon = (await readSalonFacts(context.db)).details;
  const file = calendarFile(await inCustomerLanguage(context.db, visit), salon, languageOf(visit));
  return new Response(file.content, {
    headers: {
      ...headers,
      // A file to open (its METHOD is PUBLISH), not an invitation to answer.
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
