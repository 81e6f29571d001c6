// npx tsx scripts/bench/booking-throughput.bench.ts          (in-memory PGlite)
// DATABASE_URL=postgres://... npx tsx scripts/bench/booking-throughput.bench.ts   (a scratch
// database there, with a pool of 50 connections: one per customer)
//
// 50 customers confirm bookings at once, each booking again as soon as it has its answer, for
// BENCH_SECONDS (10) or BENCH_ATTEMPTS (2,000) attempts in total, whichever comes first. The
// opening rush: every customer's first attempt is the same slot (Monday 10:00 AM, Reg Mani/Pedi,
// three technicians), so 50 confirms race for it; after that, random slots of four services (one,
// two and three technicians) over three days, "Any available" three times in four, else a named
// technician. Every call goes through bookAppointment (validation,
// recomputed availability, the insert and both emails in one transaction). Afterwards SQL looks
// for double bookings (two overlapping booked appointments of one technician): there must be none.

import { and, count, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { business } from "../../app/content/business";
import { ANY_TECHNICIAN } from "../../app/domain/booking/booking-schema";
import { weeklyHoursOf } from "../../app/domain/booking/opening-hours";
import { listAvailableSlots } from "../../app/domain/booking/slots";
import { addDaysIso, SALON_TIME_ZONE } from "../../app/domain/booking/time-zone";
import { bookAppointment } from "../../app/services/booking/booking.server";
import type { Database } from "../../app/services/db/client.server";
import { appointments, emailOutbox } from "../../app/services/db/schema.server";
import {
  type AppointmentTypeView,
  listAppointmentTypes,
} from "../../app/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "../../app/services/salon/catalogue-seed.server";
import {
  type Metric,
  ms,
  openBenchDatabase,
  percentile,
  pick,
  printResult,
  randomGenerator,
} from "./bench-support";

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 2_000);
const SERVICES = ["Eyebrow Wax", "Acrylic Fill", "Reg Mani/Pedi", "Classic Pedicure"];
/** Fixed clock: Friday, May 1 2026, 10:00 AM in Chicago; bookings Monday to Friday after. */
const now = new Date("2026-05-01T15:00:00.000Z");
const DATES = Array.from({ length: 3 }, (_, d) => addDaysIso("2026-05-04", d));

type Choice = { type: AppointmentTypeView; dateIso: string; startsAt: string };

/** What the customers' attempts came to; every customer adds to the one tally. */
interface Tally {
  attempts: number;
  successes: number;
  errors: number;
  unavailable: Map<string, number>;
  invalid: string[];
  errorSamples: Map<string, number>;
  latencies: number[];
}

async function main() {
  const database = await openBenchDatabase({ poolSize: CLIENTS });
  const { db } = database;
  const backend = database.label;
  try {
    console.log(
      `\n== booking throughput: ${CLIENTS} concurrent clients, ${SECONDS} s or ${MAX_ATTEMPTS} attempts (${backend}) ==`,
    );
    const choices = await candidateSlots(db);
    const found = choices.find((c) => c.type.type === "Reg Mani/Pedi" && c.dateIso === DATES[0]);
    if (!found) throw new Error("No slot for the opening rush");
    const rush = found;

    const tally: Tally = {
      attempts: 0,
      successes: 0,
      errors: 0,
      unavailable: new Map(),
      invalid: [],
      errorSamples: new Map(),
      latencies: [],
    };
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => client(db, i, { choices, rush, deadline, tally })),
    );
    const seconds = (performance.now() - started) / 1000;
    await report(db, backend, tally, seconds);
  } finally {
    await database.close();
  }
}

