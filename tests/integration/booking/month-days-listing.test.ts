// The month calendar (app/services/booking/month-marks.server.ts) against the day
// listing it stands for (listVisitTimes: the engine in domain/booking/visit.ts and slots.ts),
// on a generated month: technicians with their own hours (one with a break), days off, the
// salon's week with a midday break, special hours (a shortened day, a closed day, a Sunday
// opened), a salon closed day, random bookings with clean-up times (some cancelled), days booked
// full, holds (the visitor's own, others', expired), and the daylight-saving change of November.
// For every date the month answers, its mark must be what the listing finds: "free" exactly when
// the listing has a time; closed and off as the listing's own reading of the day has them.
import { beforeAll, describe, expect, it } from "vitest";
import { openingHoursFor } from "~/domain/booking/opening-hours";
import {
  addDaysIso,
  SALON_TIME_ZONE,
  WEEKDAYS,
  weekdayOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import type { VisitRequestItem } from "~/domain/booking/visit-request";
import { monthDays } from "~/services/booking/month-days.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import {
  appointments,
  appointmentTypes,
  closedDays,
  siteDetails,
  slotHolds,
  specialHours,
  technicians,
} from "~/services/db/schema.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { closedDaysOn } from "~/services/salon/closed-days.server";
import { seedDetailsRow } from "~/services/salon/salon-details.server";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";
import { setUpTestDatabase } from "../../support/test-database-hook";

const zone = SALON_TIME_ZONE;
/** Wednesday, October 28 2026, 10:00 AM in Chicago: the month's first bookable hour has passed. */
const now = new Date("2026-10-28T15:00:00.000Z");
const MONTHS = ["2026-10", "2026-11"];
const MINE = "my-hold";

const database = setUpTestDatabase({ resetBeforeEach: false });
const ids: Record<string, string> = {};

/** A small seeded generator: the same "random" month every run. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

async function insertTypes() {
  const db = database.db;
  const base = { category: "Nails", description: "A test service.", priceCents: 4000 };
  const rows = await db
    .insert(appointmentTypes)
    .values([
      // Ana, Bea, Cora; every day; 45 min and 10 min of clean-up; side by side.
      {
        ...base,
        type: "Gel",
        daysOfWeek: WEEKDAYS.join(","),
        durationMin: 45,
        startTime: "10:00",
        endTime: "19:00",
        technicians: ["Ana", "Bea", "Cora"],
        bufferMin: 10,
        sideBySide: true,
      },
      // Bea and Dee; Monday to Saturday; 60 min; side by side.
      {
        ...base,
        type: "Pedicure",
        daysOfWeek: "Monday,Tuesday,Wednesday,Thursday,Friday,Saturday",
        durationMin: 60,
        startTime: "10:00",
        endTime: "18:00",
        technicians: ["Bea", "Dee"],
        sideBySide: true,
      },
      // An add-on for Ana and Bea, weekdays only, 15 min with 5 min of clean-up.
      {
        ...base,
        type: "Art",
        daysOfWeek: "Monday,Tuesday,Wednesday,Thursday,Friday",
        durationMin: 15,
        startTime: "10:00",
        endTime: "19:00",
        technicians: ["Ana", "Bea"],
        bufferMin: 5,
        addOn: true,
      },
      // Dee alone, 30 min, not side by side.
      {
        ...base,
        type: "Massage",
        daysOfWeek: WEEKDAYS.join(","),
        durationMin: 30,
        startTime: "11:00",
        endTime: "17:30",
        technicians: ["Dee"],
      },
    ])
    .returning();
  for (const row of rows) ids[row.type] = row.id;
}

async function insertSalon() {
  const db = database.db;
  await db.insert(siteDetails).values({
    ...seedDetailsRow(),
    hours: {
      Monday: [{ start: "10:00", end: "19:00" }],
      Tuesday: [{ start: "10:00", end: "19:00" }],
      // A midday break.
      Wednesday: [
        { start: "10:00", end: "13:00" },
        { start: "13:30", end: "19:00" },
      ],
      Thursday: [{ start: "10:00", end: "20:00" }],
      Friday: [{ start: "10:00", end: "19:00" }],
      Saturday: [{ start: "09:00", end: "17:00" }],
    },
  });
  await db.insert(technicians).values([
    // Ana breaks from 14:00 to 14:30 and does not work Mondays.
    {
      name: "Ana",
      hours: Object.fromEntries(
        WEEKDAYS.filter((day) => day !== "Monday").map((day) => [
          day,
          [
            { start: "10:00", end: "14:00" },
            { start: "14:30", end: "19:00" },
          ],
        ]),
      ),
    },
    { name: "Bea", hours: null },
    {
      name: "Cora",
      hours: {
        Tuesday: [{ start: "12:00", end: "18:00" }],
        Friday: [{ start: "15:00", end: "17:00" }],
      },
    },
    {
      name: "Dee",
      hours: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: "11:00", end: "16:00" }]])),
    },
  ]);
  await db.insert(specialHours).values([
    {
      fromDate: "2026-11-05",
      toDate: "2026-11-05",
      closed: false,
      opens: "12:00",
      closes: "15:00",
      note: "Short day",
    },
    { fromDate: "2026-11-26", toDate: "2026-11-27", closed: true, note: "Thanksgiving" },
    {
      fromDate: "2026-11-15",
      toDate: "2026-11-15",
      closed: false,
      opens: "11:00",
      closes: "16:00",
      note: "Open Sunday",
    },
  ]);
  await db
    .insert(closedDays)
    .values([
      { date: "2026-11-11" },
      { date: "2026-11-10", technician: "Bea" },
      { date: "2026-11-12", technician: "Dee" },
      { date: "2026-11-13", technician: "Ana" },
    ]);
}

/**
 * Days on the edge of a rule, where only one start could fit: Bea's 50 minutes free on Monday the
 * 9th are less than Gel and its clean-up, her 55 on the 23rd exactly enough; Ana's and Bea's one
 * gap on Wednesday the 4th crosses the salon's break, Ana's on Thursday the 19th her own.
 */
