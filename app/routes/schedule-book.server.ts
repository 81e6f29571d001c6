// The public booking's POST, shared by /schedule's action (the form without JavaScript) and
// /schedule/book (the booking island's fetch, answered as JSON): one rate limit, one form read
// once into a checked request, one booking (a visit of one or more services:
// docs/product.md#visits), one set of answers. The HTTP of it (statuses, the cookie, Retry-After)
// is here; the booking itself answers with a value (bookOnlineVisit's OnlineBookResult: a
// protected visit goes on to Stripe Checkout, docs/payments.md#booking).

import type { RouterContextProvider } from "react-router";
import { BookingFormSchema } from "~/domain/booking/booking-schema";
import { type VisitRequestItem, visitItemsOf } from "~/domain/booking/visit-request";
import type { Locale } from "~/domain/i18n/locale";
import { localeOfPath, localizedPath, withPageLocale } from "~/domain/i18n/locale-path";
import { readPhoneField } from "~/domain/phone";
import { bookedCookie } from "~/lib/booked-cookie.server";
import { retryAfter } from "~/lib/retry-after";
import { m } from "~/paraglide/messages.js";
import { visitDateString } from "~/services/booking/booked-appointment.server";
import type { VisitBookingRequest } from "~/services/booking/booking.server";
import { readHolder } from "~/services/booking/holds.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import {
  AGREE_FIELD,
  bookOnlineVisit,
  type OnlineBookResult,
} from "~/services/payments/protected-booking.server";
import { bookingPolicy } from "~/services/platform/env.server";
import { parseForm, readForm } from "~/services/platform/form.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { bookingFieldErrors } from "./booking-words";

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
      /**
       * A protected visit, kept 'Awaiting payment' (docs/payments.md#booking): the island sends the
       * browser to Stripe's Checkout page; the page without JavaScript goes to the return page,
       * which links to it.
       */
      checkout?: { url: string; returnPath: string };
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

type ReadBooking =
  | { ok: true; request: VisitBookingRequest; agreed: boolean }
  | { ok: false; attempt: BookingAttempt };

/**
 * The posted form read once into a checked request: the confirm form's fields (BookingFormSchema)
 * and its services (visitItemsOf: the first, and a visit's others and add-ons).
 */
function readBookingForm(form: FormData, pageLocale: Locale): ReadBooking {
  const read = parseForm(form, BookingFormSchema);
  if (!read.ok) return { ok: false, attempt: invalid(read.fieldErrors, pageLocale) };
  // Stored in one form, E.164 (docs/product.md#phone-numbers); checked here, not in the shared
  // schema, so the phone library stays out of the booking island.
  const given = readPhoneField(read.data.phone);
  if (!given.ok) return { ok: false, attempt: invalid({ phone: given.message }, pageLocale) };
  const { dateIso, startsAt, name, email, locale } = read.data;
  const items = visitItemsOf(form);
  return {
    ok: true,
    request: { dateIso, startsAt, name, email, phone: given.phone, items, locale },
    // 'I agree to the cancellation policy', asked only for a protected visit.
    agreed: form.get(AGREE_FIELD) === "yes",
  };
}

/** Refused for its fields, each said in the page's language. */
const invalid = (fieldErrors: Record<string, string>, locale: Locale): BookingAttempt => ({
  status: 400,
  body: { ok: false, fieldErrors: bookingFieldErrors(fieldErrors, locale) },
});

export async function attemptBooking(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<BookingAttempt> {
  // Answered in the language of the page it is posted from (/schedule or /es/schedule).
  const locale = localeOfPath(new URL(request.url).pathname);
  const form = await readForm(request);
  if (!form)
    return { status: 400, body: { ok: false, message: m.booking_unreadable({}, { locale }) } };
  const limit = await hitRateLimit(context.db, `booking:${context.clientAddress}`, BOOKING_LIMIT);
  if (!limit.allowed) {
    return {
      status: 429,
      headers: { "Retry-After": retryAfter(limit.retryAfterMs) },
      body: {
        ok: false,
        message: m.booking_too_many({}, { locale }),
        callUs: true,
      },
    };
  }
  const read = readBookingForm(withPageLocale(form, request), locale);
  if (!read.ok) return read.attempt;
  // Read once: the emails carry the details, and a refusal that says "call us" the number, as
  // the owner keeps them now.
  const salon = (await readSalonFacts(context.db)).details;
  const options = {
    siteUrl: context.siteUrl,
    online: { maxUpcoming: bookingPolicy().maxUpcoming, client: context.clientAddress },
    // The visitor's own hold of the time is theirs to book (docs/product.md#holds).
    holder: readHolder(request.headers.get("Cookie")),
    salon,
  };
  // A protected visit goes on to Stripe Checkout; what was agreed to is kept as evidence.
  const result = await bookOnlineVisit(context.db, read.request, options, {
    agreed: read.agreed,
    clientIp: context.clientIp ?? context.clientAddress,
    userAgent: request.headers.get("User-Agent") ?? undefined,
  });
  if (result.ok) context.kickEmail();
  const { dateIso, items } = read.request;
  const attempt = answerOf(result, { dateIso, items: [...items] }, salon.phone, locale);
  // A confirmed booking is this browser's to see for 30 minutes (docs/product.md#after-booking);
  // a pending one waits for its email, as before.
  if (result.ok && !result.pendingUntil) {
    attempt.headers = {
      "Set-Cookie": bookedCookie(result.manageToken, context.secure, locale),
    };
  }
  return attempt;
}

/** A booking's outcome as the page and the island are answered. */
function answerOf(
  result: OnlineBookResult,
  search: BookingSearch,
  phone: string,
  locale: Locale,
): BookingAttempt {
  if (result.ok) {
    const visit = result.visit ?? [result.appointment];
    const { checkout } = result;
    return {
      status: 200,
      body: {
        ok: true,
        confirmation: {
          dateString: visitDateString(visit, locale),
          service: visit.map((part) => part.typeName).join(" and "),
          // Online bookings always carry an email (the form requires it).
          email: result.appointment.email ?? "",
          ...(result.pendingUntil && !checkout ? { pending: true as const } : {}),
        },
        ...(checkout
          ? {
              checkout: {
                url: checkout.url,
                // The return page in the booking's language (/es/schedule/paid).
                returnPath: `${localizedPath("/schedule/paid", locale)}?${new URLSearchParams({ session: checkout.sessionId })}`,
              },
            }
          : {}),
      },
    };
  }
  if (result.kind === "checkout-failed") {
    return {
      status: 503,
      body: {
        ok: false,
        message: m.booking_checkout_failed({ phone }, { locale }),
        callUs: true,
      },
    };
  }
  if (result.kind === "invalid") return invalid(result.fieldErrors, locale);
  if (result.kind === "limit") {
    return {
      status: 409,
      body: {
        ok: false,
        message: m.booking_upcoming_limit({ max: result.maxUpcoming, phone }, { locale }),
        callUs: true,
      },
    };
  }
  if (result.kind === "day-limit") {
    return {
      status: 429,
      body: {
        ok: false,
        message: m.booking_day_limit({ phone }, { locale }),
        callUs: true,
      },
    };
  }
  return {
    status: 409,
    body: {
      ok: false,
      message: m.booking_unavailable({}, { locale }),
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
  const listed = await listVisitTimes(context.db, { dateIso, items }, { holder });
  return listed.ok ? listed.slots : undefined;
}
