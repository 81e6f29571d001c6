import { data, redirect } from "react-router";
import { BookingIsland } from "~/components/booking/booking-page";
import { Island } from "~/components/island";
import { OLD_QUERY_PARAMS } from "~/domain/booking/renamed-params";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking/slots";
import {
  addDaysIso,
  formatDateString,
  isIsoDate,
  SALON_TIME_ZONE,
  salonDateOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import { VISIT_QUERY, visitItemsOfQuery } from "~/domain/booking/visit-query";
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import { WAITLIST_OUTCOMES, type WaitlistOutcome } from "~/domain/booking/waitlist-times";
import { spanishDuration, spanishLongDate } from "~/domain/i18n/dates";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { queryDate, queryFlag, queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { clearBookedCookie, readBookedToken } from "~/lib/booked-cookie.server";
import { slotsIn } from "~/lib/localized-slots";
import { inCityOf, localeOfMatches, pageMeta, salonNameOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { bookedViewOf, findBookedVisit } from "~/services/booking/booked-view.server";
import { inCustomerLanguage } from "~/services/booking/customer-language.server";
import { holdLabel, readHolder } from "~/services/booking/holds.server";
import { dayCost, spendListingBudget } from "~/services/booking/listing-budget.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { bookingPaymentFacts } from "~/services/payments/visit-protection.server";
import { bookingPolicy } from "~/services/platform/env.server";
import { islandAssets } from "~/services/platform/islands.server";
import { type QueryRead, readsQuery } from "~/services/platform/query.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/schedule";
import { searchRefusal, tooManySearches } from "./booking-words";
import { attemptBooking } from "./schedule-book.server";

export const handle = {
  page: "Schedule",
  // Refining the search is the same page view as the page's first load.
  pageViews: { notWithQuery: ["date"] },
  cache: "versioned",
  query: [
    "date",
    "category",
    "service",
    "technician",
    "addon",
    "service2",
    "technician2",
    "addon2",
    "service3",
    "technician3",
    "addon3",
    "slot",
    "confirmed",
    "waitlist",
    // Links from before issue 37 say `technician` (renamed-params.ts): a page of their own too.
    ...OLD_QUERY_PARAMS,
  ],
  listed: true,
  island: "booking",
  styles: ["forms", "slots", "dialog", "booking"],
} satisfies RouteHandle;

// The search lives in the address (?date=&category=&service=&technician=&slot=), so the page works
// without JavaScript, survives a reload, and the spec's "page reloads" shows fresh slots.
// React in the browser only for the booking form, its dialog and overlays: an island
// (docs/decisions/014-islands.md), so the page is sent without React Router's client.

/** What it reads of its address (docs/security.md#queries); a query it cannot read gets 400. */
const ScheduleQuery = z.object({
  ...VISIT_QUERY,
  date: queryDate(),
  category: queryLine(200),
  slot: queryLine(100),
  confirmed: queryLine(1000),
  pending: queryLine(10),
  waitlist: queryLine(40),
  another: queryFlag,
});
type Asked = z.output<typeof ScheduleQuery>;

export const loader = readsQuery(ScheduleQuery, schedulePage);

async function schedulePage(
  { request, context }: Route.LoaderArgs,
  read: QueryRead<typeof ScheduleQuery>,
) {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const asked = read.data;
  const locale = localeOfPath(new URL(request.url).pathname);
  const booked = await bookedView(request, asked, context);
  const query = {
    date: asked.date ?? "",
    category: asked.category ?? "",
    service: asked.service ?? "",
    technician: asked.technician ?? "any",
    slot: asked.slot ?? "",
  };
  // A booking made without JavaScript comes back here, saying what it booked.
  const confirmed = asked.confirmed?.slice(0, 120) ?? null;
  // ...and whether it waits for the customer's confirmation (docs/product.md#pending-bookings).
  const confirmedPending = confirmed !== null && asked.pending === "1";
  const now = new Date();
  const today = salonDateOf(now, SALON_TIME_ZONE);
  const types = await listAppointmentTypes(context.db, locale);
  // The form without JavaScript names the service only: its category follows from it.
  if (query.service && !query.category) {
    query.category = types.find((type) => type.id === query.service)?.category ?? "";
  }
  // A visit's other services and add-ons (docs/product.md#visits) ride along in the address.
  const items = visitItemsOfQuery(asked);
  const slots = await searchedTimes(request, context, query, items);
  const page = {
    island: islandAssets(handle.island),
    locale,
    // The island provides them to its components itself (it runs without the root's data).
    salon: (await readSalonFacts(context.db)).details,
    today,
    lastDay: addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1),
    types,
    query,
    items,
    holdLabel:
      locale === "es"
        ? spanishDuration(holdLabel(bookingPolicy().holdMs))
        : holdLabel(bookingPolicy().holdMs),
    dateLabel: !isIsoDate(query.date)
      ? ""
      : locale === "es"
        ? spanishLongDate(query.date)
        : formatDateString(zonedDateTime(query.date, "12:00", SALON_TIME_ZONE), SALON_TIME_ZONE),
    slots: slots?.ok ? slotsIn(slots.slots, locale) : null,
    slotsError: slots && !slots.ok ? searchRefusal(slots.error, locale) : null,
    confirmed,
    confirmedPending,
    waitlist: waitlistOutcome(asked.waitlist),
    booked,
    // The policy to agree to before a protected service's Checkout (docs/payments.md#booking).
    payment: await bookingPaymentFacts(context.db, locale),
  };
  // The visitor's own booking, with its manage link: kept by no cache
  // (docs/security.md#the-booked-cookie).
  const privately = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
  return data(page, { headers: booked ? privately : {} });
}

/**
 * 'Your appointment is booked' (docs/product.md#after-booking): only in the browser holding the
 * booking's cookie (such a request bypasses the page cache); 'Book Another' forgets it. A search
 * (a 'Book' link, a date) is a new booking's form: the view is bare /schedule's.
 */
async function bookedView(request: Request, asked: Asked, context: Route.LoaderArgs["context"]) {
  const bookedToken = readBookedToken(request.headers.get("Cookie"));
  if (bookedToken && asked.another) {
    throw redirect(localizedPath("/schedule", localeOfPath(new URL(request.url).pathname)), {
      status: 303,
      headers: {
        "Set-Cookie": clearBookedCookie(
          context.secure,
          localeOfPath(new URL(request.url).pathname),
        ),
        "Cache-Control": "no-store",
      },
    });
  }
  const searching = [asked.date, asked.category, asked.service, asked.slot].some(
    (value) => value !== undefined,
  );
  const bookedVisit = searching ? undefined : await findBookedVisit(context.db, bookedToken);
  if (!bookedVisit || !bookedToken) return null;
  // In the page's language, which is the booking's: its cookie lives on the page it was made on.
  const locale = localeOfPath(new URL(request.url).pathname);
  const named = await inCustomerLanguage(context.db, bookedVisit);
  return bookedViewOf(named, bookedToken, (await readSalonFacts(context.db)).details, locale);
}

/** The free times of the search in the address, within the client's listing budget. */
async function searchedTimes(
  request: Request,
  context: Route.LoaderArgs["context"],
  query: { date: string; service: string },
  items: VisitRequestItem[],
): Promise<{ ok: true; slots: SlotView[] } | { ok: false; error: string } | null> {
  if (!isIsoDate(query.date) || !query.service) return null;
  const listing = await spendListingBudget(context.db, context.clientAddress, dayCost(items));
  if (!listing.allowed)
    return { ok: false, error: tooManySearches(localeOfPath(new URL(request.url).pathname)) };
  // The visitor's own hold stays offered to them (docs/product.md#holds).
  const options = { holder: readHolder(request.headers.get("Cookie")) };
  return listVisitTimes(context.db, { dateIso: query.date, items }, options);
}

const waitlistOutcome = (value: string | undefined): WaitlistOutcome | null =>
  WAITLIST_OUTCOMES.find((outcome) => outcome === value) ?? null;

// The form without JavaScript posts here; the booking island posts to /schedule/book.
export async function action({ request, context }: Route.ActionArgs) {
  const attempt = await attemptBooking(request, context);
  if (attempt.body.ok && attempt.body.checkout) {
    // A protected visit awaits its payment: the return page links to Stripe's Checkout (a
    // redirect there would be a form's, which the policy's form-action 'self' stops).
    throw redirect(attempt.body.checkout.returnPath, { status: 303 });
  }
  if (attempt.body.ok) {
    // Booked: a new page, so a reload does not post again. It says what was booked (the date,
    // time and technician; the email address stays out of the address).
    const { dateString, pending } = attempt.body.confirmation;
    const query = new URLSearchParams({
      confirmed: dateString,
      ...(pending ? { pending: "1" } : {}),
    });
    const path = localizedPath(`/schedule?${query}`, localeOfPath(new URL(request.url).pathname));
    throw redirect(path, { status: 303, headers: attempt.headers ?? {} });
  }
  return data(attempt.body, { status: attempt.status, headers: attempt.headers });
}

// An action's headers (the limit's Retry-After) reach the browser only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  const inCity = inCityOf(matches, locale);
  return pageMeta(matches, {
    title: titled(matches, m.booking_title({}, { locale })),
    description: m.booking_description({ name: salonNameOf(matches), inCity }, { locale }),
    path: "/schedule",
  });
};

export default function Schedule({ loaderData, actionData }: Route.ComponentProps) {
  const { island, ...loaded } = loaderData;
  const props = { ...loaded, answer: actionData ?? null };
  return (
    <Island name="booking" props={props} assets={island}>
      <BookingIsland {...props} />
    </Island>
  );
}
