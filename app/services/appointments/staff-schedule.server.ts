// The day's appointments for staff, and cancelling one (spec "Schedule admin"). Times are the
// salon's wall clock (docs/product.md#salon-time), whatever the server's or the staff member's zone.
import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import {
  addDaysIso,
  formatSlotLabel,
  isIsoDate,
  SALON_TIME_ZONE,
  zonedDateTime,
} from "../../domain/booking/time-zone";
import { formatPhone } from "../../domain/phone";
import { isUuid } from "../../domain/uuid";
import type { BookedAppointment } from "../booking/booked-appointment.server";
import { toBookedAppointment } from "../booking/booking.server";
import { visitPaymentLabels } from "../booking/desk-payment.server";
import type { Database } from "../db/client.server";
import { appointments, type VisitStatus } from "../db/schema.server";
import { enqueueEmail } from "../email/outbox.server";
import { readSalonFacts } from "../salon/salon-details.server";
import { cancellationNoticeEmail, queueCancellationEmail } from "./cancellation-emails.server";

const zone = SALON_TIME_ZONE;

export interface StaffAppointmentView extends BookedAppointment {
  /** The visit it is part of: a visit's services share it (docs/product.md#visits). */
  visitId: string;
  /** The service booked, while it exists. */
  typeId: string | null;
  /** The phone as given, or the spec's 'No Phone'. */
  phoneLabel: string;
  /** "10:00 AM" on the salon's clock. */
  startLabel: string;
  /** Arrived, completed or no-show, once staff mark it. */
  visitStatus: VisitStatus | null;
  /** An online booking the customer has yet to confirm (docs/product.md#pending-bookings). */
  pending: boolean;
  /**
   * A protected visit's payment (docs/payments.md#booking): "Deposit $25.00 paid", "Card on
   * file", or "Awaiting payment" while Checkout is open; null for every other.
   */
  payment: string | null;
  /** The deposit paid at booking that the salon holds: it counts toward the amount charged. */
  depositCents: number | null;
  /** Its booked price, and what a completed visit was charged and tipped (null before). */
  priceCents: number;
  chargedCents: number | null;
  tipCents: number | null;
}

function toView(row: typeof appointments.$inferSelect): StaffAppointmentView {
  return {
    ...toBookedAppointment(row),
    visitId: row.visitId,
    phoneLabel: row.phone ? formatPhone(row.phone) : "No Phone",
    startLabel: formatSlotLabel(row.startsAt, zone),
    visitStatus: row.visitStatus,
    pending: row.pendingUntil !== null,
    payment: null,
    depositCents: null,
    priceCents: row.priceCents,
    chargedCents: row.chargedCents,
    tipCents: row.tipCents,
  };
}

/**
 * The booked appointments starting on a salon date, in start order (then by technician). Cancelled
 * ones are not listed: they no longer hold a time. Appointments of a removed type keep the type
 * name they were booked with.
 */
export async function listAppointmentsOn(
  db: Database,
  dateIso: string,
): Promise<StaffAppointmentView[]> {
  if (!isIsoDate(dateIso)) return [];
  return listAppointmentsBetween(db, dateIso, addDaysIso(dateIso, 1));
}

/**
 * The booked appointments starting from salon date `fromIso` up to (not including) `toIso`, in
 * start order; only one technician's when `technician` is given (her week in the calendar).
 */
export async function listAppointmentsBetween(
  db: Database,
  fromIso: string,
  toIso: string,
  technician?: string,
): Promise<StaffAppointmentView[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "booked"),
        gte(appointments.startsAt, zonedDateTime(fromIso, "00:00", zone)),
        lt(appointments.startsAt, zonedDateTime(toIso, "00:00", zone)),
        technician === undefined ? undefined : eq(appointments.technician, technician),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.technician), asc(appointments.name));
  const payments = await visitPaymentLabels(db, [...new Set(rows.map((row) => row.visitId))]);
  return rows.map((row) => {
    const payment = payments.get(row.visitId);
    return {
      ...toView(row),
      payment: payment?.label ?? null,
      depositCents: payment?.depositCents ?? null,
    };
  });
}

type CancelResult =
  | { ok: true; appointment: StaffAppointmentView }
  | { ok: false; kind: "not-found" }
  /** Already cancelled, or it has started: nothing to free. */
  | { ok: false; kind: "not-cancellable" };

/**
 * Cancels an upcoming booked appointment. Its time is free at once: the no-overlap constraint and
 * the slot list only count booked appointments. The customer's cancellation email (with a
 * cancelled calendar file) and the salon's notice are queued in the same transaction.
 */
export async function cancelAppointment(
  db: Database,
  id: unknown,
  options: { now?: Date; cancelledBy?: string } = {},
): Promise<CancelResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const now = options.now ?? new Date();
  const salon = (await readSalonFacts(db)).details;
  return db.transaction(async (tx): Promise<CancelResult> => {
    const [row] = await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: now, sequence: sql`${appointments.sequence} + 1` })
      .where(
        and(
          eq(appointments.id, id),
          eq(appointments.status, "booked"),
          gt(appointments.startsAt, now),
        ),
      )
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, id));
      return { ok: false, kind: existing ? "not-cancellable" : "not-found" };
    }
    const appointment = toView(row);
    await queueCancellationEmail(tx, [appointment], { salon, now });
    await enqueueEmail(
      tx,
      cancellationNoticeEmail(
        appointment,
        now,
        salon,
        options.cancelledBy ? { staff: options.cancelledBy } : undefined,
      ),
      { now },
    );
    return { ok: true, appointment };
  });
}
