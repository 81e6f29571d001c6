// /scheduleadmin's action: every change staff make on the page, by its intent. The answers are
// JSON (ScheduleAdminActionResult) the page's forms show as overlays and field errors.
import { data } from "react-router";
import {
  SCHEDULE_ADMIN_INTENTS,
  type ScheduleAdminActionResult,
  type ScheduleAdminIntent,
} from "~/components/schedule-admin/schedule-admin-types";
import { business } from "~/content/business";
import { salonDateOf } from "~/domain/booking/time-zone";
import {
  createAppointmentType,
  duplicateAppointmentType,
  readAppointmentTypeForm,
  removeAppointmentType,
  type TypeMutationResult,
  updateAppointmentType,
} from "~/services/appointment-types.server";
import { bookingInputFromForm } from "~/services/booking-action.server";
import { bookAppointment } from "~/services/bookings/booking.server";
import { addClosedDay, listWorkers, removeClosedDay } from "~/services/closed-days.server";
import { formFields, readForm } from "~/services/form.server";
import { log } from "~/services/logger.server";
import { updateServiceCategory } from "~/services/menu.server";
import { staffContext } from "~/services/session.server";
import {
  editAppointmentCustomer,
  markVisit,
  moveAppointmentByStaff,
} from "~/services/staff-appointments.server";
import { cancelAppointment } from "~/services/staff-schedule.server";
import { teamAction } from "~/services/team.server";
import type { Route } from "./+types/scheduleadmin";

const answer = (result: ScheduleAdminActionResult, status = 200) => data(result, status);

function refused(
  intent: ScheduleAdminIntent,
  status: number,
  message: string,
  fieldErrors?: Record<string, string>,
) {
  // Spec section 8: a failure is logged; expected ones as a warning, without customer data.
  log.warn(
    { intent, status, fields: Object.keys(fieldErrors ?? {}) },
    `Schedule admin: ${message}`,
  );
  return answer({ ok: false, intent, message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

function typeAnswer(intent: ScheduleAdminIntent, result: TypeMutationResult) {
  if (result.ok) return answer({ ok: true, intent, id: result.type.id });
  if (result.kind === "invalid") {
    return refused(intent, 400, "Please check the marked fields.", result.fieldErrors);
  }
  return refused(intent, 404, "That appointment type no longer exists.");
}

export async function scheduleAdminAction({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const intent = form?.get("intent");
  if (!form || !SCHEDULE_ADMIN_INTENTS.includes(intent as ScheduleAdminIntent)) {
    return answer({ ok: false, intent: null, message: "The form could not be read." }, 400);
  }
  const known = intent as ScheduleAdminIntent;
  const { db } = context;
  const fields = formFields(form);
  try {
    switch (known) {
      case "create":
        return typeAnswer(known, await createAppointmentType(db, readAppointmentTypeForm(form)));
      case "update":
        return typeAnswer(
          known,
          await updateAppointmentType(db, fields.id, readAppointmentTypeForm(form)),
        );
      case "duplicate":
        return typeAnswer(known, await duplicateAppointmentType(db, fields.id));
      case "remove": {
        const result = await removeAppointmentType(db, fields.id);
        if (result.ok) return answer({ ok: true, intent: known, id: result.id });
        return refused(known, 404, "That appointment type no longer exists.");
      }
      case "cancel": {
        const result = await cancelAppointment(db, fields.id, { cancelledBy: user.email });
        if (result.ok) {
          context.kickEmail();
          return answer({ ok: true, intent: known, id: result.appointment.id });
        }
        return result.kind === "not-found"
          ? refused(known, 404, "That appointment no longer exists.")
          : refused(known, 409, "That appointment was already cancelled or has started.");
      }
      case "close-day": {
        const today = salonDateOf(new Date(), business.timeZone);
        const result = await addClosedDay(
          db,
          { date: fields.date, worker: fields.worker, note: fields.note },
          { today, workers: await listWorkers(db) },
        );
        if (result.ok) return answer({ ok: true, intent: known, id: result.day.id });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        return refused(known, 409, "That day is already closed.", {
          date: "That day is already closed.",
        });
      }
      case "move": {
        const result = await moveAppointmentByStaff(db, fields.id, fields);
        if (result.ok) {
          context.kickEmail();
          const dateIso = salonDateOf(result.appointment.startsAt, business.timeZone);
          return answer({ ok: true, intent: known, id: result.appointment.id, dateIso });
        }
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        if (result.kind === "not-found") {
          return refused(known, 404, "That appointment is no longer booked.");
        }
        return refused(known, 409, `That time is not available (${result.reason}).`);
      }
      case "edit-customer": {
        const result = await editAppointmentCustomer(db, fields.id, fields);
        if (result.ok) return answer({ ok: true, intent: known, id: String(fields.id) });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        return refused(known, 404, "That appointment no longer exists.");
      }
      case "visit": {
        const result = await markVisit(db, fields.id, fields.status);
        if (result.ok) return answer({ ok: true, intent: known, id: String(fields.id) });
        return refused(known, result.kind === "invalid" ? 400 : 404, "That could not be marked.");
      }
      case "update-category": {
        const result = await updateServiceCategory(db, fields.id, fields);
        if (result.ok) return answer({ ok: true, intent: known, id: String(fields.id) });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        return refused(known, 404, "That category no longer exists.");
      }
      case "open-day": {
        if (await removeClosedDay(db, fields.id)) {
          return answer({ ok: true, intent: known, id: String(fields.id) });
        }
        return refused(known, 404, "That closed day no longer exists.");
      }
      case "add-technician":
      case "update-technician":
      case "deactivate-technician":
      case "reactivate-technician": {
        const result = await teamAction(db, known, form);
        if (result.ok) return answer({ ok: true, intent: known, id: result.id });
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        if (result.kind === "conflict") return refused(known, 409, result.message);
        return refused(known, 404, "That technician no longer exists.");
      }
      case "book": {
        // A customer who phoned: the same rules, the same constraint as online booking.
        const result = await bookAppointment(db, bookingInputFromForm(form), {
          siteUrl: context.siteUrl,
        });
        if (result.ok) {
          context.kickEmail();
          const { id, startsAt } = result.appointment;
          const dateIso = salonDateOf(startsAt, business.timeZone);
          return answer({ ok: true, intent: known, id, dateIso });
        }
        if (result.kind === "invalid") {
          return refused(known, 400, "Please check the marked fields.", result.fieldErrors);
        }
        // Staff book without the customer limit (not `online`): only the time can refuse.
        const why = result.kind === "unavailable" ? result.reason : result.kind;
        return refused(known, 409, `That time is not available (${why}).`);
      }
    }
  } catch (error) {
    log.error({ err: error, intent: known }, "Schedule admin action failed");
    return answer({ ok: false, intent: known, message: "Something went wrong." }, 500);
  }
}
