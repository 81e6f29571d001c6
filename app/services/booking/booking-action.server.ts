// The public booking's POST, shared by /schedule's action (the form without JavaScript) and
// /schedule/book (the booking island's fetch, answered as JSON): one rate limit, one set of
// answers.
import type { RouterContextProvider } from "react-router";
import {
  ANY_WORKER,
  BookingFormSchema,
  VisitFormSchema,
} from "../../domain/booking/booking-schema";
import { isVisit, type VisitRequestItem, visitItemsOf } from "../../domain/booking/visit-request";
import { readPhoneField } from "../../domain/phone";
import { bookingPolicy } from "../platform/env.server";
import { parseForm, readForm } from "../platform/form.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { RATE_LIMITS } from "../platform/rate-limits.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { visitDateString } from "./booked-appointment.server";
import { bookedCookie } from "./booked-view.server";
import { type BookResult, bookAppointment } from "./booking.server";
import { readHolder } from "./holds.server";
import { listSlots, type SlotView } from "./slot-listing.server";
import { listVisit } from "./visit.server";
import { bookVisit } from "./visit-booking.server";

const BOOKING_LIMIT = RATE_LIMITS.booking;

/** The answer's body; the booking island (app/components/booking) reads it as it is. */
export type BookingAnswer =
  | {
      ok: true;
      confirmation: {
        dateString: string;
        service: string;
        email: string;
        /** Kept for the customer to confirm from the emailed link (docs/product.md#pending-bookings). */
        pending?: true;
      };
    }
  | {
      ok: false;
      fieldErrors?: Record<string, string>;
      message?: string;
      /** A refusal no other time would change (a limit): the form stays open showing it. */
      callUs?: true;
      /** After a refusal, the island's answer (/schedule/book) carries the day's times still free. */
      slots?: SlotView[];
    };

interface BookingAttempt {
  status: number;
  headers?: Record<string, string>;
  body: BookingAnswer;
  /** The search of an attempt refused for its time, so the island's answer can carry that day's fresh times. */
  search?: BookingSearch;
}

/** A day's search as a booking form names it: its date and its services (one, or a visit's). */
interface BookingSearch {
  dateIso: string;
  items: VisitRequestItem[];
}

export async function attemptBooking(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<BookingAttempt> {
  const form = await readForm(request);
  if (!form) return { status: 400, body: { ok: false, message: "The form could not be read." } };
  const limit = await hitRateLimit(context.db, `booking:${context.clientAddress}`, BOOKING_LIMIT);
  if (!limit.allowed) {
    return {
      status: 429,
      headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) },
      body: {
        ok: false,
        message: "Too many bookings from this address. Please call us.",
        callUs: true,
      },
    };
  }
  const options = {
    siteUrl: context.siteUrl,
    online: { maxUpcoming: bookingPolicy().maxUpcoming, client: context.clientAddress },
    // The visitor's own hold of the time is theirs to book (docs/product.md#holds).
    holder: readHolder(request.headers.get("Cookie")),
  };
  // Several services, or one with add-ons: a visit (docs/product.md#visits).
  const items = visitItemsOf(form);
  const visit = isVisit(items);
  const read = visit ? parseForm(form, VisitFormSchema) : parseForm(form, BookingFormSchema);
  if (!read.ok) return { status: 400, body: { ok: false, fieldErrors: read.fieldErrors } };
  // Stored in one form, E.164 (docs/product.md#phone-numbers); checked here, not in the shared
  // schema, so the phone library stays out of the booking island.
  const given = readPhoneField(read.data.phone);
  if (!given.ok) return { status: 400, body: { ok: false, fieldErrors: { phone: given.message } } };
  const customer = { ...read.data, phone: given.phone };
  const result = visit
    ? await bookVisit(context.db, { ...customer, items }, options)
    : await bookAppointment(context.db, customer, options);
  if (result.ok) context.kickEmail();
  // A refusal that says "call us" gives the number as the owner keeps it now.
  const { phone } = (await readSalonFacts(context.db)).details;
  const attempt = answerOf(result, { dateIso: read.data.dateIso, items }, phone);
  // A confirmed booking is this browser's to see for 30 minutes (docs/product.md#after-booking);
  // a pending one waits for its email, as before.
  if (result.ok && !result.pendingUntil) {
    attempt.headers = { "Set-Cookie": bookedCookie(result.manageToken, context.secure) };
  }
  return attempt;
}

/** A booking's outcome as the page and the island are answered. */
function answerOf(result: BookResult, search: BookingSearch, phone: string): BookingAttempt {
  if (result.ok) {
    const visit = result.visit ?? [result.appointment];
    return {
      status: 200,
      body: {
        ok: true,
        confirmation: {
          dateString: visitDateString(visit),
          service: visit.map((part) => part.typeName).join(" and "),
          // Online bookings always carry an email (the form requires it).
          email: result.appointment.email ?? "",
          ...(result.pendingUntil ? { pending: true as const } : {}),
        },
      },
    };
  }
  if (result.kind === "invalid") {
    return { status: 400, body: { ok: false, fieldErrors: result.fieldErrors } };
  }
  if (result.kind === "limit") {
    return {
      status: 409,
      body: {
        ok: false,
        message: `You already have ${result.maxUpcoming} upcoming appointments with us. To book another, please call us at ${phone}.`,
        callUs: true,
      },
    };
  }
  if (result.kind === "day-limit") {
    return {
      status: 429,
      body: {
        ok: false,
        message: `That is as many bookings for one day as we take online from one connection. To book more, please call us at ${phone}.`,
        callUs: true,
      },
    };
  }
  return {
    status: 409,
    body: {
      ok: false,
      message: "Sorry, that time was just taken or is no longer available. Please choose another.",
    },
    search,
  };
}

/**
 * The times still free for the refused attempt's day, service and technician (docs/product.md#no-double-booking: the
 * list offers only bookable times), or undefined when the search is not listable.
 */
export async function freshTimesFor(
  context: Readonly<RouterContextProvider>,
  search: BookingSearch,
  holder: string | undefined,
) {
  const { dateIso, items } = search;
  if (isVisit(items)) {
    const listed = await listVisit(context.db, { dateIso, items }, { holder });
    return listed.ok ? listed.slots : undefined;
  }
  // One service: the form's `service` and `worker`, as visitItemsOf read them.
  const { typeId = "", worker = ANY_WORKER } = items[0] ?? {};
  const listed = await listSlots(context.db, { dateIso, typeId, worker }, { holder });
  return listed.ok ? listed.slots : undefined;
}
