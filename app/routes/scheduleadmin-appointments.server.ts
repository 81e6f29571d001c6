// /scheduleadmin's changes to one appointment (docs/product.md#front-desk): cancel, move, correct
// the customer, mark the visit, book a customer who phoned. The page's action
// (scheduleadmin.server.ts) records each in the staff's activity log; here is what changed, or
// why nothing did.
import type { ScheduleAdminIntent } from "~/components/schedule-admin/schedule-admin-types";
import { STAFF_BOOKING_SETTINGS } from "~/domain/booking/booking-settings";
import { DeskBookingFormSchema, EMAIL_OR_PHONE } from "~/domain/booking/desk-booking-schema";
import {
  formatDateString,
  formatSlotLabel,
  SALON_TIME_ZONE,
  salonDateOf,
} from "~/domain/booking/time-zone";
import { isVisit, visitItemsOf } from "~/domain/booking/visit-request";
import { formatCents } from "~/domain/money";
import { readPhoneField } from "~/domain/phone";
import { moveAppointmentByStaff } from "~/services/appointments/move.server";
import { bookRefusal, moveRefusal } from "~/services/appointments/move-refusal.server";
import {
  editAppointmentCustomer,
  markVisit,
} from "~/services/appointments/staff-appointments.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { recordPayment } from "~/services/appointments/visit-payment.server";
import type { BookedAppointment } from "~/services/booking/booked-appointment.server";
import { bookVisitRequest } from "~/services/booking/booking.server";
import type { Database } from "~/services/db/client.server";
import type { StaffUser, VisitStatus } from "~/services/db/schema.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { type Done, invalid, type Refusal, refusal } from "./scheduleadmin-change.server";
import { completeVisitOf } from "./scheduleadmin-complete-visit.server";
import { refundAfterCancel } from "./scheduleadmin-fees.server";
import { walkIn } from "./scheduleadmin-walk-in.server";

export const APPOINTMENT_INTENTS = [
  "cancel",
  "move",
  "edit-customer",
  "visit",
  "payment",
  "book",
  "walk-in",
  "complete-visit",
] as const;
export type AppointmentIntent = (typeof APPOINTMENT_INTENTS)[number];

export const isAppointmentIntent = (intent: ScheduleAdminIntent): intent is AppointmentIntent =>
  (APPOINTMENT_INTENTS as readonly string[]).includes(intent);

/**
 * The appointment dialogs' fields, as the services take them: they check them after finding the
 * appointment (a gone one answers 404 whatever was typed). 'Add Appointment' has its own schema.
 */
const AppointmentForm = textFields(
  "id",
  "date",
  "service",
  "technician",
  "slot",
  "name",
  "email",
  "phone",
  "status",
  "charged",
  "tip",
);

/** "Thursday, November 26 2026, 10:00 AM with Mara". */
const when = (startsAt: Date, technician?: string) =>
  `${formatDateString(startsAt, SALON_TIME_ZONE)}, ${formatSlotLabel(startsAt, SALON_TIME_ZONE)}${technician ? ` with ${technician}` : ""}`;

const VISIT_MARKS: Record<VisitStatus, string> = {
  arrived: "arrived",
  completed: "completed",
  no_show: "no-show",
};

/** The marks as the page names them ("Marked Dora Lee Arrived": issue 38 names the customer). */
const VISIT_SAID: Record<VisitStatus, string> = {
  arrived: "Arrived",
  completed: "Completed",
  no_show: "No-show",
};

