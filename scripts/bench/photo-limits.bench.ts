// npx tsx scripts/bench/photo-limits.bench.ts
//
// Photo limits (docs/security.md#photo-limits): what the costliest photos cost the server.
// 1. Each file below, made here by sharp (one colour, so each is small to send), checked and
//    converted by preparePhoto alone in a fresh process with the server's malloc settings
//    (scripts/serve.sh): the peak RSS over the RSS before (VmHWM, reset first) and the time. The
//    candidates for the worst accepted file, and the attack files, which must be refused.
// 2. The production server's VmRSS, sampled every 50 ms, while one request uploads the worst
//    accepted file of step 1 to 'Gallery', then while one request carries every accepted file
//    of step 1 at once (the route converts them one after another).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { SESSION_COOKIE } from "../../app/lib/staff-cookie.server";
import { openDatabase } from "../../app/services/db/client.server";
import { preparePhoto } from "../../app/services/site/photo-process.server";
import { createOrResetStaffUser } from "../../app/services/staff/auth.server";
import { createSession } from "../../app/services/staff/session.server";
import { blackPng } from "../../tests/support/photo-files";
import { startProductionServer } from "../serve-production";
import { freePort } from "./bench-server";
import { createScratchDatabase, type Metric, ms, printResult } from "./bench-support";

const SERVER_MALLOC = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "16384",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

interface Candidate {
  name: string;
  make(): Promise<Buffer> | Buffer;
  /** Refused since issue 36: measured in process only, never sent to the server. */
  attack?: true;
}

const colour = { r: 200, g: 80, b: 120, alpha: 0.5 };
const plain = (width: number, height: number, channels: 3 | 4 = 4) =>
  sharp({ create: { width, height, channels, background: colour }, limitInputPixels: false });
const png16 = (width: number, height: number) => plain(width, height).toColourspace("rgb16");

const CANDIDATES: Candidate[] = [
  { name: "PNG 16-bit RGBA 12,000 x 3,333", make: () => png16(12_000, 3_333).png().toBuffer() },
  {
    name: "PNG 16-bit RGBA 12,000 x 3,333, turned (EXIF 6)",
    make: () => png16(12_000, 3_333).png().withMetadata({ orientation: 6 }).toBuffer(),
  },
  { name: "PNG 16-bit RGBA 12,000 x 600 (1:20)", make: () => png16(12_000, 600).png().toBuffer() },
  {
    name: "PNG 16-bit RGBA interlaced 12,000 x 1,666",
    make: () => png16(12_000, 1_666).png({ progressive: true }).toBuffer(),
  },
  {
    name: "PNG 8-bit RGBA interlaced 12,000 x 3,333",
    make: () => plain(12_000, 3_333).png({ progressive: true }).toBuffer(),
  },
  {
    name: "JPEG progressive 4:4:4 12,000 x 2,222",
    make: () =>
      plain(12_000, 2_222, 3).jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer(),
  },
  {
    name: "JPEG progressive 4:2:0 12,000 x 3,333",
    make: () => plain(12_000, 3_333, 3).jpeg({ progressive: true }).toBuffer(),
  },
  {
    name: "JPEG 4:4:4 6,324 x 6,324, turned (EXIF 6)",
    make: () =>
      plain(6_324, 6_324, 3)
        .jpeg({ chromaSubsampling: "4:4:4" })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
  },
  { name: "WebP 6,324 x 6,324", make: () => plain(6_324, 6_324).webp({ effort: 0 }).toBuffer() },
  // Refused since issue 36: the attack files, and what the whole-decode rule refuses.
  { name: "PNG 16-bit RGBA 10,000,000 x 1", make: () => blackPng(10_000_000, 1), attack: true },
  {
    name: "PNG grey 1 x 39,999,999",
    make: () => blackPng(1, 39_999_999, { channels: 1, bitDepth: 8 }),
    attack: true,
  },
  {
    name: "PNG 16-bit RGBA interlaced 12,000 x 3,333",
    make: () => png16(12_000, 3_333).png({ progressive: true }).toBuffer(),
    attack: true,
  },
  {
    name: "JPEG progressive 4:4:4 12,000 x 3,333",
    make: () =>
      plain(12_000, 3_333, 3).jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer(),
    attack: true,
  },
];

interface Measured {
  name: string;
  attack: boolean;
  bytes: number;
  growthMb: number;
  ms: number;
  outcome: string;
}

const statusMb = (status: string, key: string) =>
  Number(status.match(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, "m"))?.[1] ?? Number.NaN) / 1024;
