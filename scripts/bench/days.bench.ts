// npx tsx scripts/bench/days.bench.ts          (in-memory PGlite)
// DATABASE_URL=postgres://... npx tsx scripts/bench/days.bench.ts   (a scratch database there)
//
// The booking form's month (GET /schedule/days, docs/product.md#month-calendar) with 10,000
// appointments stored: the route's own loader, called in this process as the server calls it
// (the listing budget's write, then the month), for next month's calendar:
// - kept: the same search again (its answer stands while no day of the month changed);
// - after a change: every day's availability moved before each call, as a booking anywhere would;
// - a visitor holding a time: her month is never kept, each call computes every day;
// - a visit of three services, after a change.
// Then what a month costs others: the times of one day (GET /schedule/times' loader), alone and
// while MONTH_LOOPS visitors ask for months back to back (each month computed afresh), since the
// embedded database answers one statement at a time.
// The data: the bench's service (10 technicians) and back-to-back 15-minute appointments from 10:00
// on every day of next month, 10,000 in all (about 33 a technician a day, so each day is full until
// mid-afternoon and free after).
import { sql } from "drizzle-orm";
import type { BusyInterval } from "../../app/domain/booking/slots";
import {
  addDaysIso,
  SALON_TIME_ZONE,
  salonDateOf,
  zonedDateTime,
} from "../../app/domain/booking/time-zone";
import { loader as daysLoader } from "../../app/routes/schedule-days";
import { loader as timesLoader } from "../../app/routes/schedule-times";
import type { Database } from "../../app/services/db/client.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import {
  type Metric,
  ms,
  openBenchDatabase,
  percentile,
  printResult,
  timeCalls,
} from "./bench-support";
import {
  APPOINTMENTS,
  type BenchType,
  insertAll,
  insertBenchType,
  insertVisitTypes,
  TYPE_TECHNICIANS,
} from "./slots-bench-data";

const CALLS = Number(process.env.BENCH_DAYS_CALLS ?? 300);
const MONTH_LOOPS = 3;
const TIMES_CALLS = 300;
/** A hold cookie's value (43 URL-safe characters): the month is then computed on every call. */
const HOLD = `hold=${"h".repeat(43)}`;

const today = salonDateOf(new Date(), SALON_TIME_ZONE);
/** Next month, "YYYY-MM", and its days. */
const month = addDaysIso(`${today.slice(0, 7)}-28`, 7).slice(0, 7);
const monthDates: string[] = [];
for (let day = `${month}-01`; day.startsWith(month); day = addDaysIso(day, 1)) monthDates.push(day);

/** Back-to-back 15-minute appointments from 10:00 for the service's technicians, every day. */
function monthOfAppointments(): BusyInterval[] {
  const rows: BusyInterval[] = [];
  for (let k = 0; rows.length < APPOINTMENTS; k++) {
    for (const dateIso of monthDates) {
      const opening = zonedDateTime(dateIso, "10:00", SALON_TIME_ZONE).getTime();
      for (const technician of TYPE_TECHNICIANS) {
        if (rows.length === APPOINTMENTS) return rows;
        const start = opening + k * 15 * 60_000;
        rows.push({ technician, startMs: start, endMs: start + 15 * 60_000 });
      }
    }
  }
  return rows;
}

let client = 0;
/**
 * A route's loader as the server calls it; each call from its own address (its own budget), in
 * its own turn of the event loop as a request from the network is (a loop of calls chained by
 * promises alone would never let a month that yields to the event loop go on).
 */
