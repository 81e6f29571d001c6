// Moving a booked appointment, in one place (docs/product.md#manage-link, #front-desk): the
// customer's move through the emailed link (one service, or a whole visit), the staff's 'Move'
// (date, time, technician and service), and the write they share. Each takes its new time as a
// booking would (claimSlot, claimVisit: fresh busy times, the technicians' locks, the exclusion
// constraint), its own time not counting as busy, and tells the customer in the same transaction.
import { and, eq, sql } from "drizzle-orm";
import { requestedWorker } from "../../domain/booking/booking-schema";
import { DeskBookingRequestSchema } from "../../domain/booking/desk-booking-schema";
import type { UnbookableReason } from "../../domain/booking/slot-check";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf } from "../../domain/zod";
import { type BookedAppointment, visitAsOne } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { claimSlot, claimVisit } from "../booking/claim.server";
import type { ListingOptions } from "../booking/slot-listing.server";
import { inVisitOrder, itemsOfVisit, resolveVisit } from "../booking/visit.server";
import type { Database, Transaction } from "../db/client.server";
import { appointments } from "../db/schema.server";
import { enqueueCustomerEmail, enqueueEmail } from "../email/outbox.server";
import type { FormFields } from "../platform/form.server";
import { type AppointmentTypeView, findAppointmentType } from "../salon/appointment-types.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { movedEmail, movedNoticeEmail } from "./manage-emails.server";
import {
  changeDeadline,
  findByManageToken,
  isVisitBooking,
  type ManagedAppointment,
  type ManageFailure,
  type ManageOptions,
  serviceOf,
  visitPartsOf,
} from "./manage-link.server";

/**
 * claimSlot's write for a move (the customer's link, the staff's 'Move'): the appointment takes
 * the claimed technician and time, and `type`'s name, category and price when the service changes;
 * its calendar SEQUENCE goes up and its reminder is due again. Undefined when it was moved or
 * cancelled meanwhile (its sequence or status no longer the one read): nothing is written.
 */
async function writeMove(
  tx: Transaction,
  found: { id: string; sequence: number },
  to: { worker: string; startsAt: Date; endsAt: Date; type?: AppointmentTypeView },
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
      worker: to.worker,
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
 * Moves the appointment to another free time of the same service (same rules as booking, the
 * appointment's own time not counting as busy). The old time is free at once. The customer gets
 * the new time with a calendar update (same UID, higher SEQUENCE); the salon gets a notice.
 */
export async function moveByCustomer(
  db: Database,
  token: unknown,
  input: { dateIso?: unknown; worker?: unknown; startsAt?: unknown },
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
    worker: input.worker,
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
  if (isVisitBooking(parts)) return moveVisit(db, parts, request, { ...options, now });
  const type = await serviceOf(db, found);
  if (!type) return { ok: false, kind: "no-service" };
  const salon = (await readSalonFacts(db)).details;
  const preferred = requestedWorker(request.worker);
  const sameTime = request.startsAt.getTime() === found.startsAt.getTime();
  if (sameTime && (preferred === undefined || preferred === found.worker)) {
    return { ok: false, kind: "same-time" };
  }
  const claimed = await claimSlot(
    db,
    {
      type,
      dateIso: request.dateIso,
      startsAt: request.startsAt,
      worker: preferred,
      excludeId: found.id,
    },
    { ...options, now },
    async (tx, worker, endsAt) => {
      const appointment = await writeMove(
        tx,
        found,
        { worker, startsAt: request.startsAt, endsAt },
        now,
      );
      if (!appointment) return undefined;
      await enqueueCustomerEmail(tx, movedEmail(appointment, found, salon), { now });
      await enqueueEmail(tx, movedNoticeEmail(appointment, found, salon), { now });
      return appointment;
    },
  );
  if (!claimed.ok) return { ok: false, kind: "unavailable", reason: claimed.reason };
  if (!claimed.value) return { ok: false, kind: "not-found" };
  return { ok: true, appointment: claimed.value, previous: found };
}

/**
 * Moves a whole visit to another start: the same services, add-ons and technicians, side by side
 * or one after the other as the new time allows, its own appointments not counting as busy. Every
 * appointment moves or none does (each still as read); one email tells the customer.
 */
async function moveVisit(
  db: Database,
  parts: ManagedAppointment[],
  request: { dateIso: string; startsAt: Date },
  options: ManageOptions & { now: Date },
): Promise<MoveResult> {
  const lead = parts[0] as ManagedAppointment;
  const requested = itemsOfVisit(parts);
  const items = requested && (await resolveVisit(db, requested));
  if (!items) return { ok: false, kind: "no-service" };
  if (request.startsAt.getTime() === lead.startsAt.getTime())
    return { ok: false, kind: "same-time" };
  const { now } = options;
  const salon = (await readSalonFacts(db)).details;
  const claimed = await claimVisit(
    db,
    { ...request, items, excludeIds: parts.map((part) => part.id) },
    options,
    async (tx, slot) => {
      const moved: ManagedAppointment[] = [];
      for (const part of slot.parts) {
        const stored = parts[part.item] as ManagedAppointment;
        const to = {
          worker: part.worker,
          startsAt: new Date(part.startMs),
          endsAt: new Date(part.endMs),
        };
        const appointment = await writeMove(tx, stored, to, now);
        // Moved or cancelled meanwhile: nothing of the visit moves.
        if (!appointment) throw new VisitChanged();
        moved.push(appointment);
      }
      const appointment = visitAsOne(inVisitOrder(moved));
      const previous = visitAsOne(parts);
      await enqueueCustomerEmail(tx, movedEmail(appointment, previous, salon), { now });
      await enqueueEmail(tx, movedNoticeEmail(appointment, previous, salon), { now });
      return { appointment, previous };
    },
  ).catch((error: unknown) => {
    if (error instanceof VisitChanged) return undefined;
    throw error;
  });
  if (!claimed) return { ok: false, kind: "not-found" };
  if (!claimed.ok) return { ok: false, kind: "unavailable", reason: "taken" };
  return { ok: true, ...claimed.value };
}

/** Thrown inside a visit's move to roll it back: one of its appointments changed meanwhile. */
class VisitChanged extends Error {}

export type StaffMoveResult =
  | { ok: true; appointment: BookedAppointment }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | {
      ok: false;
      kind: "unavailable";
      reason: UnbookableReason | "no-such-service" | "not-their-service";
    };

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
    worker: fields.worker,
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
  const worker = requestedWorker(request.worker);
  // Said as such (a drop in her column: docs/product.md#calendar), not as a time that is taken.
  if (worker !== undefined && !type.workers.includes(worker)) {
    return { ok: false, kind: "unavailable", reason: "not-their-service" };
  }
  const now = options.now ?? new Date();
  const salon = (await readSalonFacts(db)).details;
  const claimed = await claimSlot(
    db,
    {
      type,
      dateIso: request.dateIso,
      startsAt: request.startsAt,
      worker,
      excludeId: found.id,
    },
    // A visitor's hold does not keep the front desk from a time (docs/product.md#holds).
    { ...options, now, ignoreHolds: true },
    async (tx, worker, endsAt) => {
      const appointment = await writeMove(
        tx,
        found,
        { worker, startsAt: request.startsAt, endsAt, type },
        now,
      );
      if (!appointment) return undefined;
      await enqueueCustomerEmail(tx, movedEmail(appointment, found, salon), { now });
      return appointment;
    },
  );
  if (!claimed.ok) return { ok: false, kind: "unavailable", reason: claimed.reason };
  if (!claimed.value) return { ok: false, kind: "not-found" };
  return { ok: true, appointment: claimed.value };
}
