// Online booking on the server (spec "Schedule", docs/product.md#booking, docs/product.md#email). The browser names a date, a
// service, a technician choice and a slot; everything else (duration, price, technician, whether the slot
// is still free) is recomputed here, and the database's exclusion constraint has the last word.

import { sql } from "drizzle-orm";
import { BookingRequestSchema, requestedWorker } from "../../domain/booking/booking-schema";
import { DeskBookingRequestSchema, EMAIL_OR_PHONE } from "../../domain/booking/desk-booking-schema";
import { isSlotBookable, type UnbookableReason } from "../../domain/booking/slot-check";
import { SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import type { SalonDetails } from "../../domain/salon/salon-details";
import { fieldErrorsOf, type z } from "../../domain/zod";
import type { Database, Transaction } from "../db/client.server";
import { appointments, type BookedAddOn, type BookingChannel } from "../db/schema.server";
import {
  type AppointmentTypeView,
  findAppointmentType,
  toRule,
} from "../salon/appointment-types.server";
import { closedDaysOn } from "../salon/closed-days.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { readWorkerHours } from "../salon/team.server";
import type { BookedAppointment } from "./booked-appointment.server";
import { busyOn } from "./busy-times.server";
import { upcomingBookingsOf } from "./customer-keys.server";
import { manageUrl, newManageToken } from "./manage-token.server";
import {
  admitOnline,
  enqueueBookingEmails,
  type OnlineOptions,
  type OnlineRefusal,
  onlineColumns,
} from "./online-booking.server";
import type { ListingOptions } from "./slot-listing.server";

const zone = SALON_TIME_ZONE;

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
  alsoWrite?: (tx: Transaction) => Promise<void>;
  /**
   * The front desk: an email or a phone is enough (docs/product.md#front-desk); without an email
   * no email goes to the customer.
   */
  phoneEnough?: boolean;
  /**
   * The salon's details as the owner keeps them, for the emails, when the caller has read them
   * already (the public booking's edge reads them once); read here otherwise.
   */
  salon?: SalonDetails;
}

/** The booking's input checked: the public form's rules, or the front desk's (`phoneEnough`). */
export function readBookingRequest(
  input: unknown,
  options: Pick<BookingOptions, "phoneEnough">,
):
  | { ok: true; request: z.output<typeof DeskBookingRequestSchema> }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> } {
  const parsed = (options.phoneEnough ? DeskBookingRequestSchema : BookingRequestSchema).safeParse(
    input,
  );
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  if (!parsed.data.email && !parsed.data.phone) {
    return { ok: false, kind: "invalid", fieldErrors: { contact: EMAIL_OR_PHONE } };
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
 * A lost race: the exclusion constraint refused the insert (23P01), or PostgreSQL broke a
 * deadlock between simultaneous inserts (40P01). Both mean "look again", never a 500.
 */
export function isLostRace(error: unknown): boolean {
  const code =
    (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === "23P01" || code === "40P01";
}

type ClaimResult<T> = { ok: true; value: T } | { ok: false; reason: UnbookableReason };

/**
 * Takes a time of `type` for an appointment, as booking and moving both do: recomputes
 * availability with fresh data (the appointment `excludeId` not counting as busy), picks the
 * preferred technician or the first free one, and runs `write` in a transaction holding that technician's
 * lock. The exclusion constraint decides between simultaneous claims: with "Any available", a
 * technician lost to a race is replaced by the next free one; when none is left the answer is "taken".
 */
export async function claimSlot<T>(
  db: Database,
  claim: {
    type: AppointmentTypeView;
    dateIso: string;
    startsAt: Date;
    /** undefined: any of the type's technicians. */
    worker: string | undefined;
    excludeId?: string;
  },
  options: BookingOptions,
  write: (tx: Transaction, worker: string, endsAt: Date) => Promise<T>,
): Promise<ClaimResult<T>> {
  const { type, dateIso, startsAt, worker: preferred } = claim;
  const closed = await closedDaysOn(db, dateIso);
  const workerHours = await readWorkerHours(db, type.workers);
  const endsAt = new Date(startsAt.getTime() + type.durationMin * 60_000);
  const tried = new Set<string>();
  for (;;) {
    const check = isSlotBookable({
      dateIso,
      type: toRule(type),
      ...closed,
      workerHours,
      busy: await busyOn(db, dateIso, type.workers, claim.excludeId ? [claim.excludeId] : [], {
        now: options.now ?? new Date(),
        holder: options.holder,
        ignoreHolds: options.ignoreHolds,
      }),
      now: options.now ?? new Date(),
      zone,
      settings: options.settings,
      worker: preferred,
      startsAt,
    });
    if (!check.ok) return { ok: false, reason: check.reason };
    if (tried.has(check.worker)) return { ok: false, reason: "taken" };
    tried.add(check.worker);
    try {
      const value = await db.transaction(async (tx) => {
        // Simultaneous claims of one technician queue here and the later one meets the constraint
        // cleanly, instead of deadlocking inside the index (seen on PostgreSQL under load).
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`appointments:${check.worker}`}))`,
        );
        return write(tx, check.worker, endsAt);
      });
      return { ok: true, value };
    } catch (error) {
      if (!isLostRace(error)) throw error;
      if (preferred !== undefined) return { ok: false, reason: "taken" };
      // Someone else took this technician at this time a moment ago: look again.
    }
  }
}

/**
 * Books a slot: validates the form, takes the time (claimSlot), and stores the appointment and
 * its two emails in one transaction.
 */
export async function bookAppointment(
  db: Database,
  input: unknown,
  options: BookingOptions = {},
): Promise<BookResult> {
  const read = readBookingRequest(input, options);
  if (!read.ok) return read;
  const { request } = read;
  const type = await findAppointmentType(db, request.typeId);
  if (!type) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const now = options.now ?? new Date();
  // Read before the transaction: the emails carry the details as the owner keeps them now.
  const salon = options.salon ?? (await readSalonFacts(db)).details;
  const manageToken = newManageToken();
  const claimed = await claimSlot(
    db,
    {
      type,
      dateIso: request.dateIso,
      startsAt: request.startsAt,
      worker: requestedWorker(request.worker),
    },
    { ...options, now },
    async (tx, worker, endsAt) => {
      const admission = await admitOnline(
        tx,
        options.online,
        { ...request, holder: options.holder },
        now,
        (tx) => upcomingBookingsOf(tx, request, now),
      );
      // Refused by a limit: nothing is written, and the answer says why.
      if ("ok" in admission) return admission;
      const [row] = await tx
        .insert(appointments)
        .values({
          name: request.name,
          email: request.email ?? null,
          phone: request.phone ?? null,
          typeId: type.id,
          typeName: type.type,
          category: type.category,
          worker,
          startsAt: request.startsAt,
          endsAt,
          priceCents: type.priceCents,
          priceFrom: type.priceFrom,
          channel: channelOf(options),
          bufferMin: type.bufferMin,
          ...onlineColumns(options.online, admission, manageToken, true),
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("Storing the appointment returned no row.");
      const booked = toBookedAppointment(row);
      await enqueueBookingEmails(tx, [booked], admission, {
        siteUrl: options.siteUrl,
        manageLink: options.siteUrl ? manageUrl(options.siteUrl, manageToken) : undefined,
        paced: options.online !== undefined,
        now,
        salon,
      });
      await options.alsoWrite?.(tx);
      const pending = admission.pending ? { pendingUntil: admission.until } : {};
      return { ok: true as const, appointment: booked, manageToken, ...pending };
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
    worker: row.worker,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    price: row.price,
    sequence: row.sequence,
  };
}
