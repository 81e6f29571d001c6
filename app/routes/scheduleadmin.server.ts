// /scheduleadmin's action: the Types section's changes (here) and the changes to one appointment
// (scheduleadmin-appointments.server.ts), each recorded in the staff's activity log and answered
// as the schedule's pages answer (scheduleadmin-change.server.ts). The team and the categories
// have pages and actions of their own (scheduleadmin-team.server.ts,
// scheduleadmin-categories.server.ts): a form of theirs posted here is refused as unreadable.
import { AppointmentTypeSchema } from "~/domain/booking/appointment-type-schema";
import type { Database } from "~/services/db/client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import {
  createAppointmentType,
  duplicateAppointmentType,
  removeAppointmentType,
  type TypeMutationResult,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import type { Route } from "./+types/scheduleadmin";
import {
  APPOINTMENT_INTENTS,
  type AppointmentIntent,
  isAppointmentIntent,
  performOnAppointment,
} from "./scheduleadmin-appointments.server";
import {
  answerChange,
  type ChangeBy,
  type Done,
  invalid,
  type PageChanges,
  type Refusal,
  refusal,
} from "./scheduleadmin-change.server";
import { chargeNoShow, refundNoShow } from "./scheduleadmin-fees.server";
import {
  isSecureIntent,
  performSecure,
  SECURE_INTENTS,
  type SecureIntent,
} from "./scheduleadmin-secure.server";

const TYPE_INTENTS = ["create", "update", "duplicate", "remove"] as const;
type TypeIntent = (typeof TYPE_INTENTS)[number];
type FeeIntent = "charge-no-show" | "refund-no-show-fee";
type ScheduleIntent = TypeIntent | AppointmentIntent | SecureIntent | FeeIntent;

/** The id a type's change names; the type form has its own schema. */
const IdForm = textFields("id");

function typeOutcome(result: TypeMutationResult, did: (name: string) => string): Done | Refusal {
  if (result.ok) return { ok: true, id: result.type.id, did: did(result.type.type) };
  if (result.kind === "invalid") return invalid(result.fieldErrors);
  return refusal(404, "That appointment type no longer exists.");
}

async function perform(
  db: Database,
  intent: ScheduleIntent,
  form: FormData,
  by: ChangeBy,
): Promise<Done | Refusal> {
  if (isAppointmentIntent(intent)) return performOnAppointment(db, intent, form, by);
  // A protected visit booked at the desk (docs/payments.md#secure-your-booking).
  if (isSecureIntent(intent)) return performSecure(db, intent, form, by);
  // Made outside the page's transaction (SCHEDULE_CHANGES.direct): never here.
  if (intent === "charge-no-show" || intent === "refund-no-show-fee") {
    return refusal(400, "The form could not be read.");
  }
  const read = parseForm(form, IdForm);
  if (!read.ok) return invalid(read.fieldErrors);
  return performOnType(db, intent, form, read.data.id);
}

/** The Types section's changes: the type form (its own schema), or the type's id. */
async function performOnType(
  db: Database,
  intent: TypeIntent,
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

const SCHEDULE_CHANGES: PageChanges<ScheduleIntent> = {
  intents: [
    ...TYPE_INTENTS,
    ...APPOINTMENT_INTENTS,
    ...SECURE_INTENTS,
    "charge-no-show",
    "refund-no-show-fee",
  ],
  said: {
    create: "Created.",
    update: "Saved.",
    duplicate: "Duplicated.",
    remove: "Removed.",
    cancel: "Cancelled.",
    book: "Booked.",
    "walk-in": "Booked.",
    "complete-visit": "Marked.",
    move: "Moved.",
    "edit-customer": "Saved.",
    visit: "Marked.",
    payment: "Saved.",
    "charge-no-show": "Charged.",
    "refund-no-show-fee": "Refunded.",
    "email-secure-link": "Emailed.",
    "waive-protection": "Waived.",
  },
  perform,
  // They ask Stripe first (docs/payments.md#no-show-fee, #refunding-a-fee).
  direct: { "charge-no-show": chargeNoShow, "refund-no-show-fee": refundNoShow },
};

/** Every staff change on /scheduleadmin. */
export const scheduleAction = (args: Pick<Route.ActionArgs, "request" | "context">) =>
  answerChange(args, SCHEDULE_CHANGES);
