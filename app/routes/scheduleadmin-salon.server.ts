// The changes of the schedule's own pages besides the day (docs/product.md#team): the team and
// the technicians' days off (/scheduleadmin/team) and the menu's categories
// (/scheduleadmin/categories). The action (scheduleadmin-action.server.ts) records each in the
// staff's activity log; here is what changed, or why nothing did.
import type { ScheduleAdminIntent } from "~/components/schedule-admin/schedule-admin-types";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import type { Database } from "~/services/db/client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { addClosedDay, listWorkers, removeClosedDay } from "~/services/salon/closed-days.server";
import { updateServiceCategory } from "~/services/salon/menu.server";
import { type TeamIntent, teamAction } from "~/services/salon/team-form.server";
import { type Done, invalid, type Refusal, refusal } from "./scheduleadmin-appointments.server";

/** The intents each page of the schedule sends; /scheduleadmin takes every other one. */
export const TEAM_PAGE_INTENTS = [
  "add-technician",
  "update-technician",
  "deactivate-technician",
  "reactivate-technician",
  "close-day",
  "open-day",
] as const satisfies readonly ScheduleAdminIntent[];
export const CATEGORY_PAGE_INTENTS = [
  "update-category",
] as const satisfies readonly ScheduleAdminIntent[];

export type SalonIntent =
  | (typeof TEAM_PAGE_INTENTS)[number]
  | (typeof CATEGORY_PAGE_INTENTS)[number];

const SALON_INTENTS: readonly string[] = [...TEAM_PAGE_INTENTS, ...CATEGORY_PAGE_INTENTS];

export const isSalonIntent = (intent: ScheduleAdminIntent): intent is SalonIntent =>
  SALON_INTENTS.includes(intent);

/** The days-off and category forms, as the services take them; the team form has its own schema. */
const SalonForm = textFields("id", "date", "worker", "note", "summary", "description", "featured");

export async function performOnSalon(
  db: Database,
  intent: SalonIntent,
  form: FormData,
): Promise<Done | Refusal> {
  const read = parseForm(form, SalonForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const fields = read.data;
  switch (intent) {
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