/** Every start the rules allow on each date, bookings aside: what a client picks from. */
async function candidateSlots(db: Database): Promise<Choice[]> {
  await seedCatalogueOnce(db);
  const types = (await listAppointmentTypes(db)).filter((t) => SERVICES.includes(t.type));
  if (types.length !== SERVICES.length) throw new Error("The seed lacks a bench service");
  const choices = types.flatMap((type) =>
    DATES.flatMap((dateIso) =>
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
  const capacity = types.map((t) => `${t.type} (${t.technicians.join(", ")})`).join("; ");
  console.log(`${choices.length} candidate slots over ${DATES.length} days: ${capacity}`);
  return choices;
}

/** One client: the rush's slot first, then random ones, until the time or the attempts run out. */
async function client(
  db: Database,
  index: number,
  run: { choices: Choice[]; rush: Choice; deadline: number; tally: Tally },
) {
  const { choices, rush, deadline, tally } = run;
  const random = randomGenerator(1_000 + index);
  for (let own = 0; tally.attempts < MAX_ATTEMPTS && performance.now() < deadline; own++) {
    tally.attempts++;
    const choice = own === 0 ? rush : pick(random, choices);
    const technician =
      own > 0 && random() >= 0.75 ? pick(random, choice.type.technicians) : ANY_TECHNICIAN;
    const callStart = performance.now();
    try {
      const result = await bookAppointment(
        db,
        {
          dateIso: choice.dateIso,
          typeId: choice.type.id,
          startsAt: choice.startsAt,
          technician,
          name: `Customer ${index}`,
          email: `customer${index}@example.com`,
        },
        { now },
      );
      if (result.ok) tally.successes++;
      else if (result.kind === "unavailable") {
        tally.unavailable.set(result.reason, (tally.unavailable.get(result.reason) ?? 0) + 1);
      } else tally.invalid.push(JSON.stringify(result));
    } catch (error) {
      tally.errors++;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const key = cause?.code
        ? `${cause.code} ${cause.message ?? ""}`
        : error instanceof Error
          ? error.message
          : String(error);
      tally.errorSamples.set(key, (tally.errorSamples.get(key) ?? 0) + 1);
    }
    tally.latencies.push(performance.now() - callStart);
  }
}

/** Two booked appointments of one technician whose half-open ranges overlap: a double booking. */
async function countDoubleBookings(db: Database): Promise<number> {
  const other = alias(appointments, "other");
  const [doubles] = await db
    .select({ count: count() })
    .from(appointments)
    .innerJoin(
      other,
      and(
        eq(other.technician, appointments.technician),
        lt(appointments.id, other.id),
        lt(appointments.startsAt, other.endsAt),
        lt(other.startsAt, appointments.endsAt),
      ),
    )
    .where(and(eq(appointments.status, "booked"), eq(other.status, "booked")));
  return Number(doubles?.count ?? -1);
}

/** Prints the rates, the outcomes and what SQL finds stored; fails on any double booking. */
async function report(db: Database, backend: string, tally: Tally, seconds: number) {
  const { attempts, successes, errors, unavailable, invalid, errorSamples, latencies } = tally;
  const doubleBookings = await countDoubleBookings(db);
  const stored = await db.$count(appointments);
  const emails = await db.$count(emailOutbox);
  const conflicts = [...unavailable.values()].reduce((sum, n) => sum + n, 0);

  const reasons = [...unavailable].map(([reason, n]) => `${reason} ${n}`).join(", ");
  console.log(
    `${attempts} attempts in ${seconds.toFixed(1)} s: ${(attempts / seconds).toFixed(0)} attempts/s, ${(successes / seconds).toFixed(0)} successes/s`,
  );
  console.log(
    `successes ${successes}, conflicts ${conflicts} (${reasons || "none"}), invalid ${invalid.length}, errors ${errors}`,
  );
  for (const [message, n] of errorSamples) console.log(`  error x${n}: ${message}`);
  console.log(
    `latency per attempt: median ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms`,
  );
  console.log(
    `stored: ${stored} appointments, ${emails} outbox emails (expected ${2 * successes}); double bookings found by SQL: ${doubleBookings}`,
  );
  const metrics: Metric[] = [
    { name: "attempts/s", value: attempts / seconds, unit: "/s" },
    { name: "successes/s", value: successes / seconds, unit: "/s" },
    { name: "attempts", value: attempts, unit: "" },
    { name: "successes", value: successes, unit: "" },
    { name: "conflicts", value: conflicts, unit: "" },
    { name: "errors", value: errors + invalid.length, unit: "" },
    { name: "latency median", value: percentile(latencies, 50), unit: "ms" },
    { name: "latency p99", value: percentile(latencies, 99), unit: "ms" },
    { name: "double bookings (must be 0)", value: doubleBookings, unit: "" },
  ];
  printResult("booking throughput", backend, metrics);
  const consistent = stored === successes && emails === 2 * successes;
  if (doubleBookings !== 0 || !consistent) {
    console.error("FAILED: double bookings, or stored rows that do not match the successes.");
    process.exitCode = 1;
  }
}

await main();
