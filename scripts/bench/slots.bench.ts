// npx tsx scripts/bench/slots.bench.ts          (in-memory PGlite)
// DATABASE_URL=postgres://... npx tsx scripts/bench/slots.bench.ts   (a scratch database there)
//
// How long the listing of one service (listVisitTimes; its rows keep their old name, listSlots)
// takes with 10,000 appointments stored: a kept listing (one statement that
// reads the version, the service and the closed days, and the pure engine) and, "after a change",
// a fresh one (the same statement also reading the technicians' busy times, and the engine):
// - "day": all 10,000 on one date (125 technicians, 80 short appointments each, 10:00-18:00), and a
//   service with 10 technicians (the most the schema allows), so the day's query returns 800 rows;
// - "month": 10,000 over the 30 days of June 2026 for that service's 10 technicians (about 33 a technician
//   a day), listed for every day of the month, as a month view would.
// Then the pure listAvailableSlots alone, handed all 10,000 intervals at once, for comparison.
// The service and the appointments are made in slots-bench-data.ts.

import { sql } from "drizzle-orm";
import { business } from "../../app/content/business";
import { weeklyHoursOf } from "../../app/domain/booking/opening-hours";
import {
  type AvailabilityInput,
  type BusyInterval,
  listAvailableSlots,
} from "../../app/domain/booking/slots";
import { addDaysIso, WEEKDAYS } from "../../app/domain/booking/time-zone";
import { oneService } from "../../app/domain/booking/visit-request";
import { monthDays } from "../../app/services/booking/month-days.server";
import { listVisitTimes } from "../../app/services/booking/visit-times.server";
import type { Database } from "../../app/services/db/client.server";
import { appointments } from "../../app/services/db/schema.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import {
  type Metric,
  ms,
  openBenchDatabase,
  percentile,
  printResult,
  type Timing,
  timeCalls,
  timingLine,
} from "./bench-support";
import {
  APPOINTMENTS,
  type BenchType,
  DAY,
  insertAll,
  insertBenchType,
  insertVisitTypes,
  MONTH_DAYS,
  MONTH_START,
  now,
  oneDayOfAppointments,
  oneMonthOfAppointments,
  TYPE_TECHNICIANS,
  zone,
} from "./slots-bench-data";

const DAY_CALLS = 1_000;
const MONTH_RUNS = 20;
const ENGINE_CALLS = 2_000;

/** What every case of the bench uses. */
interface Bench {
  db: Database;
  type: BenchType;
  /** Prints a case's line and keeps its median and p99 for the summary. */
  record(name: string, timing: Timing, unit?: string): void;
  /** The pure engine's input for the bench's service on a date. */
  engineInput(dateIso: string, busy: readonly BusyInterval[]): AvailabilityInput;
  // Kept listings (app/services/booking/slot-listing-cache.server.ts) are served while the day's
  // availability version stands; "after a change" marks every day changed before each call, as
  // a booking anywhere in the salon would, so each call reads the day from the database.
  changeEverything(): Promise<unknown>;
}

