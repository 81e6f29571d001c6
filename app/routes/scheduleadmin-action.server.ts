// /scheduleadmin's action: every change staff make on the page, by its intent, recorded in the
// staff's activity log. The answers are JSON (ScheduleAdminActionResult) the page's forms show as
// overlays and field errors.
import { data } from "react-router";
import {
  SCHEDULE_ADMIN_INTENTS,
  type ScheduleAdminActionResult,
  type ScheduleAdminIntent,
} from "~/components/schedule-admin/schedule-admin-types";
import { business } from "~/content/business";
import { formatDateString, formatSlotLabel, salonDateOf } from "~/domain/booking/time-zone";
import {
  editAppointmentCustomer,
  markVisit,
  moveAppointmentByStaff,
} from "~/services/appointments/staff-appointments.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { bookingInputFromForm } from "~/services/booking/booking-action.server";
import type { Database } from "~/services/db/client.server";
import type { VisitStatus } from "~/services/db/schema.server";
import { formFields, readForm } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import {
  createAppointmentType,
  duplicateAppointmentType,
  readAppointmentTypeForm,
  removeAppointmentType,
  type TypeMutationResult,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { addClosedDay, listWorkers, removeClosedDay } from "~/services/salon/closed-days.server";
import { updateServiceCategory } from "~/services/salon/menu.server";
import { type TeamIntent, teamAction } from "~/services/salon/team.server";
import type { StaffUser } from "~/services/staff/auth.server";
import { staffContext } from "~/services/staff/session.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/scheduleadmin";

const answer = (result: ScheduleAdminActionResult, status = 200) => data(result, status);

/** A change made: what the page is told, and what the staff's activity log says of it. */
interface Done {
  ok: true;
  id: string;
  /** For a booking or a move: its salon date, which the list then shows. */
  dateIso?: string;
  did: string;
  /** Emails were queued: the sender is woken once the change is committed. */
  emails?: true;
}

interface Refusal {
  ok: false;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
}

const invalid = (fieldErrors: Record<string, string>): Refusal => ({
  ok: false,
  status: 400,
  message: "Please check the marked fields.",
  fieldErrors,
});
const refusal = (
  status: number,
  message: string,
  fieldErrors?: Record<string, string>,
): Refusal => ({ ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) });

/** "Thursday, November 26 2026, 10:00 AM with Mara". */
const when = (startsAt: Date, worker?: string) =>
  `${formatDateString(startsAt, business.timeZone)}, ${formatSlotLabel(startsAt, business.timeZone)}${worker ? ` with ${worker}` : ""}`;

function typeOutcome(result: TypeMutationResult, did: (name: string) => string): Done | Refusal {
  if (result.ok) return { ok: true, id: result.type.id, did: did(result.type.type) };
  if (result.kind === "invalid") return invalid(result.fieldErrors);
  return refusal(404, "That appointment type no longer exists.");
}

/**
 * Every change staff make on the page, by its intent. Each runs with its record in the staff's
 * activity log in one transaction (the services' own transactions nest in it): no change without
 * its record, no record without its change.
 */
