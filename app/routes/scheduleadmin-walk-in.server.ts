// /scheduleadmin's 'Walk-in' (docs/product.md#walk-ins): the page's action (scheduleadmin.server.ts)
// takes it like its other changes (the same session, origin, body and form checks, and its line in
// the staff's activity log); here is what it booked, or why nothing.
import { formatSlotLabel, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { bookWalkIn } from "~/services/appointments/walk-in.server";
import type { Database } from "~/services/db/client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { type Done, invalid, type Refusal, refusal } from "./scheduleadmin-change.server";

const WalkInFields = textFields("service", "technician", "name", "phone");

export async function walkIn(
  db: Database,
  form: FormData,
  siteUrl: string,
): Promise<Done | Refusal> {
  const read = parseForm(form, WalkInFields);
  if (!read.ok) return invalid(read.fieldErrors);
  const result = await bookWalkIn(db, read.data, { siteUrl });
  if (result.ok) {
    const { id, name, startsAt, technician, typeName } = result.appointment;
    const at = formatSlotLabel(startsAt, SALON_TIME_ZONE);
    return {
      ok: true,
      id,
      dateIso: salonDateOf(startsAt, SALON_TIME_ZONE),
      did: `Booked ${name} as a walk-in at ${at}: ${typeName} with ${technician}`,
      said: `Booked ${name} at ${at} with ${technician}.`,
      emails: true,
    };
  }
  if (result.kind === "invalid") return invalid(result.fieldErrors);
  const technician = read.data.technician ?? "That technician";
  if (result.kind === "not-their-service") {
    return refusal(409, `Not booked: ${technician} does not perform this service.`);
  }
  return refusal(409, `Not booked: ${technician} has no free time left today for this service.`);
}
