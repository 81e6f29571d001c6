// npx tsx scripts/bench/memory.bench.ts          (the server on a new embedded database)
// DATABASE_URL=postgres://... npx tsx scripts/bench/memory.bench.ts   (a scratch database there)
//
// The production server's memory (VmRSS of its process, from /proc) after 20,000 mixed requests,
// sampled at start, every 2,000 requests, and after a pause: is it under 200 MB, and flat between
// 10,000 and 20,000? The mix, 8 at a time: the public pages (served from memory), gallery
// photos and blog posts, /schedule and a day's available times for each service, the page's
// script and image files, unknown addresses (404), and valid contact messages (the server trusts
// X-Forwarded-For here, TRUST_PROXY=1, so each comes from its own address and none is refused by
// the rate limit; they are stored, with their emails, in the outbox, as no SMTP server is set).
import fs from "node:fs";
import { blogPosts } from "../../app/content/blog-posts";
import { type BenchServer, startBenchServer } from "./bench-server";
import { type Metric, pick, printResult, randomGenerator } from "./bench-support";

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 20_000);
const SAMPLE_EVERY = 2_000;
const CONCURRENCY = 8;
const PAGES = [
  "/",
  "/about",
  "/services",
  "/gallery",
  "/blog",
  "/contact",
  "/locations",
  "/reviews",
  "/login",
];

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? Number.NaN);
  return kb / 1024;
}

interface Call {
  kind: string;
  path: string;
  init?: RequestInit;
}

/** What the pages link to: the service ids on /schedule, the files a first visit loads. */
interface Targets {
  services: string[];
  assets: string[];
  dates: string[];
  /** The photos /gallery links to, by their addresses. */
  gallery: string[];
}

/** The samples of one run of the mix. */
interface Run {
  statuses: Map<string, number>;
  samples: { requests: number; mb: number }[];
  seconds: number;
}

async function main() {
  process.env.TRUST_PROXY = "1";
  const server = await startBenchServer();
  delete process.env.TRUST_PROXY;
  const backend = server.backend;
  const metrics: Metric[] = [];
  try {
    console.log(`\n== memory: ${TOTAL.toLocaleString("en-US")} mixed requests (${backend}) ==`);
    const nextCall = mixOfCalls(await linkedTargets(server.url));
    const run = await runMix(server, nextCall);
    metrics.push(...(await report(server, run)));
  } finally {
    await server.stopAndReadViews();
  }
  printResult("memory", backend, metrics);
}