export async function scheduleAdminAction({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const intent = form?.get("intent");
  if (!form || !SCHEDULE_ADMIN_INTENTS.includes(intent as ScheduleAdminIntent)) {
    return answer({ ok: false, intent: null, message: "The form could not be read." }, 400);
  }
  const known = intent as ScheduleAdminIntent;
  try {
    const outcome = await context.db.transaction(async (tx) => {
      const outcome = await perform(tx, known, form, { user, siteUrl: context.siteUrl });
      if (outcome.ok) await recordStaffAction(tx, user, outcome.did);
      return outcome;
    });
    if (!outcome.ok) {
      // Spec section 8: a failure is logged; expected ones as a warning, without customer data.
      log.warn(
        { intent: known, status: outcome.status, fields: Object.keys(outcome.fieldErrors ?? {}) },
        `Schedule admin: ${outcome.message}`,
      );
      const { message, fieldErrors } = outcome;
      return answer(
        { ok: false, intent: known, message, ...(fieldErrors ? { fieldErrors } : {}) },
        outcome.status,
      );
    }
    if (outcome.emails) context.kickEmail();
    const { id, dateIso } = outcome;
    return answer({ ok: true, intent: known, id, ...(dateIso ? { dateIso } : {}) });
  } catch (error) {
    log.error({ err: error, intent: known }, "Schedule admin action failed");
    return answer({ ok: false, intent: known, message: "Something went wrong." }, 500);
  }
}

async function perform(
  db: Database,
  intent: ScheduleAdminIntent,
  form: FormData,
  by: { user: StaffUser; siteUrl: string },
): Promise<Done | Refusal> {
  const fields = formFields(form);
  switch (intent) {
    case "create":
      return typeOutcome(
        await createAppointmentType(db, readAppointmentTypeForm(form)),
        (name) => `Created the service ${name}`,
      );
    case "update":
      return typeOutcome(
        await updateAppointmentType(db, fields.id, readAppointmentTypeForm(form)),
        (name) => `Updated the service ${name}`,
      );
    case "duplicate":
      return typeOutcome(
        await duplicateAppointmentType(db, fields.id),
        (name) => `Duplicated a service as ${name}`,
      );
    case "remove": {
      const result = await removeAppointmentType(db, fields.id);
      if (result.ok) return { ok: true, id: result.id, did: `Removed the service ${result.name}` };
      return refusal(404, "That appointment type no longer exists.");
    }
    case "cancel": {
      const result = await cancelAppointment(db, fields.id, { cancelledBy: by.user.email });
      if (result.ok) {
        const { id, name, startsAt, worker } = result.appointment;
        const did = `Cancelled ${name}'s appointment of ${when(startsAt, worker)}`;
        return { ok: true, id, did, emails: true };
      }
      return result.kind === "not-found"
        ? refusal(404, "That appointment no longer exists.")
        : refusal(409, "That appointment was already cancelled or has started.");
    }
    case "close-day": {
      const today = salonDateOf(new Date(), business.timeZone);
      const result = await addClosedDay(
        db,
        { date: fields.date, worker: fields.worker, note: fields.note },
        { today, workers: await listWorkers(db) },
      );
      if (result.ok) {
        const { id, dateIso, worker } = result.day;
        const did = worker ? `Gave ${worker} ${dateIso} off` : `Closed the salon on ${dateIso}`;
        return { ok: true, id, did };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      return refusal(409, "That day is already closed.", { date: "That day is already closed." });
    }
    case "open-day": {
      const opened = await removeClosedDay(db, fields.id);
      if (!opened) return refusal(404, "That closed day no longer exists.");
      const did = opened.worker
        ? `Ended ${opened.worker}'s day off on ${opened.dateIso}`
        : `Opened the salon again on ${opened.dateIso}`;
      return { ok: true, id: String(fields.id), did };
    }
    case "move": {
      const result = await moveAppointmentByStaff(db, fields.id, fields);
      if (result.ok) {
        const { id, name, startsAt, worker } = result.appointment;
        const dateIso = salonDateOf(startsAt, business.timeZone);
        const did = `Moved ${name}'s appointment to ${when(startsAt, worker)}`;
        return { ok: true, id, dateIso, did, emails: true };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      if (result.kind === "not-found") return refusal(404, "That appointment is no longer booked.");
      return refusal(409, `That time is not available (${result.reason}).`);
    }
    case "edit-customer": {
      const result = await editAppointmentCustomer(db, fields.id, fields);
      if (result.ok) {
        const did = `Edited the customer of an appointment: now ${fields.name}`;
        return { ok: true, id: String(fields.id), did };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      return refusal(404, "That appointment no longer exists.");
    }
    case "visit": {
      const result = await markVisit(db, fields.id, fields.status);
      if (!result.ok) {
        return refusal(result.kind === "invalid" ? 400 : 404, "That could not be marked.");
      }
      const mark = result.status ? VISIT_MARKS[result.status] : "unmarked";
      const did = `Marked ${result.name}'s visit of ${when(result.startsAt)} ${mark}`;
      return { ok: true, id: String(fields.id), did };
    }
    case "update-category": {
      const result = await updateServiceCategory(db, fields.id, fields);
      if (result.ok) {
        return { ok: true, id: String(fields.id), did: `Updated the category ${result.name}` };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      return refusal(404, "That category no longer exists.");
    }
    case "add-technician":
    case "update-technician":
    case "deactivate-technician":
    case "reactivate-technician": {
      const result = await teamAction(db, intent, form);
      if (result.ok) return { ok: true, id: result.id, did: TEAM_DONE[intent](result.name) };
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      if (result.kind === "conflict") return refusal(409, result.message);
      return refusal(404, "That technician no longer exists.");
    }
    case "book": {
      // A customer who phoned: the same rules, the same constraint as online booking.
      // A visitor's hold does not keep the front desk from a time (docs/product.md#holds).
      const result = await bookAppointment(db, bookingInputFromForm(form), {
        siteUrl: by.siteUrl,
        ignoreHolds: true,
      });
      if (result.ok) {
        const { id, name, startsAt, worker } = result.appointment;
        const dateIso = salonDateOf(startsAt, business.timeZone);
        const did = `Booked ${name} by phone for ${when(startsAt, worker)}`;
        return { ok: true, id, dateIso, did, emails: true };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      // Staff book without the customer limit (not `online`): only the time can refuse.
      const why = result.kind === "unavailable" ? result.reason : result.kind;
      return refusal(409, `That time is not available (${why}).`);
    }
  }
}

const TEAM_DONE: Record<TeamIntent, (name: string) => string> = {
  "add-technician": (name) => `Added the technician ${name}`,
  "update-technician": (name) => `Updated the technician ${name}`,
  "deactivate-technician": (name) => `Deactivated the technician ${name}`,
  "reactivate-technician": (name) => `Reactivated the technician ${name}`,
};

const VISIT_MARKS: Record<VisitStatus, string> = {
  arrived: "arrived",
  completed: "completed",
  no_show: "no-show",
};
