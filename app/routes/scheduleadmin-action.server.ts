// /scheduleadmin's action: every change staff make on the page, by its intent, recorded in the
// staff's activity log. The answers are JSON (ScheduleAdminActionResult) the page's forms show in
// place (a short status line, or an alert and field errors beside the form). The changes to one appointment are in
// scheduleadmin-appointments.server.ts.
import { data } from "react-router";
import {
  SCHEDULE_ADMIN_INTENTS,
  type ScheduleAdminActionResult,
  type ScheduleAdminIntent,
} from "~/components/schedule-admin/schedule-admin-types";
import { AppointmentTypeSchema } from "~/domain/booking/appointment-type-schema";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { z } from "~/domain/zod";
import type { Database } from "~/services/db/client.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import {
  createAppointmentType,
  duplicateAppointmentType,
  removeAppointmentType,
  type TypeMutationResult,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { addClosedDay, listWorkers, removeClosedDay } from "~/services/salon/closed-days.server";
import { updateServiceCategory } from "~/services/salon/menu.server";
import { type TeamIntent, teamAction } from "~/services/salon/team-form.server";
import type { StaffUser } from "~/services/staff/auth.server";
import { staffContext } from "~/services/staff/session.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/scheduleadmin";
import {
  type Done,
  invalid,
  isAppointmentIntent,
  performOnAppointment,
  type Refusal,
  refusal,
} from "./scheduleadmin-appointments.server";

const answer = (result: ScheduleAdminActionResult, status = 200) => data(result, status);

const IntentForm = z.object({ intent: z.enum(SCHEDULE_ADMIN_INTENTS) });

/**
 * The salon's forms (closed days, categories) and the ids the other changes name, as the
 * services take them; the type form and the team form have their own schemas.
 */
const SalonForm = textFields("id", "date", "worker", "note", "summary", "description", "featured");

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
  const read = form && parseForm(form, IntentForm);
  if (!form || !read?.ok) {
    return answer({ ok: false, intent: null, message: "The form could not be read." }, 400);
  }
  const known = read.data.intent;
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
    const message = outcome.said ?? SAID[known];
    return answer({ ok: true, intent: known, id, message, ...(dateIso ? { dateIso } : {}) });
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
  if (isAppointmentIntent(intent)) return performOnAppointment(db, intent, form, by);
  const read = parseForm(form, SalonForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const fields = read.data;
  switch (intent) {
    case "create":
    case "update":
    case "duplicate":
    case "remove":
      return performOnType(db, intent, form, fields.id);
    case "close-day": {
      const today = salonDateOf(new Date(), SALON_TIME_ZONE);
      const result = await addClosedDay(db, fields, { today, workers: await listWorkers(db) });
      if (result.ok) {
        const { id, dateIso, worker } = result.day;
        const did = worker ? `Gave ${worker} ${dateIso} off` : `Closed the salon on ${dateIso}`;
        return { ok: true, id, did, said: worker ? `Gave ${worker} the day off.` : "Closed." };
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
    case "update-category": {
      const result = await updateServiceCategory(db, fields.id, fields);
      if (result.ok) {
        const did = `Updated the category ${result.name}`;
        return { ok: true, id: String(fields.id), did, said: `Saved ${result.name}.` };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      return refusal(404, "That category no longer exists.");
    }
    case "add-technician":
    case "update-technician":
    case "deactivate-technician":
    case "reactivate-technician": {
      const result = await teamAction(db, intent, form);
      if (result.ok) {
        const { id, name } = result;
        return { ok: true, id, did: TEAM_DONE[intent](name), said: TEAM_SAID[intent](name) };
      }
      if (result.kind === "invalid") return invalid(result.fieldErrors);
      if (result.kind === "conflict") return refusal(409, result.message);
      return refusal(404, "That technician no longer exists.");
    }
  }
}

/** The Types section's changes: the type form (its own schema), or the type's id. */
async function performOnType(
  db: Database,
  intent: "create" | "update" | "duplicate" | "remove",
  form: FormData,
  id: string | undefined,
): Promise<Done | Refusal> {
  switch (intent) {
    case "create":
    case "update": {
      const type = parseForm(form, AppointmentTypeSchema);
      if (!type.ok) return invalid(type.fieldErrors);
      const result =
        intent === "create"
          ? await createAppointmentType(db, type.data)
          : await updateAppointmentType(db, id, type.data);
      const did = intent === "create" ? "Created" : "Updated";
      return typeOutcome(result, (name) => `${did} the service ${name}`);
    }
    case "duplicate":
      return typeOutcome(
        await duplicateAppointmentType(db, id),
        (name) => `Duplicated a service as ${name}`,
      );
    case "remove": {
      const result = await removeAppointmentType(db, id);
      if (result.ok) return { ok: true, id: result.id, did: `Removed the service ${result.name}` };
      return refusal(404, "That appointment type no longer exists.");
    }
  }
}

/** What the page says of a change that names nothing more (docs/product.md#staff-screens). */
const SAID: Record<ScheduleAdminIntent, string> = {
  create: "Created.",
  update: "Saved.",
  duplicate: "Duplicated.",
  remove: "Removed.",
  cancel: "Cancelled.",
  book: "Booked.",
  "close-day": "Day off added.",
  "open-day": "Day off removed.",
  "update-category": "Saved.",
  move: "Moved.",
  "edit-customer": "Saved.",
  visit: "Marked.",
  payment: "Saved.",
  "add-technician": "Added.",
  "update-technician": "Saved.",
  "deactivate-technician": "Deactivated.",
  "reactivate-technician": "Reactivated.",
};

const TEAM_SAID: Record<TeamIntent, (name: string) => string> = {
  "add-technician": (name) => `Added ${name} to the team.`,
  "update-technician": (name) => `Saved ${name}.`,
  "deactivate-technician": (name) => `Deactivated ${name}.`,
  "reactivate-technician": (name) => `Reactivated ${name}.`,
};

const TEAM_DONE: Record<TeamIntent, (name: string) => string> = {
  "add-technician": (name) => `Added the technician ${name}`,
  "update-technician": (name) => `Updated the technician ${name}`,
  "deactivate-technician": (name) => `Deactivated the technician ${name}`,
  "reactivate-technician": (name) => `Reactivated the technician ${name}`,
};
