// The public booking's POST, shared by /schedule's action (the form without JavaScript) and
// /schedule/book (the booking island's fetch, answered as JSON): one rate limit, one set of
// answers.
import type { RouterContextProvider } from "react-router";
import { business } from "../../content/business";
import { isVisit, visitItemsOf } from "../../domain/booking/visit-request";
import { bookingPolicy } from "../platform/env.server";
import { formFields, readForm } from "../platform/form.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { bookAppointment } from "./booking.server";
import { visitDateString } from "./booking-emails.server";
import { readHolder } from "./holds.server";
import { listSlots, type SlotView } from "./slot-listing.server";
import { listVisit } from "./visit.server";
import { bookVisit } from "./visit-booking.server";

const BOOKING_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

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

export interface BookingAttempt {
  status: number;
  headers?: Record<string, string>;
  body: BookingAnswer;
  /** The refused attempt's form, so the island's answer can carry that day's fresh times. */
  form?: FormData;
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
  const result = isVisit(items)
    ? await bookVisit(context.db, { ...bookingInputFromForm(form), items }, options)
    : await bookAppointment(context.db, bookingInputFromForm(form), options);
  if (result.ok) {
    context.kickEmail();
    const visit = result.visit ?? [result.appointment];
    return {
      status: 200,
      body: {
        ok: true,
        confirmation: {
          dateString: visitDateString(visit),
          service: visit.map((part) => part.typeName).join(" and "),
          email: result.appointment.email,
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
        message: `You already have ${result.maxUpcoming} upcoming appointments with us. To book another, please call us at ${business.phone}.`,
        callUs: true,
      },
    };
  }
  if (result.kind === "day-limit") {
    return {
      status: 429,
      body: {
        ok: false,
        message: `That is as many bookings for one day as we take online from one connection. To book more, please call us at ${business.phone}.`,
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
    form,
  };
}

/** The confirm form's fields (public /schedule and the staff's "Add Appointment") as bookAppointment reads them. */
export function bookingInputFromForm(form: FormData): Record<string, string | undefined> {
  const fields = formFields(form);
  return {
    dateIso: fields.date,
    typeId: fields.service,
    worker: fields.worker,
    startsAt: fields.slot,
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
  };
}

/**
 * The times still free for the refused attempt's day, service and worker (docs/product.md#no-double-booking: the
 * list offers only bookable times), or undefined when the form names no listable search.
 */
export async function freshTimesFor(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  holder: string | undefined,
) {
  const { dateIso, typeId, worker } = bookingInputFromForm(form);
  const items = visitItemsOf(form);
  if (isVisit(items)) {
    const listed = await listVisit(context.db, { dateIso: dateIso ?? "", items }, { holder });
    return listed.ok ? listed.slots : undefined;
  }
  const listed = await listSlots(
    context.db,
    { dateIso: dateIso ?? "", typeId: typeId ?? "", worker: worker || "any" },
    { holder },
  );
  return listed.ok ? listed.slots : undefined;
}