export async function performOnAppointment(
  db: Database,
  intent: AppointmentIntent,
  form: FormData,
  by: { user: StaffUser; siteUrl: string },
): Promise<Done | Refusal> {
  if (intent === "book") return book(db, form, by.siteUrl);
  if (intent === "walk-in") return walkIn(db, form, by.siteUrl);
  if (intent === "complete-visit") return completeVisitOf(db, form);
  const read = parseForm(form, AppointmentForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const fields = read.data;
  switch (intent) {
    case "cancel": {
      const result = await cancelAppointment(db, fields.id, { cancelledBy: by.user.email });
      if (result.ok) {
        const { id, name, startsAt, technician, visitId } = result.appointment;
        const did = `Cancelled ${name}'s appointment of ${when(startsAt, technician)}`;
        const said = `Cancelled ${name}'s ${formatSlotLabel(startsAt, SALON_TIME_ZONE)} appointment.`;
        // A protected visit's deposit is refunded once committed (docs/payments.md#salon-cancels).
        const after = refundAfterCancel(visitId, by.user, { name, startsAt });
        return { ok: true, id, did, said, emails: true, after };
      }
      return result.kind === "not-found"
        ? refusal(404, "That appointment no longer exists.")
        : refusal(409, "That appointment was already cancelled or has started.");
    }
    case "move": {
      const result = await moveAppointmentByStaff(db, fields.id, fields);
      if (result.ok) {
        const { id, name, startsAt, technician } = result.appointment;
        const dateIso = salonDateOf(startsAt, SALON_TIME_ZONE);
        const did = `Moved ${name}'s appointment to ${when(startsAt, technician)}`;
        const said = `Moved ${name} to ${formatSlotLabel(startsAt, SALON_TIME_ZONE)} with ${technician}.`;
        return { ok: true, id, dateIso, did, said, emails: true };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      if (result.kind === "not-found") return refusal(404, "That appointment is no longer booked.");
      return refusal(409, moveRefusal(result.reason, fields.technician));
    }
    case "edit-customer": {
      const result = await editAppointmentCustomer(db, fields.id, fields);
      if (result.ok) {
        const did = `Edited the customer of an appointment: now ${fields.name}`;
        return { ok: true, id: String(fields.id), did, said: `Saved ${fields.name}'s details.` };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      return refusal(404, "That appointment no longer exists.");
    }
    case "visit":
    case "payment":
      return markOrPay(db, intent, fields);
  }
}

/**
 * What happened at the visit; 'Completed' with what was charged and tipped, and a correction of
 * those ('payment'): docs/product.md#prices-and-payments.
 */
async function markOrPay(
  db: Database,
  intent: "visit" | "payment",
  fields: {
    id?: string | undefined;
    status?: string | undefined;
    charged?: string | undefined;
    tip?: string | undefined;
  },
): Promise<Done | Refusal> {
  if (intent === "payment" || (fields.status === "completed" && fields.charged !== undefined)) {
    const mode = intent === "payment" ? "correct" : "complete";
    const result = await recordPayment(db, fields.id, fields, { mode });
    if (!result.ok) {
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      return refusal(404, "That appointment is no longer booked or completed.");
    }
    const paid = `charged ${formatCents(result.chargedCents)}, tip ${formatCents(result.tipCents)}`;
    const visit = `${result.name}'s visit of ${when(result.startsAt)}`;
    return mode === "complete"
      ? {
          ok: true,
          id: String(fields.id),
          did: `Marked ${visit} completed: ${paid}`,
          said: `Marked ${result.name} Completed`,
        }
      : {
          ok: true,
          id: String(fields.id),
          did: `Corrected ${visit}: ${paid}`,
          said: `Saved ${result.name}'s amounts.`,
        };
  }
  const result = await markVisit(db, fields.id, fields.status);
  if (!result.ok) {
    if (result.kind === "not-started") {
      return refusal(409, "No-show can be marked only once the appointment has started.");
    }
    return refusal(result.kind === "invalid" ? 400 : 404, "That could not be marked.");
  }
  const mark = result.status ? VISIT_MARKS[result.status] : "unmarked";
  const did = `Marked ${result.name}'s visit of ${when(result.startsAt)} ${mark}`;
  const said = result.status
    ? `Marked ${result.name} ${VISIT_SAID[result.status]}`
    : `Cleared ${result.name}'s mark.`;
  return { ok: true, id: String(fields.id), did, said };
}

/**
 * A customer who phoned: the booking form's rules (an email or a phone is enough), the same
 * constraint as online booking; one booking for one service or a visit of several services and
 * add-ons (docs/product.md#visits). A visitor's hold does not keep the front desk from a time
 * (docs/product.md#holds).
 */
async function book(db: Database, form: FormData, siteUrl: string): Promise<Done | Refusal> {
  const items = visitItemsOf(form);
  const booking = parseForm(form, DeskBookingFormSchema);
  // The phone is stored in one form, E.164 (docs/product.md#phone-numbers).
  const phone = readPhoneField(booking.ok ? booking.data.phone : fieldOf(form, "phone"));
  if (!booking.ok || !phone.ok) {
    const errors = booking.ok ? {} : booking.fieldErrors;
    return invalid(phone.ok ? errors : { ...errors, phone: phone.message });
  }
  const { dateIso, startsAt, name, email, technician, locale } = booking.data;
  // Either is enough: a caller may have no email (the customer's emails are skipped then).
  if (!email && !phone.phone) return invalid({ contact: EMAIL_OR_PHONE });
  const request = { dateIso, startsAt, name, email, phone: phone.phone, items, locale };
  // No online notice at the desk: from the current 5 minutes on (docs/product.md#walk-ins).
  const options = { siteUrl, ignoreHolds: true, settings: STAFF_BOOKING_SETTINGS };
  const result = await bookVisitRequest(db, request, options);
  // Words only, the booking is one: a visit of several services or add-ons is said as such.
  const several = isVisit(items);
  if (result.ok) return bookedDone(result, several);
  if (result.kind === "invalid") return invalid(result.fieldErrors);
  // Staff book without the customer limits (not `online`): only the time can refuse.
  if (result.kind === "unavailable") {
    return refusal(409, bookRefusal(result.reason, technician, several));
  }
  return refusal(409, "That time is not available.");
}

/**
 * A booking as the page and the activity log say it: a visit of several services or add-ons names
 * each service with its technician.
 */
function bookedDone(
  booked: { appointment: BookedAppointment; visit?: BookedAppointment[] },
  several: boolean,
): Done {
  const { id, name, startsAt, technician } = booked.appointment;
  const dateIso = salonDateOf(startsAt, SALON_TIME_ZONE);
  const services = several
    ? booked.visit?.map((part) => `${part.typeName} with ${part.technician}`)
    : undefined;
  const did = services
    ? `Booked ${name} by phone for ${when(startsAt)}: ${services.join(", ")}`
    : `Booked ${name} by phone for ${when(startsAt, technician)}`;
  const at = formatSlotLabel(startsAt, SALON_TIME_ZONE);
  const said = services
    ? `Booked ${name} at ${at}: ${services.join(", ")}.`
    : `Booked ${name} at ${at} with ${technician}.`;
  return { ok: true, id, dateIso, did, said, emails: true };
}

/** A form's text field as posted, for a check made beside the schema's. */
function fieldOf(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}
