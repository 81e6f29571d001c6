// The seeded catalogue's services (app/content/service-menu.ts) as the tests that book them find
// them.
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import type { Database } from "~/services/db/client.server";
import {
  type AppointmentTypeView,
  listAppointmentTypes,
} from "~/services/salon/appointment-types.server";

/** The service named `name` (its type, e.g. "Gel Manicure"); a setup error when there is none. */
export async function typeNamed(db: Database, name: string): Promise<AppointmentTypeView> {
  const found = (await listAppointmentTypes(db)).find((t) => t.type === name);
  if (!found) throw new Error(`The catalogue has no type named ${name}`);
  return found;
}

/**
 * A visit of two services side by side in the seed: Gel Manicure (45 min, $50) with Nail Art
 * (10 min, $5+), any technician, and a Classic Pedicure ($45) with Nina.
 */
export async function manicureAndPedicure(db: Database): Promise<VisitRequestItem[]> {
  const manicure = await typeNamed(db, "Gel Manicure");
  const nailArt = await typeNamed(db, "Nail Art (per nail)");
  const pedicure = await typeNamed(db, "Classic Pedicure");
  return [
    { typeId: manicure.id, technician: "any", addOnIds: [nailArt.id] },
    { typeId: pedicure.id, technician: "Nina", addOnIds: [] },
  ];
}
