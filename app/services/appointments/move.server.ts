// Moving a booked appointment, in one place (docs/product.md#manage-link, #front-desk): the
// customer's move through the emailed link (its whole visit; one service is a visit of one,
// docs/product.md#visits) and the staff's 'Move' (date, time, technician, service) are one move,
// claimMove: the new time taken as a booking takes it (claimVisit), its own time not counting as
// busy, and the customer told in the same transaction.
import { and, eq, sql } from "drizzle-orm";
import { requestedTechnician } from "../../domain/booking/booking-schema";
import { STAFF_BOOKING_SETTINGS } from "../../domain/booking/booking-settings";
import { DeskBookingRequestSchema } from "../../domain/booking/desk-booking-schema";
import type { UnbookableReason } from "../../domain/booking/slot-check";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf } from "../../domain/zod";
import { type BookedAppointment, visitAsOne } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { claimVisit } from "../booking/claim.server";
import type { ListingOptions } from "../booking/slot-listing.server";
import {
  inVisitOrder,
  itemsOfVisit,
  type ResolvedItem,
  resolveVisit,
} from "../booking/visit.server";
import type { Database, Transaction } from "../db/client.server";
import { appointments } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import type { FormFields } from "../platform/form.server";
import { type AppointmentTypeView, findAppointmentType } from "../salon/appointment-types.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { movedNoticeEmail, queueMovedEmail } from "./manage-emails.server";
import {
  changeDeadline,
  findByManageToken,
  type ManagedAppointment,
  type ManageFailure,
  type ManageOptions,
  visitPartsOf,
} from "./manage-link.server";

/**
 * One appointment's write in a move (the customer's link, the staff's 'Move'): it takes
 * the claimed technician and time, and `type`'s name, category and price when the service changes;
 * its calendar SEQUENCE goes up and its reminder is due again. Undefined when it was moved or
 * cancelled meanwhile (its sequence or status no longer the one read): nothing is written.
 */
async function writeMove(
  tx: Transaction,
  found: { id: string; sequence: number },
  to: { technician: string; startsAt: Date; endsAt: Date; type?: AppointmentTypeView },
  now: Date,
) {
  const service = to.type
    ? {
        typeId: to.type.id,
        typeName: to.type.type,
        category: to.type.category,
        // The new service's price as it is now; the add-ons stay with the old one.
        priceCents: to.type.priceCents,
        priceFrom: to.type.priceFrom,
        bufferMin: to.type.bufferMin,
        addOns: [],
      }
    : {};
  const [row] = await tx
    .update(appointments)
    .set({
      ...service,
      technician: to.technician,
      startsAt: to.startsAt,
      endsAt: to.endsAt,
      sequence: sql`${appointments.sequence} + 1`,
      rescheduledAt: now,
      // A reminder belongs to a time: the new one gets its own.
      reminderQueuedAt: null,
    })
    .where(
      and(
        eq(appointments.id, found.id),
        eq(appointments.status, "booked"),
        eq(appointments.sequence, found.sequence),
      ),
    )
    .returning();
  return row ? toBookedAppointment(row) : undefined;
}

type MoveResult =
  | { ok: true; appointment: ManagedAppointment; previous: ManagedAppointment }
  | ManageFailure
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  /** The service was removed from the catalogue: it can no longer be moved online. */
  | { ok: false; kind: "no-service" }
  | { ok: false; kind: "same-time" }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason };

/**
 * Moves the appointment's visit (one service is a visit of one) to another free time: the same
 * services and add-ons, as booking would take them, its own times not counting as busy. The old
 * time is free at once. The customer gets the new time with a calendar update (same UID, higher
 * SEQUENCE); the salon gets a notice.
 */
export async function moveByCustomer(
  db: Database,
  token: unknown,
  input: { dateIso?: unknown; technician?: unknown; startsAt?: unknown },
  options: ManageOptions = {},
): Promise<MoveResult> {
  const now = options.now ?? new Date();
  const found = await findByManageToken(db, token, { now });
  if (!found) return { ok: false, kind: "not-found" };
  if (now > changeDeadline(found.startsAt, options)) return { ok: false, kind: "too-late" };
  // The booking form's own rules for date, technician and time; the person stays who they are.
  // The front desk's rules: a caller booked by phone alone has no email (docs/product.md#front-desk).
  const parsed = DeskBookingRequestSchema.safeParse({
    dateIso: input.dateIso,
    typeId: found.typeId ?? "",
    technician: input.technician,
    startsAt: input.startsAt,
    name: found.name,
    email: found.email ?? undefined,
    phone: found.phone ?? undefined,
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    if (fieldErrors.typeId) return { ok: false, kind: "no-service" };
    return { ok: false, kind: "invalid", fieldErrors };
  }
  const request = parsed.data;
  const parts = await visitPartsOf(db, found);
  if (parts.length === 0) return { ok: false, kind: "not-found" }; // cancelled meanwhile
  const asked = movedItems(parts, request.technician);
  const items = asked && (await resolveVisit(db, asked.items, !asked.chosen));
  if (!items) return { ok: false, kind: "no-service" };
  // Its own start with its own technicians ("any" keeping each hers) is no move.
  const own = items.every(
    (item, at) => item.technician === undefined || item.technician === parts[at]?.technician,
  );
  if (own && request.startsAt.getTime() === parts[0]?.startsAt.getTime()) {
    return { ok: false, kind: "same-time" };
  }
  const salon = (await readSalonFacts(db)).details;
  const claimed = await claimMove(
    db,
    { parts, items, dateIso: request.dateIso, startsAt: request.startsAt },
    { ...options, now },
    async (tx, moved) => {
      const appointment = visitAsOne(inVisitOrder(moved));
      const previous = visitAsOne(parts);
      await queueMovedEmail(tx, inVisitOrder(moved), parts, { salon, now });
      await enqueueEmail(tx, movedNoticeEmail(appointment, previous, salon), { now });
      return { appointment, previous };
    },
  );
  return claimed.ok ? { ok: true, ...claimed.value } : claimed;
}

/**
 * What the customer's move asks for: the visit's services and add-ons as booked, each with its
 * technician (docs/product.md#visits: a visit keeps them); the spec's one service without add-ons
 * with the technician the form chose (`chosen`, "any" included). A kept technician who no longer
 * does her service makes it a service no longer booked online; a chosen one is never free.
 */
function movedItems(
  parts: readonly ManagedAppointment[],
  technician: string,
): { items: VisitRequestItem[]; chosen: boolean } | undefined {
  const items = itemsOfVisit(parts);
  const [only] = items ?? [];
  if (!items || !only) return undefined;
  const chosen = items.length === 1 && only.addOnIds.length === 0;
  return { items: chosen ? [{ ...only, technician }] : items, chosen };
}

type Claimed<T> =
  | { ok: true; value: T }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason };

