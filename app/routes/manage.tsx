import { data } from "react-router";
import { ManagePage } from "~/components/manage/manage-page";
import type { ManagePageData } from "~/components/manage/manage-types";
import { BOOKING_LIMITS } from "~/domain/booking/booking-limits";
import { DEFAULT_BOOKING_SETTINGS } from "~/domain/booking/slots";
import {
  addDaysIso,
  formatDateString,
  formatSlotLabel,
  isIsoDate,
  laterIsoDate,
  SALON_TIME_ZONE,
  salonDateOf,
  weekdayOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import { oneService, visitParams } from "~/domain/booking/visit-request";
import {
  spanishDateTime,
  spanishLongDate,
  spanishTimeOfLabel,
  weekdayNameIn,
} from "~/domain/i18n/dates";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { queryDate, queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { localeOfMatches, privatePageMeta } from "~/lib/meta";
import {
  EMAILED_LINK_HEADERS,
  emailedLinkHeaders,
  emailedLinkLimit,
  type RouteHandle,
} from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import {
  changeDeadline,
  findByManageToken,
  findPastByManageToken,
  isVisitBooking,
  listMoveTimes,
  type ManagedAppointment,
  partsOfPastVisit,
  serviceOf,
  servicesOfPastVisit,
  visitPartsOf,
} from "~/services/appointments/manage-link.server";
import { bookingDateString, visitAsOne } from "~/services/booking/booked-appointment.server";
import { inCustomerLanguage } from "~/services/booking/customer-language.server";
import { itemsOfVisit } from "~/services/booking/visit.server";
import { cutoffText, hoursText } from "~/services/booking/visit-lines.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { cancelTermsOf } from "~/services/payments/cancel-terms.server";
import { type QueryRead, readsQuery } from "~/services/platform/query.server";
import type { Route } from "./+types/manage";
import { manageAction } from "./manage-action.server";
import { cancelTermsView } from "./manage-terms.server";

// The customer's page behind the link in the confirmation email (/manage?token=...; a Spanish
// customer's opens /es/manage, in Spanish). A wrong, used-up or missing token all get the same
// "not found". Lookups and changes are rate limited per client address, so tokens cannot be
// guessed by trying (256 random bits make that hopeless anyway).

const PRIVATE = EMAILED_LINK_HEADERS;
const zone = SALON_TIME_ZONE;

/** React in the browser: finding times and the cancel confirmation. */
export const handle = {
  hydrate: true,
  styles: ["forms", "slots", "button-danger", "manage"],
  rateLimit: emailedLinkLimit("manageLookup"),
} satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries): the link's token, and 'New date'. */
const ManageQuery = z.object({
  token: queryLine(200),
  date: queryDate(),
  technician: queryLine(BOOKING_LIMITS.technician),
});

export const loader = readsQuery(ManageQuery, managePage);

async function managePage(
  { request, context }: Route.LoaderArgs,
  read: QueryRead<typeof ManageQuery>,
) {
  if (!read.ok) throw data("This address could not be read.", { status: 400, headers: PRIVATE });
  const locale = localeOfPath(new URL(request.url).pathname);
  const asked = read.data;
  const token = asked.token ?? "";
  const now = new Date();
  const appointment = await findByManageToken(context.db, token, { now });
  if (!appointment) {
    const past = await findPastByManageToken(context.db, token, { now });
    if (past) return data(await overPage(context.db, past, now, locale), { headers: PRIVATE });
    return data({ state: "not-found" } satisfies ManagePageData, { status: 404, headers: PRIVATE });
  }
  // A protected visit's cut-off is the policy's window (docs/payments.md#customer-cancels).
  const terms = await cancelTermsOf(context.db, appointment, now);
  const deadline = terms?.deadline ?? changeDeadline(appointment.startsAt);
  const canChange = now <= deadline;
  // A visit of several services (docs/product.md#visits) is shown and moved as a whole, with
  // the same technicians.
  const parts = await visitPartsOf(context.db, appointment);
  const visitItems = isVisitBooking(parts) ? itemsOfVisit(parts) : undefined;
  const shown = visitAsOne(
    await inLanguage(context.db, parts.length > 0 ? parts : [appointment], locale),
    locale,
  );
  const type = canChange ? await serviceOf(context.db, appointment) : undefined;
  const today = salonDateOf(now, zone);
  // 'New date' starts at the appointment's own date (or today, once it has come), its times
  // listed at once.
  const ownDate = salonDateOf(appointment.startsAt, zone);
  const search = {
    date: asked.date ?? laterIsoDate(ownDate, today),
    technician: asked.technician || "any",
  };
  const { slots, slotsError } = type
    ? await listMoveTimes(context.db, { appointment, parts, visitItems, type, search }, now)
    : { slots: null, slotsError: null };
  const spanish = locale === "es";
  const page: ManagePageData = {
    state: "found",
    token,
    appointment: {
      name: shown.name,
      // The manage link is only ever emailed: its customer has an address.
      email: shown.email ?? "",
      service: `${shown.category} - ${shown.typeName}`,
      dateString: bookingDateString(shown, locale),
      technician: shown.technician,
      price: shown.price,
    },
    canChange,
    cutoff: terms ? hoursText(terms.windowHours, locale) : cutoffText(locale),
    deadlineLabel: spanish
      ? spanishDateTime(deadline, zone)
      : `${formatDateString(deadline, zone)} at ${formatSlotLabel(deadline, zone)}`,
    cancelTerms: cancelTermsView(terms, appointment.startsAt, now, locale),
    movable: type
      ? {
          // A visit keeps its technicians: no technician to choose.
          technicians: visitItems ? [] : type.technicians,
          days: type.daysOfWeek.map((day) => weekdayNameIn(day, locale)),
          offered: type.daysOfWeek,
          today,
          lastDay: addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1),
          search,
          dateLabel: !isIsoDate(search.date)
            ? ""
            : spanish
              ? spanishLongDate(search.date)
              : formatDateString(zonedDateTime(search.date, "12:00", zone), zone),
          slots: spanish
            ? (slots?.map((slot) => ({ ...slot, label: spanishTimeOfLabel(slot.label) })) ?? null)
            : slots,
          // The booking code's refusal is English: a Spanish page says it in its own words.
          slotsError: spanish && slotsError ? m.manage_times_error({}, { locale }) : slotsError,
        }
      : null,
  };
  return data(page, { headers: PRIVATE });
}

