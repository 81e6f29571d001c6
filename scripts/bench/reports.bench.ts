// npx tsx scripts/bench/reports.bench.ts          (in-memory PGlite)
// DATABASE_URL=postgres://... npx tsx scripts/bench/reports.bench.ts   (a scratch database there)
//
// The owner's report (docs/product.md#reports) over a year: 100,000 appointments from December
// 2025 to November 2026 (40 technicians, 2,000 customers, a tenth cancelled, most completed with an
// amount and a tip, three channels) and 365 days of page views. Times readReport for the twelve
// months beside the twelve before (both periods' statements and the working time), and for one
// week. Then, on either backend, a booking's time alone and while reports run one after another
// without a pause: what a booking waits because an owner is reading her year.

import { business } from "../../app/content/business";
import { ANY_TECHNICIAN } from "../../app/domain/booking/booking-schema";
import { weeklyHoursOf } from "../../app/domain/booking/opening-hours";
import { listAvailableSlots } from "../../app/domain/booking/slots";
import { addDaysIso, SALON_TIME_ZONE, zonedDateTime } from "../../app/domain/booking/time-zone";
import { namedPeriod, readPeriod } from "../../app/domain/reports/period";
import { bookAppointment } from "../../app/services/booking/booking.server";
import type { Database } from "../../app/services/db/client.server";
import { appointments, pageViewDays, technicians } from "../../app/services/db/schema.server";
import { readReport } from "../../app/services/reports/report.server";
import { listAppointmentTypes } from "../../app/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import {
  type Metric,
  ms,
  openBenchDatabase,
  percentile,
  pick,
  printResult,
  randomGenerator,
  timeCalls,
  timingLine,
} from "./bench-support";

/** BENCH_APPOINTMENTS: a smaller year for a quick look (the target is about 100,000). */
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 100_000);
const TECHNICIANS = Array.from({ length: 40 }, (_, i) => `Bench Tech ${i + 1}`);
const FIRST_DAY = "2025-12-01";
const DAYS = 365;
const SLOTS = ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"];
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 10);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 40);
/** The bookings' clock: Friday 1 May 2026, 10:00 AM in Chicago (dates after it are free). */
const now = new Date("2026-05-01T15:00:00.000Z");

type Row = typeof appointments.$inferInsert;

function generate(): Row[] {
  const random = randomGenerator(30);
  const rows: Row[] = [];
  for (let d = 0; d < DAYS && rows.length < APPOINTMENTS; d++) {
    const date = addDaysIso(FIRST_DAY, d);
    for (const technician of TECHNICIANS) {
      for (const slot of SLOTS) {
        if (rows.length >= APPOINTMENTS || random() > 0.8) continue;
        const startsAt = zonedDateTime(date, slot, SALON_TIME_ZONE);
        const cancelled = random() < 0.1;
        const outcome = random();
        const completed = !cancelled && outcome < 0.7;
        rows.push({
          name: "Bench Customer",
          email: `customer${Math.floor(random() * 2_000)}@example.com`,
          typeName: pick(random, ["Gel Manicure", "Pedicure", "Acrylic Full Set", "Nail Art"]),
          category: "Bench",
          technician,
          startsAt,
          endsAt: new Date(+startsAt + 50 * 60_000),
          createdAt: new Date(+startsAt - Math.floor(random() * 30 * 24) * 3_600_000),
          status: cancelled ? "cancelled" : "booked",
          cancelledAt: cancelled ? new Date(+startsAt - random() * 72 * 3_600_000) : null,
          visitStatus: completed ? "completed" : !cancelled && outcome < 0.78 ? "no_show" : null,
          priceCents: 5_000,
          chargedCents: completed ? 5_000 + Math.floor(random() * 2_000) : null,
          tipCents: completed ? Math.floor(random() * 1_500) : null,
          channel: pick(random, ["online", "online", "staff", "waitlist"] as const),
        });
      }
    }
  }
  return rows;
}

async function seed(db: Database): Promise<number> {
  await seedCatalogueOnce(db);
  await db.insert(technicians).values(TECHNICIANS.map((name) => ({ name })));
  // One customer's appointments together: each insert's trigger recounts only the customers in it
  // (drizzle/0032), so each customer is recounted once rather than with every batch.
  const rows = generate().sort((a, b) => (a.email ?? "").localeCompare(b.email ?? ""));
  for (let i = 0; i < rows.length; i += 2_000) {
    await db.insert(appointments).values(rows.slice(i, i + 2_000));
  }
  await db.insert(pageViewDays).values(
    Array.from({ length: DAYS }, (_, d) => ({
      day: addDaysIso(FIRST_DAY, d),
      pageName: "Schedule",
      views: 50 + (d % 40),
    })),
  );
  return rows.length;
}

