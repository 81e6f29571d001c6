// The staff's daily work on one appointment (docs/product.md#front-desk): move it (date, time,
// technician and service, under the rules and constraint of online booking), correct the customer's
// details, and mark what happened (arrived, completed, no-show).
import { and, eq, lte, sql } from "drizzle-orm";
import { DeskBookingRequestSchema, EMAIL_OR_PHONE } from "../../domain/booking/desk-booking-schema";
import { readPhoneField } from "../../domain/phone";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf, z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { appointments, VISIT_STATUSES, type VisitStatus } from "../db/schema.server";
import type { FormFields } from "../platform/form.server";

// The front desk's rules: an email or a phone is enough (docs/product.md#front-desk).
const CustomerSchema = DeskBookingRequestSchema.pick({ name: true, email: true, phone: true });

type CustomerEditResult =
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
  // The phone is stored in one form, E.164 (docs/product.md#phone-numbers).
  const phone = readPhoneField(fields.phone);
  if (!parsed.success || !phone.ok) {
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    const fieldErrors = phone.ok ? errors : { ...errors, phone: phone.message };
    return { ok: false, kind: "invalid", fieldErrors };
  }
  if (!parsed.data.email && !phone.phone) {
    return { ok: false, kind: "invalid", fieldErrors: { email: EMAIL_OR_PHONE } };
  }
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .update(appointments)
    .set({ name: parsed.data.name, email: parsed.data.email ?? null, phone: phone.phone ?? null })
    .where(eq(appointments.id, id))
    .returning({ id: appointments.id });
  return row ? { ok: true } : { ok: false, kind: "not-found" };
}

const VisitStatusSchema = z.enum(VISIT_STATUSES);

type MarkVisitResult =
  | { ok: true; status: VisitStatus | null; name: string; startsAt: Date }
  /** 'No-show' before the appointment's start (docs/product.md#calendar): nothing is saved. */
  | { ok: false; kind: "not-found" | "invalid" | "not-started" };

/**
 * Marks what happened at a booked appointment: arrived, completed or no-show; `clear` undoes it.
 * The list offers it from the appointment's day on; a no-show only from its start, here too: the
 * start is checked in the same statement as the write, so a move meanwhile cannot slip past it.
 */
export async function markVisit(
  db: Database,
  id: string | undefined,
  status: string | undefined,
  options: { now?: Date } = {},
): Promise<MarkVisitResult> {
  const parsed = status === "clear" ? null : VisitStatusSchema.safeParse(status);
  if (parsed && !parsed.success) return { ok: false, kind: "invalid" };
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const now = options.now ?? new Date();
  const visitStatus = parsed ? parsed.data : null;
  const booked = and(eq(appointments.id, id), eq(appointments.status, "booked"));
  const [row] = await db
    .update(appointments)
    .set({
      visitStatus,
      visitMarkedAt: visitStatus ? now : null,
      // Paid amounts belong to a completed visit (visit-payment.server.ts): marked without them
      // (no script), it was charged its booked price; any other mark has none.
      chargedCents:
        visitStatus === "completed"
          ? sql`coalesce(${appointments.chargedCents}, ${appointments.priceCents})`
          : null,
      tipCents: visitStatus === "completed" ? sql`coalesce(${appointments.tipCents}, 0)` : null,
    })
    .where(visitStatus === "no_show" ? and(booked, lte(appointments.startsAt, now)) : booked)
    .returning({ name: appointments.name, startsAt: appointments.startsAt });
  if (row) return { ok: true, status: visitStatus, ...row };
  if (visitStatus !== "no_show") return { ok: false, kind: "not-found" };
  const [found] = await db.select({ id: appointments.id }).from(appointments).where(booked);
  return { ok: false, kind: found ? "not-started" : "not-found" };
}