/**
 * The services as the page's language names them: on /es/manage the owner's Spanish names where
 * written (as the Spanish emails do), whatever language the booking was made in.
 */
function inLanguage<T extends ManagedAppointment>(
  db: Route.LoaderArgs["context"]["db"],
  parts: readonly T[],
  locale: Locale,
): Promise<T[]> {
  return inCustomerLanguage(
    db,
    parts.map((part) => ({ ...part, language: locale })),
  );
}

/**
 * A cancelled or past appointment: what it was, and 'Book Again', the same services (a visit's
 * all, with their add-ons) on the first day of the next two weeks with a free time (its times
 * listed).
 */
async function overPage(
  db: Route.LoaderArgs["context"]["db"],
  past: NonNullable<Awaited<ReturnType<typeof findPastByManageToken>>>,
  now: Date,
  locale: Locale,
): Promise<ManagePageData> {
  const type = await serviceOf(db, past);
  const parts = await partsOfPastVisit(db, past);
  let items = type ? servicesOfPastVisit(parts) : undefined;
  const firstAlone = type && oneService(type.id);
  const today = salonDateOf(now, zone);
  let day: string | undefined;
  for (let i = 0; type && items && !day && i < 14; i++) {
    const candidate = addDaysIso(today, i);
    if (!type.daysOfWeek.includes(weekdayOf(candidate))) continue;
    const free = await listVisitTimes(db, { dateIso: candidate, items }, { now });
    // A visit that can no longer be asked for as it was (an add-on gone): its first service.
    if (!free.ok && firstAlone && items !== firstAlone) {
      items = firstAlone;
      i -= 1;
      continue;
    }
    if (free.ok && free.slots.length > 0) day = candidate;
  }
  const search =
    type && items && day
      ? new URLSearchParams([["date", day], ["category", type.category], ...visitParams(items)])
      : undefined;
  return {
    state: "over",
    cancelled: past.cancelled,
    // Every service of the visit (issue 38: before, only the link's own).
    service: (await inLanguage(db, parts.length > 0 ? parts : [past], locale))
      .map((part) => `${part.category} - ${part.typeName}`)
      .join(", "),
    dateString: bookingDateString(past, locale),
    bookAgain: search ? localizedPath(`/schedule?${search}#times-title`, locale) : null,
  };
}

/** 'Cancel' and 'Move', answered in the page's language (app/routes/manage-action.server.ts). */
export async function action(args: Route.ActionArgs) {
  return manageAction(args);
}

export const headers: Route.HeadersFunction = emailedLinkHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(
    matches,
    m.manage_title({}, { locale: localeOfMatches(matches) }),
    "noindex, nofollow",
  );

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <ManagePage data={loaderData} result={actionData} />;
}
