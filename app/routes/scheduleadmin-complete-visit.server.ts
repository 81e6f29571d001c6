// /scheduleadmin's 'Complete Visit' of a visit of several services (docs/product.md#prices-and-payments):
// the page's action (scheduleadmin.server.ts) takes it like its other changes, with its line in the
// staff's activity log; here is what was marked, or why nothing was.
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { formatCents } from "~/domain/money";
import { completeVisit } from "~/services/appointments/visit-payment.server";
import type { Database } from "~/services/db/client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { type Done, invalid, type Refusal, refusal } from "./scheduleadmin-change.server";

const VisitFields = textFields("id", "split", "total", "tip");
/** Each service's amount: `charged-<its id>`. */
const CHARGED = "charged-";

export async function completeVisitOf(db: Database, form: FormData): Promise<Done | Refusal> {
  const read = parseForm(form, VisitFields);
  if (!read.ok) return invalid(read.fieldErrors);
  const charged: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith(CHARGED) && typeof value === "string") {
      charged[name.slice(CHARGED.length)] = value;
    }
  }
  const { id, ...fields } = read.data;
  const result = await completeVisit(db, id, { ...fields, charged });
  if (!result.ok) {
    if (result.kind === "invalid") return invalid(result.fieldErrors);
    return refusal(404, "A service of that visit is no longer booked: look at the day again.");
  }
  const { name, startsAt, parts } = result;
  const when = `${formatDateString(startsAt, SALON_TIME_ZONE)}, ${formatSlotLabel(startsAt, SALON_TIME_ZONE)}`;
  const paid = parts
    .map(
      (part) =>
        `${part.typeName} with ${part.technician} charged ${formatCents(part.chargedCents)}`,
    )
    .join(", ");
  const tip = formatCents(parts.reduce((sum, part) => sum + part.tipCents, 0));
  return {
    ok: true,
    id: String(id),
    did: `Marked ${name}'s visit of ${when} completed: ${paid}; tip ${tip}`,
    said: `Marked ${name} Completed`,
  };
}