const rssMb = (pid: number | "self") =>
  statusMb(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");

/** The child: converts one file and prints what it cost as one JSON line. */
async function measureOne(file: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  // sharp's own start (its threads, its first pipeline) is not the photo's cost.
  await preparePhoto(await plain(8, 8).png().toBuffer());
  fs.writeFileSync("/proc/self/clear_refs", "5"); // VmHWM := VmRSS
  const before = rssMb("self");
  const started = performance.now();
  const result = await preparePhoto(bytes);
  const took = performance.now() - started;
  const peak = statusMb(fs.readFileSync("/proc/self/status", "utf8"), "VmHWM");
  const outcome = result.ok ? `ok, ${result.photo.width} x ${result.photo.height}` : result.message;
  console.log(JSON.stringify({ growthMb: peak - before, ms: took, outcome }));
}

function measureInChild(file: string): { growthMb: number; ms: number; outcome: string } {
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/bench/photo-limits.bench.ts", "--one", file],
    { env: { ...process.env, ...SERVER_MALLOC }, encoding: "utf8" },
  );
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) {
    return { growthMb: Number.NaN, ms: Number.NaN, outcome: `failed: ${child.stderr.slice(-200)}` };
  }
  return JSON.parse(line);
}

async function processing(dir: string, metrics: Metric[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const [index, candidate] of CANDIDATES.entries()) {
    const bytes = await candidate.make();
    const file = path.join(dir, `${index}`);
    fs.writeFileSync(file, bytes);
    const one = {
      name: candidate.name,
      attack: candidate.attack === true,
      bytes: bytes.length,
      ...measureInChild(file),
    };
    measured.push(one);
    console.log(
      `${one.name.padEnd(50)} ${`${(one.bytes / 1024).toFixed(0)} KB`.padStart(8)}  +${one.growthMb.toFixed(0).padStart(4)} MB  ${ms(one.ms).padStart(7)} ms  ${one.outcome.slice(0, 70)}`,
    );
    metrics.push(
      { name: `${one.name}: RSS growth`, value: one.growthMb, unit: "MB" },
      { name: `${one.name}: time`, value: one.ms, unit: "ms" },
    );
  }
  return measured;
}

/** A staff session in a new store for the server, made before the server takes the database. */
async function staffStore(dataDir: string, databaseUrl?: string): Promise<string> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const staff = await createOrResetStaffUser(handle.db, "bench@example.com", "a long password");
    if (!staff.ok) throw new Error(staff.error);
    return `${SESSION_COOKIE}=${await createSession(handle.db, staff.user.id)}`;
  } finally {
    await handle.close();
  }
}

async function uploads(dir: string, accepted: Measured[], metrics: Metric[]): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-bench-photo-limits-"));
  const cookie = await staffStore(dataDir, scratch?.url);
  const server = await startProductionServer(await freePort(), {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const fileOf = (one: Measured) =>
    fs.readFileSync(path.join(dir, `${CANDIDATES.findIndex((c) => c.name === one.name)}`));
  const worst = [...accepted].sort((a, b) => b.growthMb - a.growthMb)[0];
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const runs = [
      { label: `one request: ${worst?.name}`, files: worst ? [worst] : [] },
      { label: `one request of ${accepted.length} files`, files: accepted },
    ];
    for (const run of runs) {
      const body = new FormData();
      for (const [i, one] of run.files.entries()) {
        body.append("photos", new Blob([new Uint8Array(fileOf(one))]), `photo-${i}`);
      }
      const before = rssMb(server.pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(server.pid));
      }, 50);
      const started = performance.now();
      const response = await fetch(`${server.url}/site/gallery`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: server.url },
        body,
      });
      const page = await response.text();
      const took = performance.now() - started;
      clearInterval(sampler);
      if (response.status !== 200 || !page.includes("Uploaded")) {
        throw new Error(`${run.label} answered ${response.status}`);
      }
      console.log(
        `${run.label.padEnd(58)} ${ms(took).padStart(7)} ms   server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most (+${(peak - before).toFixed(0)})`,
      );
      metrics.push(
        { name: `${run.label}: time`, value: took, unit: "ms" },
        { name: `${run.label}: server RSS peak`, value: peak, unit: "MB" },
        { name: `${run.label}: server RSS growth`, value: peak - before, unit: "MB" },
      );
    }
  } finally {
    await server.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const backend = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(
    `\n== photo limits: the costliest photos, in process and on the server (${backend}) ==`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-bench-photo-files-"));
  const metrics: Metric[] = [];
  try {
    const measured = await processing(dir, metrics);
    await uploads(
      dir,
      measured.filter((one) => !one.attack && one.outcome.startsWith("ok")),
      metrics,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printResult("photo limits", backend, metrics);
}

const one = process.argv.indexOf("--one");
if (one > 0) await measureOne(process.argv[one + 1] ?? "");
else await main();
