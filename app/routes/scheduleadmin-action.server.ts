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
import { z } from "~/domain/zod";
import { staffContext } from "~/lib/staff-only.server";
import type { Database } from "~/services/db/client.server";
import type { StaffUser } from "~/services/db/schema.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import {
  createAppointmentType,
  duplicateAppointmentType,
  removeAppointmentType,
  type TypeMutationResult,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
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
import {
  CATEGORY_PAGE_INTENTS,
  isSalonIntent,
  performOnSalon,
  TEAM_PAGE_INTENTS,
} from "./scheduleadmin-salon.server";

const answer = (result: ScheduleAdminActionResult, status = 200) => data(result, status);

const IntentForm = z.object({ intent: z.enum(SCHEDULE_ADMIN_INTENTS) });

/** The id a type's change names; the type form has its own schema. */
const IdForm = textFields("id");

/**
 * Which page sends which intents: each page's action takes its own (a form posted to another
 * page's address is refused as unreadable). The schedule itself takes every intent the team and
 * categories pages do not.
 */
export type SchedulePage = "schedule" | "team" | "categories";
const PAGE_INTENTS: Record<Exclude<SchedulePage, "schedule">, readonly ScheduleAdminIntent[]> = {
  team: TEAM_PAGE_INTENTS,
  categories: CATEGORY_PAGE_INTENTS,
};
function takes(page: SchedulePage, intent: ScheduleAdminIntent): boolean {
  if (page !== "schedule") return PAGE_INTENTS[page].includes(intent);
  return !Object.values(PAGE_INTENTS).some((intents) => intents.includes(intent));
}

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
export async function scheduleAdminAction(
  { request, context }: Pick<Route.ActionArgs, "request" | "context">,
  page: SchedulePage = "schedule",
) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, IntentForm);
  if (!form || !read?.ok || !takes(page, read.data.intent)) {
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
  if (isSalonIntent(intent)) return performOnSalon(db, intent, form);
  const read = parseForm(form, IdForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const fields = read.data;
  switch (intent) {
    case "create":
    case "update":
    case "duplicate":
    case "remove":
      return performOnType(db, intent, form, fields.id);
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
