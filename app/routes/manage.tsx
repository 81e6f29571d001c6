import { data } from "react-router";
import { ManagePage } from "~/components/manage/manage-page";
import type { ManageActionResult, ManagePageData } from "~/components/manage/manage-types";
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
import { queryDate, queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import { EMAILED_LINK_HEADERS, emailedLinkLimit, type RouteHandle } from "~/lib/route-handle";
import {
  cancelByCustomer,
  changeDeadline,
  findByManageToken,
  findPastByManageToken,
  isVisitBooking,
  listMoveTimes,
  partsOfPastVisit,
  serviceOf,
  servicesOfPastVisit,
  visitPartsOf,
} from "~/services/appointments/manage-link.server";
import { moveByCustomer } from "~/services/appointments/move.server";
import { bookingDateString, visitAsOne } from "~/services/booking/booked-appointment.server";
import { itemsOfVisit } from "~/services/booking/visit.server";
import { cutoffText } from "~/services/booking/visit-lines.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { type QueryRead, readsQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import type { Route } from "./+types/manage";

// The customer's page behind the link in the confirmation email (/manage?token=...). A wrong,
// used-up or missing token all get the same "not found". Lookups and changes are rate limited per
// client address, so tokens cannot be guessed by trying (256 random bits make that hopeless anyway).
const CHANGE_LIMIT = RATE_LIMITS.manageChange;

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

async function managePage({ context }: Route.LoaderArgs, read: QueryRead<typeof ManageQuery>) {
  if (!read.ok) throw data("This address could not be read.", { status: 400, headers: PRIVATE });
  const asked = read.data;
  const token = asked.token ?? "";
  const now = new Date();
  const appointment = await findByManageToken(context.db, token, { now });
  if (!appointment) {
    const past = await findPastByManageToken(context.db, token, { now });
    if (past) return data(await overPage(context.db, past, now), { headers: PRIVATE });
    return data({ state: "not-found" } satisfies ManagePageData, { status: 404, headers: PRIVATE });
  }
  const deadline = changeDeadline(appointment.startsAt);
  const canChange = now <= deadline;
  // A visit of several services (docs/product.md#visits) is shown and moved as a whole, with
  // the same technicians.
  const parts = await visitPartsOf(context.db, appointment);
  const visitItems = isVisitBooking(parts) ? itemsOfVisit(parts) : undefined;
  const shown = visitAsOne(parts.length > 0 ? parts : [appointment]);
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
  const page: ManagePageData = {
    state: "found",
    token,
    appointment: {
      name: shown.name,
      // The manage link is only ever emailed: its customer has an address.
      email: shown.email ?? "",
      service: `${shown.category} - ${shown.typeName}`,
      dateString: bookingDateString(shown),
      technician: shown.technician,
      price: shown.price,
    },
    canChange,
    cutoff: cutoffText(),
    deadlineLabel: `${formatDateString(deadline, zone)} at ${formatSlotLabel(deadline, zone)}`,
    movable: type
      ? {
          // A visit keeps its technicians: no technician to choose.
          technicians: visitItems ? [] : type.technicians,
          days: type.daysOfWeek,
          today,
          lastDay: addDaysIso(today, DEFAULT_BOOKING_SETTINGS.horizonDays - 1),
          search,
          dateLabel: isIsoDate(search.date)
            ? formatDateString(zonedDateTime(search.date, "12:00", zone), zone)
            : "",
          slots,
          slotsError,
        }
      : null,
  };
  return data(page, { headers: PRIVATE });
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
    service: (parts.length > 0 ? parts : [past])
      .map((part) => `${part.category} - ${part.typeName}`)
      .join(", "),
    dateString: bookingDateString(past),
    bookAgain: search ? `/schedule?${search}#times-title` : null,
  };
}

const answer = (result: ManageActionResult, status = 200) =>
  data(result, { status, headers: PRIVATE });

/** 'Cancel' and 'Move': the move's fields under moveByCustomer's names, which checks them. */
const ManageForm = textFields("token", "date", "technician", "slot")
  .extend({ intent: z.enum(["cancel", "move"]) })
  .transform(({ date, slot, ...rest }) => ({ ...rest, dateIso: date, startsAt: slot }));

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const read = form && parseForm(form, ManageForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const { intent, token } = read.data;
  const { phone } = (await readSalonFacts(context.db)).details;
  const key = `manage-change:${context.clientAddress}`;
  const limit = await hitRateLimit(context.db, key, CHANGE_LIMIT);
  if (!limit.allowed) {
    return answer(
      {
        ok: false,
        message: `Too many changes from this address. Please call us at ${phone}.`,
      },
      429,
    );
  }
  if (intent === "cancel") {
    const result = await cancelByCustomer(context.db, token);
    if (result.ok) {
      context.kickEmail();
      return answer({
        ok: true,
        state: "cancelled",
        dateString: bookingDateString(result.appointment),
        email: result.appointment.email ?? "",
      });
    }
    return failure(result.kind, phone);
  }
  const result = await moveByCustomer(context.db, token, read.data);
  if (result.ok) {
    context.kickEmail();
    return answer({
      ok: true,
      state: "moved",
      dateString: bookingDateString(result.appointment),
      email: result.appointment.email ?? "",
    });
  }
  if (result.kind === "invalid") {
    return answer({ ok: false, message: "Choose a new date and a time." }, 400);
  }
  return failure(result.kind, phone);
}

function failure(
  kind: "not-found" | "too-late" | "no-service" | "same-time" | "unavailable",
  phone: string,
) {
  switch (kind) {
    case "not-found":
      return answer(
        { ok: false, message: "This appointment could not be found. It may have been cancelled." },
        404,
      );
    case "too-late":
      return answer(
        {
          ok: false,
          message: `Your appointment starts within ${cutoffText()}, so it can no longer be changed online. Please call us at ${phone}.`,
        },
        409,
      );
    case "no-service":
      return answer(
        {
          ok: false,
          message: `This service can no longer be booked online. Please call us at ${phone} to change your appointment.`,
        },
        409,
      );
    case "same-time":
      return answer({ ok: false, message: "That is your current time. Choose another time." }, 409);
    case "unavailable":
      return answer(
        {
          ok: false,
          message:
            "Sorry, that time was just taken or is no longer available. Please choose another.",
        },
        409,
      );
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Your Appointment", "noindex, nofollow");

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <ManagePage data={loaderData} result={actionData} />;
}
