// DATABASE_URL=postgres://... npx tsx scripts/bench/nginx.bench.ts   (in npm run bench, PostgreSQL)
//
// The deployment of docs/operations.md under load: Debian's nginx running deploy/nginx.conf in
// front of two app processes on one PostgreSQL (a scratch database there). Measured:
// - GET /services and / through nginx (both processes) and straight to one process: requests per
//   second and p99, BENCH_CONNECTIONS (50) keep-alive connections for BENCH_HTTP_SECONDS (8) each;
// - booking throughput through nginx: BENCH_BOOKINGS (200) confirms of distinct free times, 8 at
//   a time, each from a loopback address of its own (the per-address limit is per client address) and
//   a customer of its own: bookings per second and the p99 of one confirm.
import http from "node:http";
import autocannon from "autocannon";
import { openDatabase } from "../../app/services/db/client.server";
import { type FreeSlot, findDistinctFreeSlots } from "../../tests/support/free-slots";
import { startNginxSite } from "../nginx-site";
import { startProductionServer } from "../serve-production";
import { freePort } from "./bench-server";
import { createScratchDatabase, type Metric, ms, percentile, printResult } from "./bench-support";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 200);
const AT_ONCE = 8;

async function load(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

/** One confirm through nginx from `localAddress`; resolves with its status and milliseconds. */
function confirm(url: string, slot: FreeSlot, i: number): Promise<{ status: number; ms: number }> {
  const body = Buffer.from(
    new URLSearchParams({
      date: slot.dateIso,
      service: slot.typeId,
      technician: slot.technician,
      slot: slot.startsAt,
      name: `Bench Customer ${i}`,
      email: `bench-${i}@example.com`,
    }).toString(),
  );
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/schedule/book`, {
      method: "POST",
      localAddress: `127.0.${4 + Math.floor(i / 250)}.${(i % 250) + 1}`,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": body.length,
      },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    request.end(body);
  });
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error("Set DATABASE_URL to a PostgreSQL server (scripts/ci-postgres.sh start).");
  const scratch = await createScratchDatabase(serverUrl);
  const env = { DATABASE_URL: scratch.url, TRUST_PROXY: "1" };
  const apps = [
    await startProductionServer(await freePort(), env),
    await startProductionServer(await freePort(), env),
  ];
  const nginx = await startNginxSite(apps.map((app) => Number(new URL(app.url).port)));
  const metrics: Metric[] = [];
  try {
    console.log(
      `\n== behind nginx: two processes on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s a run ==`,
    );
    for (const path of ["/services", "/"]) {
      const through = await load(`${nginx.url}${path}`);
      const direct = await load(`${apps[0]?.url}${path}`);
      console.log(
        `${path.padEnd(10)} through nginx ${through.rps.toFixed(0).padStart(6)} req/s p99 ${ms(through.p99)} ms (${through.failed} failed) | one process direct ${direct.rps.toFixed(0).padStart(6)} req/s p99 ${ms(direct.p99)} ms`,
      );
      metrics.push(
        { name: `${path} through nginx`, value: through.rps, unit: "req/s" },
        { name: `${path} p99 through nginx`, value: through.p99, unit: "ms" },
        { name: `${path} one process direct`, value: direct.rps, unit: "req/s" },
      );
    }

    const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    const slots = await findDistinctFreeSlots(handle.db, BOOKINGS).finally(() => handle.close());
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < slots.length) {
          const i = next++;
          const answer = await confirm(nginx.url, slots[i] as FreeSlot, i);
          times.push(answer.ms);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const booked = statuses.get(200) ?? 0;
    console.log(
      `bookings through nginx: ${booked} of ${slots.length} in ${seconds.toFixed(1)} s = ${(booked / seconds).toFixed(1)}/s, ${AT_ONCE} at a time; one confirm median ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    metrics.push(
      { name: "bookings/s through nginx", value: booked / seconds, unit: "/s" },
      { name: "confirm p99 through nginx", value: percentile(times, 99), unit: "ms" },
    );
  } finally {
    await nginx.stop();
    await Promise.all(apps.map((app) => app.stop()));
    await scratch.drop();
  }
  printResult("behind nginx", "PostgreSQL", metrics);
}

await main();
