// The staff's daily work on one appointment (docs/product.md#front-desk): move it (date, time,
// worker and service, under the rules and constraint of online booking), correct the customer's
// details, and mark what happened (arrived, completed, no-show).
import { and, eq } from "drizzle-orm";
import { BookingRequestSchema, requestedWorker } from "../../domain/booking/booking-schema";
import type { UnbookableReason } from "../../domain/booking/slots";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf, z } from "../../domain/zod";
import { claimSlot, writeMove } from "../booking/booking.server";
import type { BookedAppointment } from "../booking/booking-emails.server";
import type { ListingOptions } from "../booking/slot-listing.server";
import type { Database } from "../db/client.server";
import { appointments, VISIT_STATUSES, type VisitStatus } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import type { FormFields } from "../platform/form.server";
import { findAppointmentType } from "../salon/appointment-types.server";
import { movedEmail } from "./manage-emails.server";

export type StaffMoveResult =
  | { ok: true; appointment: BookedAppointment }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason | "no-such-service" };

/**
 * Moves a booked appointment to another date, time, worker or service, as a booking would take
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
  // The booking form's own rules for date, service, worker and time; the person stays who they are.
  const parsed = BookingRequestSchema.safeParse({
    dateIso: fields.date,
    typeId: fields.service,
    worker: fields.worker,
    startsAt: fields.slot,
    name: found.name,
    email: found.email,
    phone: found.phone ?? undefined,
  });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const request = parsed.data;
  const type = await findAppointmentType(db, request.typeId);
  if (!type) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const now = options.now ?? new Date();
  const claimed = await claimSlot(
    db,
    {
      type,
      dateIso: request.dateIso,
      startsAt: request.startsAt,
      worker: requestedWorker(request.worker),
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
      await enqueueEmail(tx, movedEmail(appointment, found), { now });
      return appointment;
    },
  );
  if (!claimed.ok) return { ok: false, kind: "unavailable", reason: claimed.reason };
  if (!claimed.value) return { ok: false, kind: "not-found" };
  return { ok: true, appointment: claimed.value };
}

const CustomerSchema = BookingRequestSchema.pick({ name: true, email: true, phone: true });

export type CustomerEditResult =
  | { ok: true }
  | { ok: false; kind: "not-found" }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> };

/** Corrects the customer's name, email and phone on one appointment (the booking's own rules). */
export async function editAppointmentCustomer(
  db: Database,
  id: string | undefined,
  fields: FormFields,
): Promise<CustomerEditResult> {
  const parsed = CustomerSchema.safeParse({
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
  });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .update(appointments)
    .set({ ...parsed.data, phone: parsed.data.phone ?? null })
    .where(eq(appointments.id, id))
    .returning({ id: appointments.id });
  return row ? { ok: true } : { ok: false, kind: "not-found" };
}

const VisitStatusSchema = z.enum(VISIT_STATUSES);

/**
 * Marks what happened at a booked appointment: arrived, completed or no-show; `clear` undoes it.
 * The list offers it from the appointment's day on.
 */
export async function markVisit(
  db: Database,
  id: string | undefined,
  status: string | undefined,
  options: { now?: Date } = {},
): Promise<
  | { ok: true; status: VisitStatus | null; name: string; startsAt: Date }
  | { ok: false; kind: "not-found" | "invalid" }
> {
  const parsed = status === "clear" ? null : VisitStatusSchema.safeParse(status);
  if (parsed && !parsed.success) return { ok: false, kind: "invalid" };
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const now = options.now ?? new Date();
  const visitStatus = parsed ? parsed.data : null;
  const [row] = await db
    .update(appointments)
    .set({ visitStatus, visitMarkedAt: visitStatus ? now : null })
    .where(and(eq(appointments.id, id), eq(appointments.status, "booked")))
    .returning({ name: appointments.name, startsAt: appointments.startsAt });
  return row ? { ok: true, status: visitStatus, ...row } : { ok: false, kind: "not-found" };
}