async function get(
  db: Database,
  route: typeof daysLoader | typeof timesLoader,
  query: string,
  cookie?: string,
): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  client += 1;
  const request = new Request(`http://salon.test/${query}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const clientAddress = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  const args = { request, context: { db, clientAddress }, params: {} };
  const response = await (route as (args: unknown) => Promise<Response>)(args);
  if (response.status !== 200)
    throw new Error(`${query}: ${response.status} ${await response.text()}`);
  await response.text();
}

/** Times `n` calls: median, p95 and p99. */
async function measure(n: number, fn: () => Promise<unknown>, before?: () => unknown) {
  const samples: number[] = [];
  await timeCalls(
    n,
    async () => {
      const start = performance.now();
      await fn();
      samples.push(performance.now() - start);
    },
    10,
    before,
  );
  const measured = samples.slice(10);
  return {
    p50: percentile(measured, 50),
    p95: percentile(measured, 95),
    p99: percentile(measured, 99),
    n: measured.length,
  };
}

async function main() {
  const database = await openBenchDatabase();
  const { db } = database;
  const metrics: Metric[] = [];
  const record = (name: string, t: Awaited<ReturnType<typeof measure>>) => {
    console.log(
      `${name.padEnd(62)} p50 ${ms(t.p50).padStart(6)} ms  p95 ${ms(t.p95).padStart(6)} ms  p99 ${ms(t.p99).padStart(6)} ms  (${t.n} calls)`,
    );
    metrics.push(
      { name: `${name}: p50`, value: t.p50, unit: "ms" },
      { name: `${name}: p95`, value: t.p95, unit: "ms" },
      { name: `${name}: p99`, value: t.p99, unit: "ms" },
    );
  };
  try {
    console.log(`\n== /schedule/days with 10,000 appointments (${database.label}), ${month} ==`);
    await seedCatalogueOnce(db);
    const type: BenchType = await insertBenchType(db);
    await insertAll(db, monthOfAppointments());
    const visit = await insertVisitTypes(db, type);
    const one = `schedule/days?month=${month}&service=${type.id}&technician=any`;
    const three = `schedule/days?month=${month}&${visit
      .map((t, i) => `service${i ? i + 1 : ""}=${t.id}&technician${i ? i + 1 : ""}=any`)
      .join("&")}`;
    const changeEverything = () =>
      db.execute(sql`select bump_availability(array['-infinity'::date])`);
    record(
      "/schedule/days, one service, kept",
      await measure(CALLS, () => get(db, daysLoader, one)),
    );
    record(
      "/schedule/days, one service, after a change each time",
      await measure(CALLS, () => get(db, daysLoader, one), changeEverything),
    );
    record(
      "/schedule/days, one service, visitor holding a time",
      await measure(CALLS, () => get(db, daysLoader, one, HOLD)),
    );
    record(
      "/schedule/days, three-service visit, after a change each time",
      await measure(CALLS, () => get(db, daysLoader, three), changeEverything),
    );
    await othersWhileMonths(db, type, record);
    printResult("days", database.label, metrics);
  } finally {
    await database.close();
  }
}

/** The times of a day, alone and while MONTH_LOOPS visitors ask for months without pause. */
async function othersWhileMonths(
  db: Database,
  type: BenchType,
  record: (name: string, t: Awaited<ReturnType<typeof measure>>) => void,
) {
  const date = monthDates[9] ?? `${month}-10`;
  const times = `schedule/times?date=${date}&service=${type.id}&technician=any`;
  const month1 = `schedule/days?month=${month}&service=${type.id}&technician=any`;
  record("/schedule/times alone", await measure(TIMES_CALLS, () => get(db, timesLoader, times)));
  let running = true;
  let months = 0;
  // Each visitor her own hold: the same month of one visitor, asked while it waits, is computed
  // once for both requests (month-queue.server.ts).
  const loops = Array.from({ length: MONTH_LOOPS }, async (_, visitor) => {
    const hold = `${HOLD.slice(0, -1)}${visitor}`;
    while (running) {
      await get(db, daysLoader, month1, hold);
      months += 1;
    }
  });
  const started = performance.now();
  const during = await measure(TIMES_CALLS, () => get(db, timesLoader, times));
  running = false;
  await Promise.all(loops);
  const seconds = (performance.now() - started) / 1000;
  record(`/schedule/times while ${MONTH_LOOPS} visitors load months`, during);
  console.log(`  (${months} months answered meanwhile, ${(months / seconds).toFixed(0)} a second)`);
}

await main();
