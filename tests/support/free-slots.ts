// Free times that can all be booked together: no two share a technician at overlapping times, so
// concurrent bookings of them must all succeed. Read from the database as the /schedule page
// lists them (listVisitTimes), starting a few days ahead so the minimum notice never interferes.

import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "../../app/domain/booking/time-zone";
import { oneService } from "../../app/domain/booking/visit-request";
import { listVisitTimes } from "../../app/services/booking/visit-times.server";
import type { Database } from "../../app/services/db/client.server";
import { listAppointmentTypes } from "../../app/services/salon/appointment-types.server";

export interface FreeSlot {
  dateIso: string;
  typeId: string;
  typeName: string;
  technician: string;
  /** ISO instant, as the confirm form posts it. */
  startsAt: string;
  durationMin: number;
}

export async function findDistinctFreeSlots(
  db: Database,
  count: number,
  options: { firstDay?: number; lastDay?: number } = {},
): Promise<FreeSlot[]> {
  const today = salonDateOf(new Date(), SALON_TIME_ZONE);
  const types = (await listAppointmentTypes(db)).sort((a, b) => a.durationMin - b.durationMin);
  const taken = new Map<string, Array<[number, number]>>();
  const found: FreeSlot[] = [];
  for (let day = options.firstDay ?? 3; day <= (options.lastDay ?? 40); day++) {
    const dateIso = addDaysIso(today, day);
    for (const type of types) {
      for (const technician of type.technicians) {
        const listed = await listVisitTimes(db, {
          dateIso,
          items: oneService(type.id, technician),
        });
        if (!listed.ok) continue;
        const busy = taken.get(technician) ?? [];
        for (const slot of listed.slots) {
          const start = Date.parse(slot.startsAt);
          const end = start + type.durationMin * 60_000;
          if (busy.some(([from, to]) => start < to && from < end)) continue;
          busy.push([start, end]);
          taken.set(technician, busy);
          found.push({
            dateIso,
            typeId: type.id,
            typeName: type.type,
            technician,
            startsAt: slot.startsAt,
            durationMin: type.durationMin,
          });
          if (found.length >= count) return found;
        }
      }
    }
  }
  throw new Error(`Only ${found.length} distinct free slots found, ${count} wanted`);
}
