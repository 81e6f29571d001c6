// npm run bench: every benchmark on the embedded database (PGlite), then again on a throwaway
// PostgreSQL 15 (scripts/ci-postgres.sh) when its binaries are installed, then a summary table.
// Each benchmark is its own process (a fresh database, its memory given back afterwards); it
// prints its numbers and ends with one `BENCH_RESULT {...}` line that this script collects.
//
// To add a benchmark, add a step below. A step runs once per backend with DATABASE_URL set for
// PostgreSQL and unset for PGlite; `backends` limits it to some of them.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { type Metric, ms, RESULT_PREFIX } from "./bench-support";

type Backend = "PGlite" | "PostgreSQL";

interface Step {
  name: string;
  /** A TypeScript file run with tsx, from the repository root. */
  script: string;
  backends?: Backend[];
}

const steps: Step[] = [
  { name: "slots", script: "scripts/bench/slots.bench.ts" },
  { name: "days", script: "scripts/bench/days.bench.ts" },
  { name: "booking throughput", script: "scripts/bench/booking-throughput.bench.ts" },
  // A year's report over 100,000 appointments, and a booking made while reports run.
  { name: "reports", script: "scripts/bench/reports.bench.ts" },
  // The production server over HTTP (beside nginx); needs build/ (built if missing).
  { name: "http", script: "scripts/bench/http.bench.ts" },
  { name: "memory", script: "scripts/bench/memory.bench.ts" },
  // One 12 MP JPEG processed; the server's memory while ten are uploaded (docs/performance.md).
  { name: "photos", script: "scripts/bench/photos.bench.ts" },
  // The costliest photos accepted, each alone in a process, then a request carrying them all
  // (docs/security.md#photo-limits). Decoding involves no database: one backend is enough.
  { name: "photo limits", script: "scripts/bench/photo-limits.bench.ts", backends: ["PGlite"] },
  // Refused before the database is involved: one backend is enough.
  { name: "oversized posts", script: "scripts/bench/oversized.bench.ts", backends: ["PGlite"] },
  // Two processes on one PostgreSQL behind Debian's nginx (deploy/nginx.conf).
  { name: "behind nginx", script: "scripts/bench/nginx.bench.ts", backends: ["PostgreSQL"] },
];

const POSTGRES_INITDB = "/usr/lib/postgresql/15/bin/initdb";

interface Result {
  bench: string;
  backend: string;
  metrics: Metric[];
}

const results: Result[] = [];
const failures: string[] = [];

/** Runs one step, passing its output through, and keeps its BENCH_RESULT line. */
function runStep(step: Step, backend: Backend, databaseUrl?: string): Promise<void> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", step.script], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let reported = false;
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith(RESULT_PREFIX)) {
        results.push(JSON.parse(line.slice(RESULT_PREFIX.length)) as Result);
        reported = true;
      } else {
        console.log(line);
      }
    });
    child.on("close", (code) => {
      if (code !== 0 || !reported) failures.push(`${step.name} on ${backend} (exit ${code})`);
      resolve();
    });
  });
}

async function runAll(backend: Backend, databaseUrl?: string): Promise<void> {
  for (const step of steps) {
    if (step.backends && !step.backends.includes(backend)) continue;
    await runStep(step, backend, databaseUrl);
  }
}

/** A throwaway PostgreSQL 15 server; stopped (and its folder removed) by stop(). */
function startPostgres(): { url: string; stop(): void } {
  const output = execFileSync("scripts/ci-postgres.sh", ["start"], { encoding: "utf8" });
  const value = (key: string) => output.match(new RegExp(`^${key}=(.+)$`, "m"))?.[1]?.trim();
  const url = value("TEST_DATABASE_URL");
  const dir = value("PGDIR");
  if (!url || !dir) throw new Error(`Unexpected output of scripts/ci-postgres.sh:\n${output}`);
  let stopped = false;
  return {
    url,
    stop() {
      if (stopped) return;
      stopped = true;
      execFileSync("scripts/ci-postgres.sh", ["stop", dir], { stdio: "inherit" });
    },
  };
}

function printSummary(): void {
  const backends = [...new Set(results.map((r) => r.backend))];
  const rows: string[][] = [];
  for (const bench of [...new Set(results.map((r) => r.bench))]) {
    const names = [
      ...new Set(
        results.filter((r) => r.bench === bench).flatMap((r) => r.metrics.map((m) => m.name)),
      ),
    ];
    for (const name of names) {
      rows.push([
        bench,
        name,
        ...backends.map((backend) => {
          const metric = results
            .find((r) => r.bench === bench && r.backend === backend)
            ?.metrics.find((m) => m.name === name);
          if (!metric) return "-";
          const value =
            metric.unit === "ms" ? ms(metric.value) : Math.round(metric.value).toString();
          return metric.unit && metric.unit !== "/s" ? `${value} ${metric.unit}` : value;
        }),
      ]);
    }
  }
  const header = ["bench", "measure", ...backends];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  console.log("\n== Summary ==");
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

const started = performance.now();
await runAll("PGlite");

let server: ReturnType<typeof startPostgres> | undefined;
if (!fs.existsSync(POSTGRES_INITDB)) {
  console.log(`\n(PostgreSQL benchmarks skipped: ${POSTGRES_INITDB} is not installed.)`);
} else {
  try {
    server = startPostgres();
  } catch (error) {
    failures.push(`starting PostgreSQL: ${error instanceof Error ? error.message : error}`);
  }
}
if (server) {
  const stopOnSignal = () => {
    server.stop();
    process.exit(130);
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    await runAll("PostgreSQL", server.url);
  } finally {
    server.stop();
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
  }
}

printSummary();
console.log(`\nAll benchmarks took ${((performance.now() - started) / 1000).toFixed(0)} s.`);
if (failures.length > 0) {
  console.error(`Failed: ${failures.join("; ")}`);
  process.exitCode = 1;
}
