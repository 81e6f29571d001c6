import { data, type ShouldRevalidateFunction } from "react-router";
import { BookingPage } from "~/components/booking/booking-page";
import { business } from "~/content/business";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking/slots";
import {
  addDaysIso,
  formatDateString,
  isIsoDate,
  salonDateOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/root";
import {
  bookAppointment,
  bookingInputFromForm,
  listAppointmentTypes,
  listSlots,
} from "~/server/bookings.server";
import { bookingDateString } from "~/server/email/booking-emails.server";
import { readForm } from "~/server/form.server";
import { countPageView } from "~/server/page-views.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import type { Route } from "./+types/schedule";

// The search lives in the address (?date=&category=&service=&worker=&slot=), so the page works
// without JavaScript, survives a reload, and the spec's "page reloads" shows fresh slots.
/** React in the browser: the booking dialog and its overlays. */
export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = {
    date: url.searchParams.get("date") ?? "",
    category: url.searchParams.get("category") ?? "",
    service: url.searchParams.get("service") ?? "",
    worker: url.searchParams.get("worker") ?? "any",
    slot: url.searchParams.get("slot") ?? "",
  };
  // Refining the search is the same visit: only the page's first load counts.
  if (!url.searchParams.has("date")) await countPageView(context.db, request, "Schedule");

  const now = new Date();
  const today = salonDateOf(now, business.timeZone);
  const types = await listAppointmentTypes(context.db);
  let slots: Awaited<ReturnType<typeof listSlots>> | null = null;
  if (isIsoDate(query.date) && query.service) {
    slots = await listSlots(context.db, {
      dateIso: query.date,
      typeId: query.service,
      worker: query.worker,
    });
  }
  return {
    today,
    lastDay: addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1),
    types,
    query,
    dateLabel: isIsoDate(query.date)
      ? formatDateString(zonedDateTime(query.date, "12:00", business.timeZone), business.timeZone)
      : "",
    slots: slots?.ok ? slots.slots : null,
    slotsError: slots && !slots.ok ? slots.error : null,
  };
}

const BOOKING_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return data({ ok: false as const, message: "The form could not be read." }, 400);
  const limit = await hitRateLimit(context.db, `booking:${context.clientAddress}`, BOOKING_LIMIT);
  if (!limit.allowed) {
    return data(
      { ok: false as const, message: "Too many bookings from this address. Please call us." },
      { status: 429, headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } },
    );
  }
  const result = await bookAppointment(context.db, bookingInputFromForm(form), {
    siteUrl: context.siteUrl,
  });
  if (result.ok) {
    context.kickEmail();
    const { appointment } = result;
    return {
      ok: true as const,
      confirmation: {
        dateString: bookingDateString(appointment),
        service: appointment.typeName,
        email: appointment.email,
      },
    };
  }
  if (result.kind === "invalid") {
    return data({ ok: false as const, fieldErrors: result.fieldErrors }, 400);
  }
  return data(
    {
      ok: false as const,
      message: "Sorry, that time was just taken or is no longer available. Please choose another.",
    },
    409,
  );
}

// After any booking attempt, refused ones included (a time just taken), the times are fetched
// again so the list only offers what is still free (DECISIONS.md 10). Searches are not visits,
// so this counts no page view.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? true : defaultShouldRevalidate);

// An action's headers (the limit's Retry-After) reach the browser only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Book an Appointment | 2 x 10 Nails & Spa",
    description:
      "Book your manicure, pedicure, extensions, waxing or massage at 2 x 10 Nails & Spa in Chicago: pick a day, a service and a time.",
    keywords: ["book nail appointment Chicago", "nail salon online booking"],
    path: "/schedule",
  });

export default function Schedule({ loaderData }: Route.ComponentProps) {
  return <BookingPage {...loaderData} />;
}