/**
 * The one move, the customer's and the staff's: takes `startsAt` for `items` (one per stored
 * part, in its order) as a booking would (claimVisit), the parts' own times not counting as busy,
 * and writes every part or none, each still as read (moved or cancelled meanwhile: "not-found",
 * nothing moves); `tell` queues the emails in the same transaction. `retype`: each part becomes
 * its item's service (the staff's 'Move' may change it).
 */
async function claimMove<T>(
  db: Database,
  move: {
    parts: readonly { id: string; sequence: number }[];
    items: readonly ResolvedItem[];
    dateIso: string;
    startsAt: Date;
    retype?: boolean;
  },
  options: ListingOptions & { now: Date },
  tell: (tx: Transaction, moved: ManagedAppointment[]) => Promise<T>,
): Promise<Claimed<T>> {
  const { parts, items, dateIso, startsAt } = move;
  const claimed = await claimVisit(
    db,
    { dateIso, startsAt, items, excludeIds: parts.map((part) => part.id) },
    options,
    async (tx, slot) => {
      const moved: ManagedAppointment[] = [];
      for (const part of slot.parts) {
        const to = {
          technician: part.technician,
          startsAt: new Date(part.startMs),
          endsAt: new Date(part.endMs),
          type: move.retype ? items[part.item]?.type : undefined,
        };
        const stored = parts[part.item] as (typeof parts)[number];
        const appointment = await writeMove(tx, stored, to, options.now);
        if (!appointment) throw new PartChanged();
        moved.push(appointment);
      }
      return tell(tx, moved);
    },
  ).catch((error: unknown) => {
    if (error instanceof PartChanged) return undefined;
    throw error;
  });
  if (!claimed) return { ok: false, kind: "not-found" };
  if (!claimed.ok) return { ok: false, kind: "unavailable", reason: claimed.reason };
  return claimed;
}

/** Thrown inside a move to roll it back: one of its appointments changed meanwhile. */
class PartChanged extends Error {}

type MoveOnlyReason = "no-such-service" | "not-their-service";

export type StaffMoveResult =
  | { ok: true; appointment: BookedAppointment }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason | MoveOnlyReason };

/**
 * Moves a booked appointment to another date, time, technician or service, as a booking would take
 * them (the appointment's own time not counting as busy): the service's name, price and duration
 * are the new service's. The customer gets the new time with a calendar update (same UID, higher
 * SEQUENCE), in the same transaction.
 */
export async function moveAppointmentByStaff(
  db: Database,
  id: string | undefined,
  fields: FormFields,
  options: ListingOptions = {},
): Promise<StaffMoveResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [found] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.status, "booked")));
  if (!found) return { ok: false, kind: "not-found" };
  // The booking form's own rules for date, service, technician and time; the person stays who they are.
  // The front desk's rules: a caller booked by phone alone has no email (docs/product.md#front-desk).
  const parsed = DeskBookingRequestSchema.safeParse({
    dateIso: fields.date,
    typeId: fields.service,
    technician: fields.technician,
    startsAt: fields.slot,
    name: found.name,
    email: found.email ?? undefined,
    phone: found.phone ?? undefined,
  });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const request = parsed.data;
  const type = await findAppointmentType(db, request.typeId);
  if (!type) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const technician = requestedTechnician(request.technician);
  // Said as such (a drop in her column: docs/product.md#calendar), not as a time that is taken.
  if (technician !== undefined && !type.technicians.includes(technician)) {
    return { ok: false, kind: "unavailable", reason: "not-their-service" };
  }
  const now = options.now ?? new Date();
  const salon = (await readSalonFacts(db)).details;
  const claimed = await claimMove(
    db,
    {
      parts: [found],
      items: [{ type, addOns: [], technician }],
      dateIso: request.dateIso,
      startsAt: request.startsAt,
      retype: true,
    },
    // Neither a visitor's hold nor the online notice keeps the desk (product.md#holds, #walk-ins).
    { settings: STAFF_BOOKING_SETTINGS, ...options, now, ignoreHolds: true },
    async (tx, moved) => {
      const appointment = moved[0] as ManagedAppointment;
      await queueMovedEmail(tx, [appointment], [found], { salon, now });
      return appointment;
    },
  );
  return claimed.ok ? { ok: true, appointment: claimed.value } : claimed;
}
