// Booking on the server (spec "Schedule", docs/product.md#booking, docs/product.md#email): one
// booking for one service or a visit of several (docs/product.md#visits), online, at the front
// desk or from a waitlist offer. The browser names a date, its services, a technician choice and
// a slot; everything else (duration, price, technician, whether the slot is still free) is
// recomputed here, and the database's exclusion constraint has the last word.

import { randomUUID } from "node:crypto";
import { BookingRequestSchema } from "../../domain/booking/booking-schema";
import type { UnbookableReason } from "../../domain/booking/slot-check";
import { withAddOns } from "../../domain/booking/visit";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { fieldErrorsOf, type z } from "../../domain/zod";
import type { Database, Transaction } from "../db/client.server";
import { appointments, type BookedAddOn, type BookingChannel } from "../db/schema.server";
import { readSalonFacts } from "../salon/salon-details.server";
import type { BookedAppointment } from "./booked-appointment.server";
import { claimVisit } from "./claim.server";
import { upcomingBookingsOf } from "./customer-keys.server";
import { manageUrl, newManageToken } from "./manage-token.server";
import {
  admitOnline,
  awaitingPayment,
  enqueueBookingEmails,
  type OnlineOptions,
  type OnlineRefusal,
  onlineColumns,
} from "./online-booking.server";
import type { ListingOptions } from "./slot-listing.server";
import {
  inVisitOrder,
  itemPriceColumns,
  type ResolvedItem,
  resolveVisit,
  serviceName,
  toItem,
} from "./visit.server";

export interface BookingOptions extends ListingOptions {
  /** The site's origin: the confirmation email links to the manage page there. */
  siteUrl?: string;
  /**
   * A booking from the public form: the upcoming bookings one customer (same email or same
   * phone) may hold (docs/product.md#booking-limit), the client address's bookings of one day
   * (docs/product.md#pending-bookings), and the confirmation is paced per address (anyone can
   * type any address). Unset for staff, who book anything for anyone.
   */
  online?: OnlineOptions;
  /**
   * How it was booked (docs/product.md#prices-and-payments): by default 'online' for the public
   * form (`online` set) and 'staff' otherwise; a waitlist offer's link says 'waitlist'.
   */
  channel?: BookingChannel;
  /** Written in the booking's own transaction (a waitlist offer taken: docs/product.md#waitlist). */
  alsoWrite?: (tx: Transaction, visitId: string) => Promise<void>;
  /**
   * The salon's details as the owner keeps them, for the emails, when the caller has read them
   * already (the public booking's edge reads them once); read here otherwise.
   */
  salon?: SalonDetails;
  /**
   * A protected visit (docs/payments.md#booking): kept pending until then, 'Awaiting payment',
   * with no email yet (Stripe's webhook confirms it); `write` stores its payment in the same
   * transaction. The limits still apply as to any online booking.
   */
  awaitingPayment?: { until: Date; write(tx: Transaction, visitId: string): Promise<void> };
}

/** The booking's input checked: the public form's rules (the front desk reads its own form). */
function readBookingRequest(
  input: unknown,
):
  | { ok: true; request: z.output<typeof BookingRequestSchema> }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> } {
  const parsed = BookingRequestSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  return { ok: true, request: parsed.data };
}

export type BookResult =
  /** `manageToken`: the secret of the emailed manage link (only its hash is stored). */
  | {
      ok: true;
      /** The (first) appointment; a visit's are all in `visit`, in time order. */
      appointment: BookedAppointment;
      visit?: BookedAppointment[];
      manageToken: string;
      /** Kept until then for the customer to confirm from the emailed link. */
      pendingUntil?: Date;
    }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason | "no-such-service" }
  /** The customer's upcoming bookings or the client address's of that day are spent: nothing stored. */
  | OnlineRefusal;

/** The channel a booking made with `options` is stored with. */
export function channelOf(options: BookingOptions): BookingChannel {
  return options.channel ?? (options.online ? "online" : "staff");
}

/**
 * Books one service from unchecked input (the benches, tests): the
 * form's rules, then bookVisitRequest with a visit of one item (docs/product.md#visits). Its
 * answer names the appointment; a technician who does not do the service is never free ("taken").
 */
export async function bookAppointment(
  db: Database,
  input: unknown,
  options: BookingOptions = {},
): Promise<BookResult> {
  const read = readBookingRequest(input);
  if (!read.ok) return read;
  const { typeId, technician, ...request } = read.request;
  const items = [{ typeId, technician, addOnIds: [] }];
  const result = await bookVisitRequest(db, { ...request, items }, options, false);
  if (!result.ok) return result;
  const { visit: _one, ...booked } = result;
  return booked;
}

/**
 * A visit's unchecked input (a waitlist offer's, tests) checked: the customer's details as for
 * one service, the services in `items`.
 */
export function checkVisitRequest(
  input: Record<string, unknown> & { items: readonly VisitRequestItem[] },
):
  | { ok: true; request: VisitBookingRequest }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> } {
  const read = readBookingRequest({ ...input, typeId: input.items[0]?.typeId });
  if (!read.ok) return read;
  return { ok: true, request: { ...read.request, items: input.items } };
}

