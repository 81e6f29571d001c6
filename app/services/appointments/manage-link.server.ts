// The customer's own changes through the emailed link (/manage?token=...): see the appointment,
// move it to another free time of the same service, or cancel it, until the cut-off before the
// start (MANAGE_CUTOFF_HOURS). The rules and the no-overlap constraint are those of booking.
import { and, eq, gt, sql } from "drizzle-orm";
import { ANY_TECHNICIAN } from "../../domain/booking/booking-schema";
import { isIsoDate } from "../../domain/booking/time-zone";
import { oneService, type VisitRequestItem } from "../../domain/booking/visit-request";
import { visitAsOne } from "../booking/booked-appointment.server";
import { type BookingOptions, toBookedAppointment } from "../booking/booking.server";
import { looksLikeManageToken, openedByToken } from "../booking/manage-token.server";
import { inVisitOrder, itemsOfVisit } from "../booking/visit.server";
import { listVisitTimes } from "../booking/visit-times.server";
import type { Database } from "../db/client.server";
import { appointments } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { bookingPolicy } from "../platform/env.server";
import { type AppointmentTypeView, findAppointmentType } from "../salon/appointment-types.server";
import { readSalonFacts } from "../salon/salon-details.server";
import {
  cancellationNoticeEmail,
  type LateFeeKept,
  queueCancellationEmail,
} from "./cancellation-emails.server";

export type ManagedAppointment = ReturnType<typeof toBookedAppointment>;

export interface ManageOptions extends BookingOptions {
  /** Online changes end this long before the start (default: the MANAGE_CUTOFF_HOURS setting). */
  cutoffMs?: number;
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
      and(openedByToken(token), eq(appointments.status, "booked"), gt(appointments.endsAt, now)),
    );
  return row ? toBookedAppointment(row) : undefined;
}

/**
 * An appointment of this link that is over: cancelled, or its time has passed (the page offers
 * 'Book Again'). Undefined for an active one, a forgotten one (its link was cleared) or none.
 */
export async function findPastByManageToken(
  db: Database,
  token: unknown,
  options: ManageOptions = {},
): Promise<(ManagedAppointment & { cancelled: boolean }) | undefined> {
  if (!looksLikeManageToken(token)) return undefined;
  const now = options.now ?? new Date();
  const [row] = await db.select().from(appointments).where(openedByToken(token));
  if (!row || (row.status === "booked" && row.endsAt > now)) return undefined;
  return { ...toBookedAppointment(row), cancelled: row.status === "cancelled" };
}

/**
 * The booked appointments of the visit `found` belongs to (docs/product.md#visits), in the order
 * it was asked for; just `found` for a single appointment.
 */
export async function visitPartsOf(
  db: Database,
  found: ManagedAppointment,
): Promise<ManagedAppointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.visitId, found.visitId), eq(appointments.status, "booked")));
  return inVisitOrder(rows.map(toBookedAppointment));
}

/**
 * The appointments of the visit an over appointment belongs to, in order: those cancelled with
 * it, or those booked with it (a cancelled visit's card lists them all: issue 38).
 */
export async function partsOfPastVisit(
  db: Database,
  past: ManagedAppointment & { cancelled: boolean },
): Promise<ManagedAppointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.visitId, past.visitId),
        eq(appointments.status, past.cancelled ? "cancelled" : "booked"),
      ),
    );
  return inVisitOrder(rows.map(toBookedAppointment));
}

/**
 * What an appointment that is over asked for, for 'Book Again': its visit's services and add-ons
 * in order (`parts`: partsOfPastVisit), each with any technician. Undefined when a service no
 * longer exists.
 */
export function servicesOfPastVisit(
  parts: readonly ManagedAppointment[],
): VisitRequestItem[] | undefined {
  const items = itemsOfVisit(parts);
  return items?.map((item) => ({ ...item, technician: ANY_TECHNICIAN }));
}

