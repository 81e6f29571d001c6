// A busy Saturday at the front desk (issue 38): 25 appointments, five for each of the seeded
// technicians, written by the seed (tests/e2e/seed-history.ts) before the server starts, with the
// test factories' rows. The desk's layout test (busy-saturday.spec.ts) opens that day; no other
// spec books it (the others book at most 48 days ahead).
import { inArray } from "drizzle-orm";
import { SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
import type { Database } from "../../app/services/db/client.server";
import { appointments, appointmentTypes } from "../../app/services/db/schema.server";
import { appointmentData, customerData } from "../support/factories";
import { nextSalonWeekday } from "./salon-date";

/** The first Saturday at least 50 days ahead, on the salon's calendar. */
export const busySaturday = () => nextSalonWeekday("Saturday", 50);

/** Each technician's five services of the day, in time order (the seeded menu's names). */
const DAY: Record<string, string[]> = {
  Mara: [
    "Classic Manicure",
    "Gel Manicure",
    "Classic Pedicure",
    "Dip Powder Full Set",
    "Spa Manicure",
  ],
  Lena: ["Acrylic Fill", "Gel-X Full Set", "French Manicure", "Gel Manicure", "Hard Gel Fill"],
  Sofia: [
    "Classic Pedicure",
    "Spa Pedicure",
    "Gel Manicure",
    "Dip Powder Full Set",
    "Spa Manicure",
  ],
  Nina: ["Eyebrow Wax", "Half Leg", "Classic Pedicure", "Full Leg", "Spa Pedicure"],
  Jade: [
    "Acrylic Fill",
    "Dip Powder Full Set",
    "Gel-X Full Set",
    "Acrylic Full Set",
    "Hard Gel Fill",
  ],
};

/** Their starts: the salon opens at 10:00 on a Saturday and closes at 19:00. */
const STARTS = ["10:00", "11:45", "13:30", "15:15", "17:00"];

/** The customers' names, in the order they are booked: "Saturday Guest 1" to "Saturday Guest 25". */
export const busySaturdayGuest = (n: number) => `Saturday Guest ${n}`;

/** Books the busy Saturday: 25 appointments, each its own customer with an email and a phone. */
export async function seedBusySaturday(db: Database) {
  const date = busySaturday();
  const names = [...new Set(Object.values(DAY).flat())];
  const services = await db
    .select()
    .from(appointmentTypes)
    .where(inArray(appointmentTypes.type, names));
  const byName = new Map(services.map((service) => [service.type, service]));
  let n = 0;
  const rows = Object.entries(DAY).flatMap(([technician, day]) =>
    day.map((name, i) => {
      n += 1;
      const service = byName.get(name);
      if (!service) throw new Error(`The seeded menu has no ${name}`);
      return appointmentData({
        service,
        technician,
        startsAt: zonedDateTime(date, STARTS[i] ?? "10:00", SALON_TIME_ZONE),
        customer: customerData({
          name: busySaturdayGuest(n),
          email: `saturday.guest.${n}@example.com`,
          // 555-0100 to 555-0199 are the numbers kept for fiction; in 773, so the front desk's
          // specs, which book (312) 555-01xx callers, never meet these.
          phone: `+1773555${String(100 + n).padStart(4, "0")}`,
        }),
      });
    }),
  );
  await db.insert(appointments).values(rows);
}