async function main() {
  const started = performance.now();
  const database = await openBenchDatabase();
  const { db } = database;
  const backend = database.label;
  const metrics: Metric[] = [];
  const record = (name: string, timing: Timing, unit = "per call") => {
    console.log(timingLine(name, timing, unit));
    metrics.push(
      { name: `${name}: median`, value: timing.median, unit: "ms" },
      { name: `${name}: p99`, value: timing.p99, unit: "ms" },
    );
  };

  try {
    console.log(
      `\n== listSlots with ${APPOINTMENTS.toLocaleString("en-US")} appointments (${backend}) ==`,
    );
    await seedCatalogueOnce(db);
    const type = await insertBenchType(db);
    const rule = {
      id: type.id,
      durationMin: type.durationMin,
      daysOfWeek: WEEKDAYS,
      startTime: type.startTime,
      endTime: type.endTime,
      technicians: type.technicians,
    };
    const bench: Bench = {
      db,
      type,
      record,
      engineInput: (dateIso, busy) => ({
        dateIso,
        type: rule,
        hours: weeklyHoursOf(business.hours),
        busy,
        now,
        zone,
      }),
      changeEverything: () => db.execute(sql`select bump_availability(array['-infinity'::date])`),
    };
    const dayRows = await oneDayCases(bench);
    await visitCases(bench);
    record(
      "engine only (listAvailableSlots), 10,000 busy on the day",
      await timeCalls(ENGINE_CALLS, () => listAvailableSlots(bench.engineInput(DAY, dayRows))),
    );
    await oneMonthCases(bench);
    console.log(`(slots bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    printResult("slots", backend, metrics);
  } finally {
    await database.close();
  }
}

/** All 10,000 on one day: one service's listing kept, after a change, for one named technician. */
async function oneDayCases({ db, type, record, changeEverything }: Bench) {
  const dayRows = oneDayOfAppointments();
  const insertStart = performance.now();
  await insertAll(db, dayRows);
  console.log(
    `inserted ${dayRows.length.toLocaleString("en-US")} appointments on ${DAY} in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`,
  );
  const daySlots = await listVisitTimes(db, { dateIso: DAY, items: oneService(type.id) }, { now });
  if (!daySlots.ok) throw new Error(daySlots.error);
  const dayRowsOfType = dayRows.filter((row) => TYPE_TECHNICIANS.includes(row.technician)).length;
  console.log(
    `${DAY}: the day's query reads ${dayRowsOfType} appointments of the service's technicians; ${daySlots.slots.length} slots free (${daySlots.slots[0]?.label ?? "-"} to ${daySlots.slots.at(-1)?.label ?? "-"})`,
  );
  record(
    "listSlots, one day",
    await timeCalls(DAY_CALLS, () =>
      listVisitTimes(db, { dateIso: DAY, items: oneService(type.id) }, { now }),
    ),
  );
  record(
    "listSlots, one day, after a change each time",
    await timeCalls(
      DAY_CALLS,
      () => listVisitTimes(db, { dateIso: DAY, items: oneService(type.id) }, { now }),
      20,
      changeEverything,
    ),
  );
  record(
    "listSlots, one day, one named technician",
    await timeCalls(DAY_CALLS, () =>
      listVisitTimes(db, { dateIso: DAY, items: oneService(type.id, "W001") }, { now }),
    ),
  );
  return dayRows;
}

/** A visit of three services on that day, each service's listing kept, then after a change. */
async function visitCases({ db, type, record, changeEverything }: Bench) {
  const visitTypes = await insertVisitTypes(db, type);
  const visitItems = visitTypes.map((t) => ({ typeId: t.id, technician: "any", addOnIds: [] }));
  const visit = await listVisitTimes(db, { dateIso: DAY, items: visitItems }, { now });
  if (!visit.ok) throw new Error(visit.error);
  console.log(`${DAY}: a three-service visit has ${visit.slots.length} start times free`);
  record(
    "listVisit, three services, one day",
    await timeCalls(DAY_CALLS, () =>
      listVisitTimes(db, { dateIso: DAY, items: visitItems }, { now }),
    ),
  );
  record(
    "listVisit, three services, one day, after a change each time",
    await timeCalls(
      DAY_CALLS,
      () => listVisitTimes(db, { dateIso: DAY, items: visitItems }, { now }),
      20,
      changeEverything,
    ),
  );
}

/** 10,000 over June: every day's listing, the month calendar, the engine alone. */
async function oneMonthCases({ db, type, record, engineInput }: Bench) {
  await db.execute(sql`truncate ${appointments}`);
  const monthRows = oneMonthOfAppointments();
  const insertStart = performance.now();
  await insertAll(db, monthRows);
  console.log(
    `inserted ${monthRows.length.toLocaleString("en-US")} appointments over June 2026 in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`,
  );
  const monthDates = Array.from({ length: MONTH_DAYS }, (_, d) => addDaysIso(MONTH_START, d));
  let freeInMonth = 0;
  for (const dateIso of monthDates) {
    const result = await listVisitTimes(db, { dateIso, items: oneService(type.id) }, { now });
    if (result.ok) freeInMonth += result.slots.length;
  }
  console.log(
    `June 2026: about ${Math.round(monthRows.length / MONTH_DAYS)} appointments a day; ${freeInMonth} slots free in the month`,
  );
  const perCall: number[] = [];
  const monthRun = await timeCalls(
    MONTH_RUNS,
    async () => {
      for (const dateIso of monthDates) {
        const start = performance.now();
        await listVisitTimes(db, { dateIso, items: oneService(type.id) }, { now });
        perCall.push(performance.now() - start);
      }
    },
    2,
  );
  // The warm-up runs' calls are not counted.
  const measured = perCall.slice(2 * MONTH_DAYS);
  record("listSlots, every day of a month: one day's call", {
    median: percentile(measured, 50),
    p99: percentile(measured, 99),
    samples: measured.length,
  });
  record("listSlots, every day of a month: the whole month", monthRun, "per month");
  // The same amount of data on every date: a difference between the first and the last day
  // is the cost of the appointments before the date that the day's query reads too.
  const ofDay = (d: number) => measured.filter((_, i) => i % MONTH_DAYS === d);
  const median = (values: number[]) => ms(percentile(values, 50));
  console.log(
    `  one day's call, median: ${monthDates[0]} ${median(ofDay(0))} ms, ${monthDates.at(-1)} ${median(ofDay(MONTH_DAYS - 1))} ms`,
  );
  // The booking form's month calendar (docs/product.md#month-calendar): the same month as one
  // request answers it, every day marked (the closed days and the services read once).
  const monthItems = [{ typeId: type.id, technician: "any", addOnIds: [] }];
  record(
    "monthDays, the month calendar's answer for June",
    await timeCalls(MONTH_RUNS, () =>
      monthDays(db, { month: MONTH_START.slice(0, 7), items: monthItems }, { now }),
    ),
    "per month",
  );
  record(
    "engine only, 10,000 busy over the month, one day",
    await timeCalls(ENGINE_CALLS, (i) =>
      listAvailableSlots(engineInput(monthDates[i % MONTH_DAYS] ?? MONTH_START, monthRows)),
    ),
  );
}

await main();