async function linkedTargets(url: string): Promise<Targets> {
  const schedule = await (await fetch(`${url}/schedule`)).text();
  const services = [...new Set(schedule.match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? [])];
  const home = await (await fetch(`${url}/`)).text();
  const assets: string[] = [];
  for (const path of new Set(home.match(/\/(?:assets|images)\/[^"'\s),]+/g) ?? [])) {
    if ((await fetch(`${url}${path}`)).ok) assets.push(path);
  }
  const galleryPage = await (await fetch(`${url}/gallery`)).text();
  const gallery = [...new Set(galleryPage.match(/(?<=\/gallery-photo\?photo=)[a-z0-9-]+/g) ?? [])];
  if (services.length === 0 || assets.length === 0 || gallery.length === 0) {
    throw new Error("No services, assets or gallery photos");
  }
  const today = new Date();
  const dates = Array.from({ length: 14 }, (_, d) =>
    new Date(today.getTime() + (d + 1) * 86_400_000).toISOString().slice(0, 10),
  );
  return { services, assets, dates, gallery };
}

/** The mix's next request, from a seeded generator: every run makes the same calls. */
function mixOfCalls({ services, assets, dates, gallery }: Targets): () => Call {
  const random = randomGenerator(20_000);
  let contacts = 0;
  return () => {
    const r = random();
    if (r < 0.4) return { kind: "page", path: pick(random, PAGES) };
    if (r < 0.5) {
      return random() < 0.5
        ? { kind: "page", path: `/gallery-photo?photo=${pick(random, gallery)}` }
        : { kind: "page", path: `/blogpost?post=${pick(random, blogPosts).id}` };
    }
    if (r < 0.58) return { kind: "schedule", path: "/schedule" };
    if (r < 0.68) {
      const path = `/schedule?date=${pick(random, dates)}&service=${pick(random, services)}&technician=any`;
      return { kind: "schedule", path };
    }
    if (r < 0.88) return { kind: "asset", path: pick(random, assets) };
    if (r < 0.95) return { kind: "404", path: `/no-such-page-${Math.floor(random() * 1e6)}` };
    contacts++;
    return contactCall(contacts);
  };
}

/** A valid contact message, the n-th, from its own address (X-Forwarded-For). */
function contactCall(n: number): Call {
  const body = new URLSearchParams({
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    reason: "Question",
    message: `Do you have an opening next week? (message ${n})`,
    website: "",
  });
  return {
    kind: "contact",
    path: "/contact",
    init: {
      method: "POST",
      body,
      headers: { "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    },
  };
}

/** TOTAL requests, CONCURRENCY at a time; the memory sampled every SAMPLE_EVERY answers. */
async function runMix(server: BenchServer, nextCall: () => Call): Promise<Run> {
  const statuses = new Map<string, number>();
  const samples: { requests: number; mb: number }[] = [{ requests: 0, mb: rssMb(server.pid) }];
  console.log(`start: ${samples[0]?.mb.toFixed(0)} MB`);
  let sent = 0;
  let done = 0;
  const started = performance.now();
  async function technician() {
    while (sent < TOTAL) {
      sent++;
      const call = nextCall();
      const response = await fetch(`${server.url}${call.path}`, call.init);
      await response.arrayBuffer();
      const key = `${call.kind} ${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      done++;
      if (done % SAMPLE_EVERY === 0) {
        const mb = rssMb(server.pid);
        samples.push({ requests: done, mb });
        console.log(`after ${done.toLocaleString("en-US")} requests: ${mb.toFixed(0)} MB`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, technician));
  return { statuses, samples, seconds: (performance.now() - started) / 1000 };
}

/** The memory after a pause, and at the middle and the end of the run; fails on a server error. */
async function report(server: BenchServer, { statuses, samples, seconds }: Run): Promise<Metric[]> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const settled = rssMb(server.pid);
  console.log(`2 s later: ${settled.toFixed(0)} MB`);
  console.log(
    `${TOTAL} requests in ${seconds.toFixed(0)} s; answers: ${[...statuses].map(([key, n]) => `${key} x${n}`).join(", ")}`,
  );
  const at = (requests: number) =>
    samples.find((sample) => sample.requests === requests)?.mb ?? Number.NaN;
  const middle = at(Math.floor(TOTAL / 2 / SAMPLE_EVERY) * SAMPLE_EVERY);
  const end = at(Math.floor(TOTAL / SAMPLE_EVERY) * SAMPLE_EVERY);
  console.log(
    `RSS at ${TOTAL / 2} requests ${middle.toFixed(0)} MB, at ${TOTAL} ${end.toFixed(0)} MB (${end - middle >= 0 ? "+" : ""}${(end - middle).toFixed(0)} MB)`,
  );
  const failed = [...statuses].filter(([key]) => / 5\d\d$/.test(key));
  if (failed.length > 0) {
    console.error(`FAILED: server errors ${failed.map(([key, n]) => `${key} x${n}`).join(", ")}`);
    process.exitCode = 1;
  }
  return [
    { name: "RSS at start", value: samples[0]?.mb ?? Number.NaN, unit: "MB" },
    { name: `RSS after ${TOTAL / 2} requests`, value: middle, unit: "MB" },
    { name: `RSS after ${TOTAL} requests`, value: end, unit: "MB" },
    { name: "requests/s (8 at a time)", value: TOTAL / seconds, unit: "/s" },
  ];
}

await main();
