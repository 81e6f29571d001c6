// /scheduleadmin/team's action (docs/product.md#team): the team's changes and the days off, each
// recorded in the staff's activity log and answered as the schedule's pages answer
// (scheduleadmin-change.server.ts); here is what changed, or why nothing did.
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import type { Database } from "~/services/db/client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import {
  addClosedDay,
  listTechnicians,
  removeClosedDay,
} from "~/services/salon/closed-days.server";
import { type TeamIntent, teamAction } from "~/services/salon/team-form.server";
import type { Route } from "./+types/scheduleadmin-team";
import {
  answerChange,
  type Done,
  invalid,
  type PageChanges,
  type Refusal,
  refusal,
} from "./scheduleadmin-change.server";

const DAY_INTENTS = ["close-day", "open-day"] as const;
const TEAM_INTENTS = [
  "add-technician",
  "update-technician",
  "deactivate-technician",
  "reactivate-technician",
] as const satisfies readonly TeamIntent[];
type TeamPageIntent = TeamIntent | (typeof DAY_INTENTS)[number];

/** The days-off forms, as the services take them; the team form has its own schema. */
const DayForm = textFields("id", "date", "technician", "note");

async function perform(
  db: Database,
  intent: TeamPageIntent,
  form: FormData,
): Promise<Done | Refusal> {
  switch (intent) {
    case "close-day":
    case "open-day":
      return performOnDay(db, intent, form);
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

/** A day off given or ended: a technician's, or the whole salon's. */
async function performOnDay(
  db: Database,
  intent: (typeof DAY_INTENTS)[number],
  form: FormData,
): Promise<Done | Refusal> {
  const read = parseForm(form, DayForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const fields = read.data;
  if (intent === "close-day") {
    const today = salonDateOf(new Date(), SALON_TIME_ZONE);
    const result = await addClosedDay(db, fields, {
      today,
      technicians: await listTechnicians(db),
    });
    if (result.ok) {
      const { id, dateIso, technician } = result.day;
      const did = technician
        ? `Gave ${technician} ${dateIso} off`
        : `Closed the salon on ${dateIso}`;
      return {
        ok: true,
        id,
        did,
        said: technician ? `Gave ${technician} the day off.` : "Closed.",
      };
    }
    if (result.kind === "invalid") return invalid(result.fieldErrors);
    return refusal(409, "That day is already closed.", { date: "That day is already closed." });
  }
  const opened = await removeClosedDay(db, fields.id);
  if (!opened) return refusal(404, "That closed day no longer exists.");
  const did = opened.technician
    ? `Ended ${opened.technician}'s day off on ${opened.dateIso}`
    : `Opened the salon again on ${opened.dateIso}`;
  return { ok: true, id: String(fields.id), did };
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

const TEAM_CHANGES: PageChanges<TeamPageIntent> = {
  intents: [...TEAM_INTENTS, ...DAY_INTENTS],
  said: {
    "add-technician": "Added.",
    "update-technician": "Saved.",
    "deactivate-technician": "Deactivated.",
    "reactivate-technician": "Reactivated.",
    "close-day": "Day off added.",
    "open-day": "Day off removed.",
  },
  perform,
};

/** Every staff change on /scheduleadmin/team. */
export const teamPageAction = (args: Pick<Route.ActionArgs, "request" | "context">) =>
  answerChange(args, TEAM_CHANGES);