const EDGES: Record<string, Record<string, [string, string][]>> = {
  "2026-11-09": {
    Bea: [
      ["08:00", "12:00"],
      ["12:50", "21:00"],
    ],
  },
  "2026-11-23": {
    Bea: [
      ["08:00", "12:00"],
      ["12:55", "21:00"],
    ],
  },
  "2026-11-04": {
    Ana: [
      ["08:00", "12:30"],
      ["13:45", "21:00"],
    ],
    Bea: [
      ["08:00", "12:30"],
      ["13:45", "21:00"],
    ],
  },
  "2026-11-19": {
    Ana: [
      ["08:00", "13:40"],
      ["14:50", "21:00"],
    ],
    Bea: [["08:00", "21:00"]],
  },
};

/** Each technician's day: bookings one after another with random gaps and lengths. */
async function insertBookings() {
  const random = generator(29);
  const rows: (typeof appointments.$inferInsert)[] = [];
  const book = (
    technician: string,
    dateIso: string,
    fromMin: number,
    minutes: number,
    bufferMin = 0,
    cancellable = true,
  ) => {
    const startsAt = zonedDateTime(dateIso, "00:00", zone).getTime() + fromMin * 60_000;
    rows.push({
      name: `Customer ${rows.length}`,
      email: `customer${rows.length}@example.com`,
      typeName: "Gel",
      category: "Nails",
      technician,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + minutes * 60_000),
      bufferMin,
      priceCents: 4000,
      channel: "online",
      // Some cancelled: they block nothing.
      status: cancellable && random(9) === 0 ? "cancelled" : "booked",
    });
  };
  for (let day = "2026-10-28"; day <= "2026-11-30"; day = addDaysIso(day, 1)) {
    for (const technician of ["Ana", "Bea", "Cora", "Dee"]) {
      const edges = EDGES[day]?.[technician];
      if (edges) {
        for (const [from, to] of edges) {
          const fromMin = Number(from.slice(0, 2)) * 60 + Number(from.slice(3));
          const toMin = Number(to.slice(0, 2)) * 60 + Number(to.slice(3));
          book(technician, day, fromMin, toMin - fromMin, 0, false);
        }
        continue;
      }
      // Booked from 08:00 to 21:00 on some days.
      if (
        (day === "2026-11-03" && technician !== "Dee") ||
        (day === "2026-11-18" && technician === "Dee")
      ) {
        book(technician, day, 8 * 60, 13 * 60);
        continue;
      }
      // Packed days with short gaps, and quieter ones with long gaps.
      const gaps = random(3) === 0 ? 36 : 6;
      let cursor = 9 * 60 + 5 * random(12);
      while (cursor < 20 * 60) {
        const minutes = 15 + 5 * random(18);
        const bufferMin = 5 * random(3);
        book(technician, day, cursor, minutes, bufferMin);
        cursor += minutes + bufferMin + 5 * random(gaps);
      }
    }
  }
  await database.db.insert(appointments).values(rows);
  // Holds: Dee's afternoon of the 19th by another visitor, of the 20th by the visitor herself,
  // and an expired one on the 24th.
  const hold = (
    technician: string,
    dateIso: string,
    from: string,
    to: string,
    holder: string,
    expiresMin: number,
  ) => ({
    holder,
    technician,
    startsAt: zonedDateTime(dateIso, from, zone),
    endsAt: zonedDateTime(dateIso, to, zone),
    expiresAt: new Date(now.getTime() + expiresMin * 60_000),
  });
  await database.db
    .insert(slotHolds)
    .values([
      hold("Dee", "2026-11-19", "08:00", "21:00", "someone", 10),
      hold("Dee", "2026-11-20", "08:00", "21:00", MINE, 10),
      hold("Dee", "2026-11-24", "08:00", "21:00", "someone", -1),
      hold("Bea", "2026-11-16", "08:00", "21:00", "someone", 10),
    ]);
}