/** More than one appointment, or one with add-ons: moved with the visit's own rules. */
export function isVisitBooking(parts: readonly ManagedAppointment[]): boolean {
  return parts.length > 1 || (parts[0]?.addOns.length ?? 0) > 0;
}

export type ManageFailure =
  | { ok: false; kind: "not-found" }
  /** Within the cut-off: changes by phone only. */
  | { ok: false; kind: "too-late" };

type CustomerCancelResult = { ok: true; appointment: ManagedAppointment } | ManageFailure;

/**
 * Cancels through the link: the time is free at once; both emails go through the outbox. `kept`:
 * a protected visit's deposit kept as its late fee, for her email (customer-cancel.server.ts).
 */
export async function cancelByCustomer(
  db: Database,
  token: unknown,
  options: ManageOptions & { kept?: LateFeeKept | undefined } = {},
): Promise<CustomerCancelResult> {
  const now = options.now ?? new Date();
  const found = await findByManageToken(db, token, { now });
  if (!found) return { ok: false, kind: "not-found" };
  if (now > changeDeadline(found.startsAt, options)) return { ok: false, kind: "too-late" };
  const salon = (await readSalonFacts(db)).details;
  return db.transaction(async (tx): Promise<CustomerCancelResult> => {
    // The link's appointment, the same start as read: a move that won a race in between is not
    // cancelled blind. Then the rest of its visit (docs/product.md#visits), cancelled as a whole.
    const [row] = await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: now, sequence: sql`${appointments.sequence} + 1` })
      .where(
        and(
          eq(appointments.id, found.id),
          eq(appointments.status, "booked"),
          eq(appointments.startsAt, found.startsAt),
        ),
      )
      .returning();
    if (!row) return { ok: false, kind: "not-found" };
    const others = await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: now, sequence: sql`${appointments.sequence} + 1` })
      .where(and(eq(appointments.visitId, found.visitId), eq(appointments.status, "booked")))
      .returning();
    const visit = inVisitOrder([row, ...others].map(toBookedAppointment));
    const appointment = visitAsOne(visit);
    await queueCancellationEmail(tx, visit, { salon, now, kept: options.kept });
    await enqueueEmail(tx, cancellationNoticeEmail(appointment, now, salon, "customer"), {
      now,
    });
    return { ok: true, appointment };
  });
}

/** The service the appointment was booked as, if it is still offered. */
export async function serviceOf(
  db: Database,
  appointment: ManagedAppointment,
): Promise<AppointmentTypeView | undefined> {
  return appointment.typeId ? findAppointmentType(db, appointment.typeId) : undefined;
}

/**
 * The times 'New date' lists for moving the appointment (or its whole visit, with the same
 * technicians), its own time with the same technician left out (that is no move): null without a
 * date to list.
 */
export async function listMoveTimes(
  db: Database,
  input: {
    appointment: ManagedAppointment;
    parts: readonly ManagedAppointment[];
    visitItems: VisitRequestItem[] | undefined;
    type: AppointmentTypeView;
    search: { date: string; technician: string };
  },
  now: Date,
): Promise<{ slots: { label: string; startsAt: string }[] | null; slotsError: string | null }> {
  const { appointment, parts, visitItems, type, search } = input;
  if (!isIsoDate(search.date)) return { slots: null, slotsError: null };
  // A visit keeps its technicians; one service is listed for the technician asked for.
  const items = visitItems ?? oneService(type.id, search.technician);
  const moved = new Set([appointment.id, ...parts.map((part) => part.id)]);
  const result = await listVisitTimes(
    db,
    { dateIso: search.date, items, excludeIds: [...moved] },
    { now },
  );
  if (!result.ok) return { slots: null, slotsError: result.error };
  const current = appointment.startsAt.toISOString();
  const slots = result.slots
    .filter(
      (slot) =>
        slot.startsAt !== current ||
        (search.technician !== "any" && search.technician !== appointment.technician),
    )
    .map((slot) => ({ label: slot.label, startsAt: slot.startsAt }));
  return { slots, slotsError: null };
}
