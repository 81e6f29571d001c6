// The customer's own changes through the emailed link (/manage?token=...): see the appointment,
// move it to another free time of the same service, or cancel it, until the cut-off before the
// start (MANAGE_CUTOFF_HOURS). The rules and the no-overlap constraint are those of booking.
import { and, eq, gt, sql } from "drizzle-orm";
import { business } from "../content/business";
import { BookingRequestSchema, requestedWorker } from "../domain/booking/booking-schema";
import { isSlotBookable, type UnbookableReason } from "../domain/booking/slots";
import {
  type AppointmentTypeView,
  type BookingOptions,
  busyOn,
  findAppointmentType,
  isLostRace,
} from "./bookings.server";
import { closedDaysOn } from "./closed-days.server";
import type { Database } from "./db/client.server";
import { appointments } from "./db/schema.server";
import type { BookedAppointment } from "./email/booking-emails.server";
import { cancellationEmail, cancellationNoticeEmail } from "./email/cancellation-emails.server";
import { movedEmail, movedNoticeEmail } from "./email/manage-emails.server";
import { enqueueEmail } from "./email/outbox.server";
import { bookingPolicy } from "./env.server";
import { hashManageToken, looksLikeManageToken } from "./manage-token.server";

const zone = business.timeZone;

export interface ManagedAppointment extends BookedAppointment {
  typeId: string | null;
  sequence: number;
}

export interface ManageOptions extends BookingOptions {
  /** Online changes end this long before the start (default: the MANAGE_CUTOFF_HOURS setting). */
  cutoffMs?: number;
}

function toManaged(row: typeof appointments.$inferSelect): ManagedAppointment {
  return {
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

const cutoffOf = (options: ManageOptions) => options.cutoffMs ?? bookingPolicy().manageCutoffMs;

/** The last moment the customer may change the appointment online. */
export function changeDeadline(startsAt: Date, options: ManageOptions = {}): Date {
  return new Date(startsAt.getTime() - cutoffOf(options));
}

/**
 * The booked, not yet ended appointment the token opens, or undefined: a wrong token, a
 * cancelled or past appointment all look the same (no hint of which).
 */
export async function findByManageToken(
  db: Database,
  token: unknown,
  options: ManageOptions = {},
): Promise<ManagedAppointment | undefined> {
  if (!looksLikeManageToken(token)) return undefined;
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.manageTokenHash, hashManageToken(token)),
        eq(appointments.status, "booked"),
        gt(appointments.endsAt, now),
      ),
    );
  return row ? toManaged(row) : undefined;
}

export type ManageFailure =
  | { ok: false; kind: "not-found" }
  /** Within the cut-off: changes by phone only. */
  | { ok: false; kind: "too-late" };

export type CustomerCancelResult = { ok: true; appointment: ManagedAppointment } | ManageFailure;

/** Cancels through the link: the time is free at once; both emails go through the outbox. */
export async function cancelByCustomer(
  db: Database,
  token: unknown,
  options: ManageOptions = {},
): Promise<CustomerCancelResult> {
  const now = options.now ?? new Date();
  const found = await findByManageToken(db, token, { now });
  if (!found) return { ok: false, kind: "not-found" };
  if (now > changeDeadline(found.startsAt, options)) return { ok: false, kind: "too-late" };
  return db.transaction(async (tx): Promise<CustomerCancelResult> => {
    const [row] = await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: now, sequence: sql`${appointments.sequence} + 1` })
      .where(
        and(
          eq(appointments.id, found.id),
          eq(appointments.status, "booked"),
          // The same start as read: a move that won a race in between is not cancelled blind.
          eq(appointments.startsAt, found.startsAt),
        ),
      )
      .returning();
    if (!row) return { ok: false, kind: "not-found" };
    const appointment = toManaged(row);
    await enqueueEmail(tx, cancellationEmail(appointment, now), { now });
    await enqueueEmail(tx, cancellationNoticeEmail(appointment, now, "customer"), { now });
    return { ok: true, appointment };
  });
}

export type MoveResult =
  | { ok: true; appointment: ManagedAppointment; previous: ManagedAppointment }
  | ManageFailure
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  /** The service was removed from the catalogue: it can no longer be moved online. */
  | { ok: false; kind: "no-service" }
  | { ok: false; kind: "same-time" }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason };

/** The service the appointment was booked as, if it is still offered. */
export async function serviceOf(
  db: Database,
  appointment: ManagedAppointment,
): Promise<AppointmentTypeView | undefined> {
  return appointment.typeId ? findAppointmentType(db, appointment.typeId) : undefined;
}

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
  // The booking form's own rules for date, worker and time; the person stays who they are.
  const parsed = BookingRequestSchema.safeParse({
    dateIso: input.dateIso,
    typeId: found.typeId ?? "",
    worker: input.worker,
    startsAt: input.startsAt,
    name: found.name,
    email: found.email,
    phone: found.phone ?? undefined,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    if (fieldErrors.typeId) return { ok: false, kind: "no-service" };
    return { ok: false, kind: "invalid", fieldErrors };
  }
  const request = parsed.data;
  const type = await serviceOf(db, found);
  if (!type) return { ok: false, kind: "no-service" };
  const preferred = requestedWorker(request.worker);
  const sameTime = request.startsAt.getTime() === found.startsAt.getTime();
  if (sameTime && (preferred === undefined || preferred === found.worker)) {
    return { ok: false, kind: "same-time" };
  }
  const closed = await closedDaysOn(db, request.dateIso);
  const tried = new Set<string>();
  for (;;) {
    const check = isSlotBookable({
      dateIso: request.dateIso,
      type: {
        id: type.id,
        durationMin: type.durationMin,
        daysOfWeek: type.daysOfWeek,
        startTime: type.startTime,
        endTime: type.endTime,
        workers: type.workers,
      },
      hours: business.hours,
      ...closed,
      busy: await busyOn(db, request.dateIso, type.workers, found.id),
      now,
      zone,
      settings: options.settings,
      worker: preferred,
      startsAt: request.startsAt,
    });
    if (!check.ok) return { ok: false, kind: "unavailable", reason: check.reason };
    if (tried.has(check.worker)) return { ok: false, kind: "unavailable", reason: "taken" };
    tried.add(check.worker);
    const endsAt = new Date(request.startsAt.getTime() + type.durationMin * 60_000);
    try {
      const moved = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`appointments:${check.worker}`}))`,
        );
        const [row] = await tx
          .update(appointments)
          .set({
            worker: check.worker,
            startsAt: request.startsAt,
            endsAt,
            sequence: sql`${appointments.sequence} + 1`,
            rescheduledAt: now,
            // A reminder belongs to a time: the new one gets its own.
            reminderQueuedAt: null,
          })
          .where(
            and(
              eq(appointments.id, found.id),
              eq(appointments.status, "booked"),
              eq(appointments.startsAt, found.startsAt),
            ),
          )
          .returning();
        if (!row) return undefined;
        const appointment = toManaged(row);
        await enqueueEmail(tx, movedEmail(appointment, found), { now });
        await enqueueEmail(tx, movedNoticeEmail(appointment, found), { now });
        return appointment;
      });
      if (!moved) return { ok: false, kind: "not-found" };
      return { ok: true, appointment: moved, previous: found };
    } catch (error) {
      if (!isLostRace(error)) throw error;
      if (preferred !== undefined) return { ok: false, kind: "unavailable", reason: "taken" };
    }
  }
}