beforeAll(async () => {
  await database.reset();
  await insertTypes();
  await insertSalon();
  await insertBookings();
}, OPEN_TIMEOUT_MS);
const item = (type: string, technician = "any", addOns: string[] = []): VisitRequestItem => ({
  typeId: ids[type] as string,
  technician,
  addOnIds: addOns.map((name) => ids[name] as string),
});

const SEARCHES: Record<string, () => VisitRequestItem[]> = {
  "one service, any technician": () => [item("Gel")],
  "one service of one technician": () => [item("Massage")],
  "a named technician": () => [item("Gel", "Cora")],
  "a service with an add-on": () => [item("Gel", "any", ["Art"])],
  "two services side by side": () => [item("Pedicure"), item("Gel")],
  "two services one after the other": () => [item("Massage"), item("Gel", "Ana")],
  "two services by the same technician": () => [item("Gel", "Bea"), item("Pedicure", "Bea")],
  "three services": () => [item("Gel", "any", ["Art"]), item("Pedicure"), item("Gel")],
};

/**
 * The date's mark by the listing's own code: the salon's day as the engine reads it
 * (closedDaysOn, openingHoursFor), the services' weekdays, then the listing's times.
 */
async function listingMark(dateIso: string, items: VisitRequestItem[], holder?: string) {
  const day = await closedDaysOn(database.db, dateIso);
  if (!openingHoursFor(dateIso, day.hours, day.closedDates, day.specialHours)) return "closed";
  const types = new Map((await listAppointmentTypes(database.db)).map((type) => [type.id, type]));
  const offered = items.every((wanted) =>
    [wanted.typeId, ...wanted.addOnIds].every((id) =>
      types.get(id)?.daysOfWeek.includes(weekdayOf(dateIso)),
    ),
  );
  if (!offered) return "off";
  return (await listingHasTime(dateIso, items, holder)) ? "free" : "full";
}

/** Whether the day listing has a time on the date for the search. */
async function listingHasTime(dateIso: string, items: VisitRequestItem[], holder?: string) {
  if (items.length === 0) throw new Error("no search");
  const listed = await listVisitTimes(database.db, { dateIso, items }, { now, holder });
  if (!listed.ok) throw new Error(listed.error);
  return listed.slots.length > 0;
}

describe("the month's one statement and the day listing", () => {
  for (const [name, search] of Object.entries(SEARCHES)) {
    it(`mark the same days: ${name}`, async () => {
      const items = search();
      const counts: Record<string, number> = {};
      for (const holder of [undefined, MINE]) {
        for (const month of MONTHS) {
          const answer = await monthDays(database.db, { month, items }, { now, holder });
          if (!answer.ok) throw new Error(answer.error);
          for (const [dateIso, mark] of Object.entries(answer.days)) {
            counts[mark] = (counts[mark] ?? 0) + 1;
            const listed = await listingHasTime(dateIso, items, holder);
            expect({ dateIso, holder, free: mark === "free" }).toEqual({
              dateIso,
              holder,
              free: listed,
            });
            expect({ dateIso, holder, mark }).toEqual({
              dateIso,
              holder,
              mark: await listingMark(dateIso, items, holder),
            });
          }
        }
      }
      // The generated month gives every search free and full days.
      expect(counts).toMatchObject({
        free: expect.any(Number),
        full: expect.any(Number),
        closed: expect.any(Number),
      });
    }, 120_000);
  }

  it("marks the days on the edge of a rule as the engine does", async () => {
    const answer = await monthDays(
      database.db,
      { month: "2026-11", items: [item("Gel")] },
      { now },
    );
    expect(answer.ok && answer.days).toMatchObject({
      "2026-11-09": "full",
      "2026-11-23": "free",
      "2026-11-04": "full",
      "2026-11-19": "full",
    });
  });

  it("refuses what the listing refuses", async () => {
    const ask = (items: VisitRequestItem[]) =>
      monthDays(database.db, { month: "2026-11", items }, { now });
    expect(await ask([item("Gel", "Dee")])).toEqual({
      ok: false,
      error: "Choose one of the service's workers.",
    });
    expect(await ask([item("Gel"), item("Pedicure", "Ana")])).toEqual({
      ok: false,
      error: "Choose one of the service's workers.",
    });
    expect(await ask([item("Gel", "any", ["Massage"])])).toEqual({
      ok: false,
      error: "Choose add-ons offered with the service.",
    });
    const unknown = {
      typeId: "00000000-0000-4000-8000-000000000000",
      technician: "any",
      addOnIds: [],
    };
    expect(await ask([unknown])).toEqual({ ok: false, error: "Choose a service." });
    expect(await ask([{ ...unknown, typeId: "not-an-id" }])).toEqual({
      ok: false,
      error: "Choose a service.",
    });
    // An add-on that does not exist: no day offers it.
    const off = await ask([{ ...item("Gel"), addOnIds: [unknown.typeId] }]);
    expect(off.ok && new Set(Object.values(off.days))).toEqual(new Set(["off", "closed"]));
  });
});