/** Books a visit from unchecked input (tests): checkVisitRequest, then bookVisitRequest. */
export async function bookVisit(
  db: Database,
  input: Record<string, unknown> & { items: readonly VisitRequestItem[] },
  options: BookingOptions = {},
): Promise<BookResult> {
  const read = checkVisitRequest(input);
  if (!read.ok) return read;
  return bookVisitRequest(db, read.request, options);
}

/** A booking's request once checked: one service is a visit of one item (docs/product.md#visits). */
export interface VisitBookingRequest {
  dateIso: string;
  startsAt: Date;
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  items: readonly VisitRequestItem[];
  /** The language of the page it comes from, or the caller's (issue 39): English unless said. */
  locale?: Locale | undefined;
}

/**
 * Books a checked request: stores its appointments (one visit id, the manage link on the first)
 * and the two emails in one transaction (claimVisit). The limits' refusals are answered as values,
 * with nothing written.
 */
export async function bookVisitRequest(
  db: Database,
  request: VisitBookingRequest,
  options: BookingOptions = {},
  /** A technician who does not do a service: refused as unknown, or (false) as never free. */
  checkTechnicians = true,
): Promise<BookResult> {
  const items = await resolveVisit(db, request.items, checkTechnicians);
  if (!items) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const now = options.now ?? new Date();
  // Read before the transaction: the emails carry the details as the owner keeps them now.
  const salon = options.salon ?? (await readSalonFacts(db)).details;
  const manageToken = newManageToken();
  const claimed = await claimVisit(
    db,
    { dateIso: request.dateIso, startsAt: request.startsAt, items },
    { ...options, now },
    async (tx, slot): Promise<BookResult> => {
      const admission = await admitOnline(
        tx,
        options.online,
        { ...request, holder: options.holder },
        now,
        (tx) => upcomingBookingsOf(tx, request, now),
      );
      // Refused by a limit: nothing is written, and the answer says why.
      if ("ok" in admission) return admission;
      const kept = options.awaitingPayment;
      const admitted = kept ? awaitingPayment(kept.until) : admission;
      const visitId = randomUUID();
      const rows = await tx
        .insert(appointments)
        .values(
          slot.parts.map((part, index) => {
            const item = items[part.item] as ResolvedItem;
            return {
              ...partRow(request, item, part, visitId),
              channel: channelOf(options),
              // One link for the whole visit, on its first appointment.
              ...onlineColumns(options.online, admitted, manageToken, index === 0),
              createdAt: now,
            };
          }),
        )
        .returning();
      const visit = inVisitOrder(rows.map(toBookedAppointment));
      await enqueueBookingEmails(tx, visit, admitted, {
        siteUrl: options.siteUrl,
        manageLink: options.siteUrl
          ? manageUrl(options.siteUrl, manageToken, request.locale)
          : undefined,
        paced: options.online !== undefined,
        now,
        salon,
      });
      await options.alsoWrite?.(tx, visitId);
      await kept?.write(tx, visitId);
      const pending = admitted.pending ? { pendingUntil: admitted.until } : {};
      const appointment = visit[0] as BookedAppointment;
      return { ok: true, appointment, visit, manageToken, ...pending };
    },
  );
  return claimed.ok ? claimed.value : { ok: false, kind: "unavailable", reason: claimed.reason };
}

/** A stored appointment as the emails and pages use it. */
export function toBookedAppointment(row: typeof appointments.$inferSelect): BookedAppointment & {
  typeId: string | null;
  sequence: number;
  visitId: string;
  addOns: BookedAddOn[];
  /** It holds the visit's manage link (its first service). */
  hasLink: boolean;
} {
  return {
    visitId: row.visitId,
    addOns: row.addOns,
    hasLink: row.manageTokenHash !== null,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    typeId: row.typeId,
    typeName: row.typeName,
    category: row.category,
    technician: row.technician,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    price: row.price,
    sequence: row.sequence,
    language: row.language,
  };
}

/** One service of a visit as its appointment row stores it: the customer, service and time. */
function partRow(
  customer: {
    name: string;
    email?: string | undefined;
    phone?: string | undefined;
    locale?: Locale | undefined;
  },
  item: ResolvedItem,
  part: { technician: string; startMs: number; endMs: number },
  visitId: string,
) {
  return {
    name: customer.name,
    email: customer.email ?? null,
    phone: customer.phone ?? null,
    language: customer.locale ?? DEFAULT_LOCALE,
    typeId: item.type.id,
    typeName: serviceName(item),
    category: item.type.category,
    technician: part.technician,
    startsAt: new Date(part.startMs),
    endsAt: new Date(part.endMs),
    ...itemPriceColumns(item),
    visitId,
    bufferMin: withAddOns(toItem(item)).bufferMin ?? 0,
    addOns: item.addOns.map(
      (addOn): BookedAddOn => ({
        typeId: addOn.id,
        name: addOn.type,
        price: addOn.price,
        priceCents: addOn.priceCents,
        durationMin: addOn.durationMin,
      }),
    ),
  };
}
