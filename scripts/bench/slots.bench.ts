// npx tsx scripts/bench/slots.bench.ts          (in-memory PGlite)
// DATABASE_URL=postgres://... npx tsx scripts/bench/slots.bench.ts   (a scratch database there)
//
// How long listSlots takes with 10,000 appointments stored: a kept listing (one statement that
// reads the version, the service and the closed days, and the pure engine) and, "after a change",
// a fresh one (the same statement also reading the workers' busy times, and the engine):
// - "day": all 10,000 on one date (125 workers, 80 short appointments each, 10:00-18:00), and a
//   service with 10 workers (the most the schema allows), so the day's query returns 800 rows;
// - "month": 10,000 over the 30 days of June 2026 for that service's 10 workers (about 33 a worker
//   a day), listed for every day of the month, as a month view would.
// Then the pure listAvailableSlots alone, handed all 10,000 intervals at once, for comparison.
import { sql } from "drizzle-orm";
import { business } from "../../app/content/business";
import { type BusyInterval, listAvailableSlots } from "../../app/domain/booking/slots";
import { addDaysIso, WEEKDAYS, zonedDateTime } from "../../app/domain/booking/time-zone";
import { monthDays } from "../../app/services/booking/month-days.server";
import { listSlots } from "../../app/services/booking/slot-listing.server";
import { listVisit } from "../../app/services/booking/visit.server";
import type { Database } from "../../app/services/db/client.server";
import { appointments, appointmentTypes } from "../../app/services/db/schema.server";
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

const APPOINTMENTS = 10_000;
const DAY_CALLS = 1_000;
const MONTH_RUNS = 20;
const ENGINE_CALLS = 2_000;

const zone = business.timeZone;
/** Fixed clock: Friday, May 1 2026, 10:00 AM in Chicago. */
const now = new Date("2026-05-01T15:00:00.000Z");
const DAY = "2026-05-12"; // a Tuesday: open 10:00-20:00
const MONTH_START = "2026-06-01";
const MONTH_DAYS = 30;

const workerName = (i: number) => `W${String(i + 1).padStart(3, "0")}`;
const TYPE_WORKERS = Array.from({ length: 10 }, (_, i) => workerName(i));

async function insertAll(db: Database, rows: BusyInterval[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    await db.insert(appointments).values(
      rows.slice(i, i + 1_000).map((row, j) => ({
        name: `Bench Client ${i + j}`,
        email: `client${i + j}@example.com`,
        typeName: "Bench Service",
        category: "Bench",
        worker: row.worker,
        startsAt: new Date(row.startMs),
        endsAt: new Date(row.endMs),
        price: "$50",
      })),
    );
  }
}

const MINUTE = 60_000;

/** 125 workers x 80 appointments of 5 minutes, one every 6 minutes from 10:00: one busy day. */
function oneDayOfAppointments(): BusyInterval[] {
  const opening = zonedDateTime(DAY, "10:00", zone).getTime();
  const rows: BusyInterval[] = [];
  for (let w = 0; rows.length < APPOINTMENTS; w++) {
    for (let k = 0; k < 80 && rows.length < APPOINTMENTS; k++) {
      const start = opening + k * 6 * MINUTE;
      rows.push({ worker: workerName(w), startMs: start, endMs: start + 5 * MINUTE });
    }
  }
  return rows;
}

