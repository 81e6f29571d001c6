// What the benchmark scripts share: a scratch database, percentiles, and the one machine-readable
// line each script prints for scripts/bench/run.ts's summary.
//
// The database: an in-memory PGlite (migrated at open), or, when DATABASE_URL is set, a new
// database created on that server for this run and dropped afterwards. A benchmark never writes
// into the database DATABASE_URL names: it inserts thousands of made-up appointments.
// Relative imports: these scripts run with plain tsx, without the `~/` alias.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/services/db/client.server";

interface BenchDatabase extends DatabaseHandle {
  /** "PGlite" or "PostgreSQL", for the printed report. */
  label: string;
}

export async function openBenchDatabase(
  options: { poolSize?: number } = {},
): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    return { ...handle, label: "PGlite" };
  }
  const name = `salon_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: options.poolSize });
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...handle,
    label: "PostgreSQL",
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl`, for a server process under
 * benchmark (which migrates it at start); drop() removes it.
 */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `salon_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * pg's pool.end() resolves before its connections have finished closing; dropping the database
 * "with (force)" at once would cut them and make the pool log lost connections. Wait for them.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await adminQuery(serverUrl, `drop database if exists "${name}"`);
      return;
    } catch (error) {
      // 55006 object_in_use: connections still closing.
      if ((error as { code?: string }).code !== "55006") throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Nearest-rank percentile (p in 0..100) of samples; NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface Timing {
  median: number;
  p99: number;
  samples: number;
}

/** Runs `fn` `warmup` times unmeasured, then `n` times, each timed in milliseconds. */
export async function timeCalls(
  n: number,
  fn: (i: number) => unknown,
  warmup = Math.min(20, n),
  /** Runs, untimed, before each call (e.g. to make each one miss a cache). */
  before?: () => unknown,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) {
    await before?.();
    await fn(i);
  }
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    await before?.();
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return { median: percentile(samples, 50), p99: percentile(samples, 99), samples: n };
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return "-";
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function timingLine(label: string, timing: Timing, unit = "per call"): string {
  return `${label.padEnd(58)} median ${ms(timing.median).padStart(7)} ms   p99 ${ms(timing.p99).padStart(7)} ms   (${timing.samples} ${unit === "per call" ? "calls" : "runs"}, ${unit})`;
}

/** One number of a benchmark, for run.ts's summary table. */
export interface Metric {
  name: string;
  value: number;
  unit: string;
}

export const RESULT_PREFIX = "BENCH_RESULT ";

/** The last line of a benchmark's output: read by run.ts, harmless to a reader. */
export function printResult(bench: string, backend: string, metrics: Metric[]): void {
  console.log(`${RESULT_PREFIX}${JSON.stringify({ bench, backend, metrics })}`);
}

/** A small seeded PRNG (mulberry32): the same run makes the same choices. */
export function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, values: readonly T[]): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error("pick from an empty list");
  return value;
}
