// npx tsx scripts/bench/photos.bench.ts
//
// Photos (docs/product.md#gallery-and-photos, docs/performance.md#photos):
// 1. one 12-megapixel JPEG (4000 x 3000, a phone's) checked and converted in this process: the
//    master and every AVIF, WebP and JPEG width (target: under 3 s);
// 2. the production server's memory (VmRSS from /proc, sampled every 50 ms) while ten such
//    photos are uploaded to 'Gallery' one after another, as a signed-in staff member's browser
//    posts them (target: under 400 MB).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { SESSION_COOKIE } from "../../app/lib/staff-cookie.server";
import { openDatabase } from "../../app/services/db/client.server";
import { preparePhoto } from "../../app/services/site/photo-process.server";
import { createOrResetStaffUser } from "../../app/services/staff/auth.server";
import { createSession } from "../../app/services/staff/session.server";
import { startProductionServer } from "../serve-production";
import { freePort } from "./bench-server";
import { createScratchDatabase, type Metric, ms, printResult } from "./bench-support";

const UPLOADS = Number(process.env.BENCH_PHOTO_UPLOADS ?? 10);

/** A detailed 4000 x 3000 JPEG at a phone's quality; `seed` makes each one different bytes. */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 110 + seed, sigma: 45 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? Number.NaN) / 1024;
}

async function processing(metrics: Metric[]) {
  const photo = await twelveMegapixelJpeg(0);
  console.log(`a 12 MP JPEG of ${(photo.length / 1024 / 1024).toFixed(1)} MB`);
  const times: number[] = [];
  let files = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const result = await preparePhoto(photo);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(result.message);
    files = result.photo.files.length;
  }
  const best = Math.min(...times);
  const worst = Math.max(...times);
  console.log(
    `${"one 12 MP JPEG: master and files, in process".padEnd(58)} best ${ms(best).padStart(7)} ms   worst ${ms(worst).padStart(7)} ms   (3 runs, ${files} files)`,
  );
  metrics.push({ name: "one 12 MP JPEG processed (worst of 3)", value: worst, unit: "ms" });
}

async function uploads(metrics: Metric[]) {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-bench-photos-"));
  const place = scratch ? { databaseUrl: scratch.url } : { dataDir };
  // A staff session, made before the server takes the database.
  const handle = await openDatabase(place);
  let cookie: string;
  try {
    const staff = await createOrResetStaffUser(handle.db, "bench@example.com", "a long password");
    if (!staff.ok) throw new Error(staff.error);
    cookie = `${SESSION_COOKIE}=${await createSession(handle.db, staff.user.id)}`;
  } finally {
    await handle.close();
  }
  const photos = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => twelveMegapixelJpeg(i + 1)),
  );
  const server = await startProductionServer(await freePort(), {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 50);
    const times: number[] = [];
    for (const [i, photo] of photos.entries()) {
      const body = new FormData();
      body.append(
        "photos",
        new Blob([new Uint8Array(photo)], { type: "image/jpeg" }),
        `IMG_${i}.jpg`,
      );
      const started = performance.now();
      const response = await fetch(`${server.url}/site/gallery`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: server.url },
        body,
      });
      const page = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200 || !page.includes("Uploaded 1 photo.")) {
        throw new Error(`Upload ${i + 1} answered ${response.status}`);
      }
    }
    clearInterval(sampler);
    const after = rssMb(server.pid);
    const slowest = Math.max(...times);
    console.log(
      `${`${UPLOADS} uploads of a 12 MP JPEG, one after another`.padEnd(58)} median ${ms([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0).padStart(7)} ms   slowest ${ms(slowest).padStart(7)} ms`,
    );
    console.log(
      `server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while uploading, ${after.toFixed(0)} MB after`,
    );
    metrics.push(
      { name: "upload of a 12 MP JPEG (slowest)", value: slowest, unit: "ms" },
      { name: "server RSS before uploads", value: before, unit: "MB" },
      { name: `server RSS, peak during ${UPLOADS} uploads`, value: peak, unit: "MB" },
      { name: "server RSS after uploads", value: after, unit: "MB" },
    );
  } finally {
    await server.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const backend = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`\n== photos: one 12 MP JPEG, then ${UPLOADS} uploads to the server (${backend}) ==`);
  const metrics: Metric[] = [];
  await processing(metrics);
  await uploads(metrics);
  printResult("photos", backend, metrics);
}

await main();