/** Free starts of the seeded services a few days after `now`, shuffled: one per booking. */
async function bookingChoices(db: Database) {
  const random = randomGenerator(7);
  const types = (await listAppointmentTypes(db)).filter((t) => !t.addOn);
  const choices = types.flatMap((type) =>
    ["2026-05-04", "2026-05-05", "2026-05-06", "2026-05-07"].flatMap((dateIso) =>
      listAvailableSlots({
        dateIso,
        type,
        hours: weeklyHoursOf(business.hours),
        busy: [],
        now,
        zone: SALON_TIME_ZONE,
      }).map((slot) => ({ type, dateIso, startsAt: slot.startsAt.toISOString() })),
    ),
  );
  return choices.sort(() => random() - 0.5);
}

async function timeBookings(db: Database, choices: Awaited<ReturnType<typeof bookingChoices>>) {
  const times: number[] = [];
  let booked = 0;
  for (let i = 0; i < BOOKINGS; i++) {
    const choice = choices.pop();
    if (!choice) break;
    const start = performance.now();
    const result = await bookAppointment(
      db,
      {
        dateIso: choice.dateIso,
        typeId: choice.type.id,
        startsAt: choice.startsAt,
        technician: ANY_TECHNICIAN,
        name: `Booker ${i}`,
        email: `booker${i}-${choices.length}@example.com`,
      },
      { now },
    );
    times.push(performance.now() - start);
    if (result.ok) booked++;
  }
  return { median: percentile(times, 50), p99: percentile(times, 99), booked, tried: times.length };
}

async function main() {
  const database = await openBenchDatabase();
  const { db } = database;
  const backend = database.label;
  try {
    console.log(
      `\n== reports: ${APPOINTMENTS.toLocaleString("en-US")} appointments over a year (${backend}) ==`,
    );
    let started = performance.now();
    const seeded = await seed(db);
    console.log(
      `${seeded.toLocaleString("en-US")} appointments seeded in ${ms(performance.now() - started)} ms`,
    );
    const year = readPeriod({ period: "custom", from: FIRST_DAY, to: "2026-11-30" }, "2026-12-01");
    if (!year.ok) throw new Error("The year's period did not read");
    const week = namedPeriod("this-week", "2026-06-10");
    const yearTiming = await timeCalls(REPORT_RUNS, () => readReport(db, year.period, { now }), 2);
    console.log(timingLine("12-month report (and the 12 months before)", yearTiming, "per run"));
    const weekTiming = await timeCalls(REPORT_RUNS * 3, () => readReport(db, week, { now }), 3);
    console.log(timingLine("one week's report (and the week before)", weekTiming, "per run"));

    const choices = await bookingChoices(db);
    const alone = await timeBookings(db, choices);
    let reading = true;
    let reports = 0;
    const reader = (async () => {
      while (reading) {
        await readReport(db, year.period, { now });
        reports++;
      }
    })();
    started = performance.now();
    const during = await timeBookings(db, choices);
    reading = false;
    await reader;
    const line = (label: string, t: typeof alone) =>
      `${label.padEnd(58)} median ${ms(t.median).padStart(7)} ms   p99 ${ms(t.p99).padStart(7)} ms   (${t.booked}/${t.tried} booked)`;
    console.log(line("a booking, alone", alone));
    console.log(line(`a booking while reports run (${reports} reports meanwhile)`, during));
    const metrics: Metric[] = [
      { name: "12-month report median", value: yearTiming.median, unit: "ms" },
      { name: "12-month report p99", value: yearTiming.p99, unit: "ms" },
      { name: "week report median", value: weekTiming.median, unit: "ms" },
      { name: "booking alone median", value: alone.median, unit: "ms" },
      { name: "booking during reports median", value: during.median, unit: "ms" },
      { name: "booking during reports p99", value: during.p99, unit: "ms" },
    ];
    printResult("reports", backend, metrics);
  } finally {
    await database.close();
  }
}

await main();