/** The service's 10 workers, back-to-back 15-minute appointments from 10:00 every day of June. */
function oneMonthOfAppointments(): BusyInterval[] {
  const perWorkerDay = Math.ceil(APPOINTMENTS / (MONTH_DAYS * TYPE_WORKERS.length));
  const rows: BusyInterval[] = [];
  for (let k = 0; k < perWorkerDay; k++) {
    for (let d = 0; d < MONTH_DAYS; d++) {
      const opening = zonedDateTime(addDaysIso(MONTH_START, d), "10:00", zone).getTime();
      for (const worker of TYPE_WORKERS) {
        if (rows.length === APPOINTMENTS) return rows;
        const start = opening + k * 15 * MINUTE;
        rows.push({ worker, startMs: start, endMs: start + 15 * MINUTE });
      }
    }
  }
  return rows;
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
    const [type] = await db
      .insert(appointmentTypes)
      .values({
        type: "Bench Full Set",
        category: "Bench",
        daysOfWeek: WEEKDAYS.join(","),
        durationMin: 30,
        description: "A service with the most workers the schema allows.",
        startTime: "10:00",
        endTime: "20:00",
        workers: TYPE_WORKERS,
        price: "$50",
      })
      .returning();
    if (!type) throw new Error("No bench type");
    const rule = {
      id: type.id,
      durationMin: type.durationMin,
      daysOfWeek: WEEKDAYS,
      startTime: type.startTime,
      endTime: type.endTime,
      workers: type.workers,
    };
    const engineInput = (dateIso: string, busy: readonly BusyInterval[]) => ({
      dateIso,
      type: rule,
      hours: business.hours,
      busy,
      now,
      zone,
    });

    // --- One day with all 10,000 ---------------------------------------------------------------
    const dayRows = oneDayOfAppointments();
    let insertStart = performance.now();
    await insertAll(db, dayRows);
    console.log(
      `inserted ${dayRows.length.toLocaleString("en-US")} appointments on ${DAY} in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`,
    );
    const daySlots = await listSlots(db, { dateIso: DAY, typeId: type.id }, { now });
    if (!daySlots.ok) throw new Error(daySlots.error);
    const dayRowsOfType = dayRows.filter((row) => TYPE_WORKERS.includes(row.worker)).length;
    console.log(
      `${DAY}: the day's query reads ${dayRowsOfType} appointments of the service's workers; ${daySlots.slots.length} slots free (${daySlots.slots[0]?.label ?? "-"} to ${daySlots.slots.at(-1)?.label ?? "-"})`,
    );
    // Kept listings (app/services/booking/slot-listing-cache.server.ts) are served while the day's
    // availability version stands; "after a change" marks every day changed before each call, as
    // a booking anywhere in the salon would, so each call reads the day from the database.
    const changeEverything = () =>
      db.execute(sql`select bump_availability(array['-infinity'::date])`);
    record(
      "listSlots, one day",
      await timeCalls(DAY_CALLS, () => listSlots(db, { dateIso: DAY, typeId: type.id }, { now })),
    );
    record(
      "listSlots, one day, after a change each time",
      await timeCalls(
        DAY_CALLS,
        () => listSlots(db, { dateIso: DAY, typeId: type.id }, { now }),
        20,
        changeEverything,
      ),
    );
    record(
      "listSlots, one day, one named worker",
      await timeCalls(DAY_CALLS, () =>
        listSlots(db, { dateIso: DAY, typeId: type.id, worker: "W001" }, { now }),
      ),
    );
    // A visit of three services (docs/product.md#visits): the first, then two more with the
    // same workers, one of them side by side with the first; each service's listing is kept.
    const more = await db
      .insert(appointmentTypes)
      .values(
        [
          { type: "Bench Pedicure", durationMin: 45, sideBySide: true },
          { type: "Bench Massage", durationMin: 20, sideBySide: false },
        ].map((extra) => ({
          ...extra,
          category: "Bench",
          daysOfWeek: WEEKDAYS.join(","),
          description: "A second service for the visit bench.",
          startTime: "10:00",
          endTime: "20:00",
          workers: TYPE_WORKERS,
          price: "$40",
        })),
      )
      .returning();
    await db
      .update(appointmentTypes)
      .set({ sideBySide: true })
      .where(sql`${appointmentTypes.id} = ${type.id}`);
    const visitItems = [type, ...more].map((t) => ({ typeId: t.id, worker: "any", addOnIds: [] }));
    const visit = await listVisit(db, { dateIso: DAY, items: visitItems }, { now });
    if (!visit.ok) throw new Error(visit.error);
    console.log(`${DAY}: a three-service visit has ${visit.slots.length} start times free`);
    record(
      "listVisit, three services, one day",
      await timeCalls(DAY_CALLS, () => listVisit(db, { dateIso: DAY, items: visitItems }, { now })),
    );
    record(
      "listVisit, three services, one day, after a change each time",
      await timeCalls(
        DAY_CALLS,
        () => listVisit(db, { dateIso: DAY, items: visitItems }, { now }),
        20,
        changeEverything,
      ),
    );
    record(
      "engine only (listAvailableSlots), 10,000 busy on the day",
      await timeCalls(ENGINE_CALLS, () => listAvailableSlots(engineInput(DAY, dayRows))),
    );

    // --- One month with 10,000 -----------------------------------------------------------------
    await db.execute(sql`truncate ${appointments}`);
    const monthRows = oneMonthOfAppointments();
    insertStart = performance.now();
    await insertAll(db, monthRows);
    console.log(
      `inserted ${monthRows.length.toLocaleString("en-US")} appointments over June 2026 in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`,
    );
    const monthDates = Array.from({ length: MONTH_DAYS }, (_, d) => addDaysIso(MONTH_START, d));
    let freeInMonth = 0;
    for (const dateIso of monthDates) {
      const result = await listSlots(db, { dateIso, typeId: type.id }, { now });
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
          await listSlots(db, { dateIso, typeId: type.id }, { now });
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
    const monthItems = [{ typeId: type.id, worker: "any", addOnIds: [] }];
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
    console.log(`(slots bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    printResult("slots", backend, metrics);
  } finally {
    await database.close();
  }
}

await main();
