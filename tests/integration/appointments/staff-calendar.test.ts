// The staff calendar (app/services/appointments/staff-calendar.server.ts, docs/product.md#calendar) against a real
// database: who gets a column, her hours and breaks, her appointments, the free quarter hours a
// phone booking starts from, and one technician's week.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SALON_TIME_ZONE, zonedDateTime } from "~/domain/booking/time-zone";
import { oneService } from "~/domain/booking/visit-request";
import { dayCalendar, weekCalendar } from "~/services/appointments/staff-calendar.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { closedDays, technicians } from "~/services/db/schema.server";
import { createAppointmentType } from "~/services/salon/appointment-type-admin.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { createAppointment } from "../../support/factories";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const zone = SALON_TIME_ZONE;
const MONDAY = "2026-05-04";
const TUESDAY = "2026-05-05";
const SATURDAY = "2026-05-09";
/** The Friday before: every quarter hour of that week is still ahead. */
const EARLIER = new Date("2026-05-01T15:00:00.000Z");
const h = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return hours * 60 + minutes;
};

async function appointment(technician: string, dateIso: string, at: string, minutes: number) {
  const startsAt = zonedDateTime(dateIso, at, zone);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  return (await createAppointment(database.db, { technician, startsAt, endsAt })).id;
}

beforeEach(async () => {
  // Nia: Tuesdays 12:00-18:00 with a break 14:00-14:30. Wren and Ivy: whenever the salon is open.
  // Old has left the team, with one appointment still booked.
  await ensureTechnicians(database.db, ["Nia", "Wren", "Ivy", "Old"]);
  await database.db
    .update(technicians)
    .set({
      hours: {
        Tuesday: [
          { start: "12:00", end: "14:00" },
          { start: "14:30", end: "18:00" },
        ],
      },
    })
    .where(eq(technicians.name, "Nia"));
  await database.db.update(technicians).set({ active: false }).where(eq(technicians.name, "Old"));
  await database.db.insert(closedDays).values([
    { date: TUESDAY, technician: "Ivy", note: "Dentist" },
    { date: SATURDAY, technician: null, note: "Inventory" },
  ]);
});

describe("the day view", () => {
  it("has a column for each technician working, and for anyone with an appointment that day", async () => {
    const booked = await appointment("Old", TUESDAY, "11:00", 30);
    const { calendar } = await dayCalendar(database.db, TUESDAY, EARLIER);
    expect(calendar.kind).toBe("day");
    // Ivy has the day off and nothing booked: no column.
    expect(calendar.columns.map((c) => [c.heading, c.note])).toEqual([
      ["Nia", "12:00 PM-2:00 PM, 2:30 PM-6:00 PM"],
      ["Old", "No longer on the team"],
      ["Wren", "10:00 AM-8:00 PM"],
    ]);
    // The salon's Tuesday: 10:00 to 20:00.
    expect(calendar.window).toEqual({ start: h("10:00"), end: h("20:00") });
    const old = calendar.columns[1];
    expect(old?.blocks).toEqual([{ id: booked, start: h("11:00"), end: h("11:30") }]);
    expect(old?.free).toEqual([]);
  });

  it("offers her free quarter hours: inside her hours, clear of her break and her bookings", async () => {
    await appointment("Nia", TUESDAY, "15:00", 45);
    const { calendar, appointments: listed } = await dayCalendar(database.db, TUESDAY, EARLIER);
    const nia = calendar.columns.find((c) => c.technician === "Nia");
    const starts = nia?.free.map((cell) => cell.label) ?? [];
    expect(starts[0]).toBe("12:00 PM");
    expect(starts).toContain("1:45 PM");
    for (const taken of ["2:00 PM", "2:15 PM", "3:00 PM", "3:15 PM", "3:30 PM"])
      expect(starts).not.toContain(taken);
    expect(starts).toContain("3:45 PM");
    expect(starts.at(-1)).toBe("5:45 PM");
    expect(listed.map((a) => a.technician)).toEqual(["Nia"]);
  });

  it("names each free quarter hour by the same instant as the booking's free times", async () => {
    const created = await createAppointmentType(
      database.db,
      {
        type: "Tuesday Gel",
        category: "Manicure",
        startTime: "10:00",
        endTime: "19:00",
        durationMin: "45",
        price: "$60",
        description: "A gel manicure.",
        daysOfWeek: ["Tuesday"],
        technicians: "Nia",
      },
      { now: EARLIER },
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    const [{ calendar }, listing] = await Promise.all([
      dayCalendar(database.db, TUESDAY, EARLIER),
      listVisitTimes(
        database.db,
        { dateIso: TUESDAY, items: oneService(created.type.id, "Nia") },
        {
          now: EARLIER,
        },
      ),
    ]);
    if (!listing.ok) throw new Error(listing.error);
    const cells = calendar.columns.find((c) => c.technician === "Nia")?.free ?? [];
    expect(cells[0]?.startsAt).toBe(listing.slots[0]?.startsAt);
    expect(cells.find((c) => c.label === "2:30 PM")?.startsAt).toBe(
      listing.slots.find((s) => s.label === "2:30 PM")?.startsAt,
    );
  });

  it("offers nothing already past: from the present on today, nothing on an earlier day", async () => {
    const duringTuesday = zonedDateTime(TUESDAY, "13:05", zone);
    const today = await dayCalendar(database.db, TUESDAY, duringTuesday);
    const wren = today.calendar.columns.find((c) => c.technician === "Wren");
    expect(wren?.free[0]?.label).toBe("1:15 PM");
    const afterwards = await dayCalendar(database.db, MONDAY, duringTuesday);
    expect(afterwards.calendar.columns.every((c) => c.free.length === 0)).toBe(true);
  });

  it("is empty on a day the salon is closed and nothing is booked", async () => {
    const { calendar } = await dayCalendar(database.db, SATURDAY, EARLIER);
    expect(calendar.columns).toEqual([]);
    expect(calendar.window).toBeNull();
  });
});

describe("a technician's week", () => {
  it("has a column a day from Monday to Sunday with her hours and only her appointments", async () => {
    const hers = await appointment("Nia", TUESDAY, "12:00", 45);
    await appointment("Wren", TUESDAY, "12:00", 45);
    const week = await weekCalendar(database.db, "Nia", "2026-05-07", EARLIER);
    if (!week) throw new Error("no week");
    const { calendar } = week;
    expect(calendar.kind).toBe("week");
    expect(calendar.technician).toBe("Nia");
    expect(calendar.columns.map((c) => [c.heading, c.note])).toEqual([
      ["Mon, May 4", "Not working"],
      ["Tue, May 5", "12:00 PM-2:00 PM, 2:30 PM-6:00 PM"],
      ["Wed, May 6", "Not working"],
      ["Thu, May 7", "Not working"],
      ["Fri, May 8", "Not working"],
      ["Sat, May 9", "Salon closed"],
      ["Sun, May 10", "Not working"],
    ]);
    expect(calendar.columns[1]?.blocks.map((b) => b.id)).toEqual([hers]);
    expect(week.appointments.map((a) => a.id)).toEqual([hers]);
  });

  it("is null for a name not on the team (the page then shows the day)", async () => {
    expect(await weekCalendar(database.db, "Nobody", TUESDAY, EARLIER)).toBeNull();
  });
});
