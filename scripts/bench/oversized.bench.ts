// npx tsx scripts/bench/oversized.bench.ts
//
// Oversized posts against the production server (docs/security.md): 20 posts of 200 MB each,
// one after another, then 3 at a time, each body streamed as a client would send it until the
// server answers. Reported: the time to the 413, the server's memory (VmRSS from /proc) before and
// after, and /healthz's latency before and after. Before the body limit, one such post took the
// server from 187 to 783 MB for good and /healthz from 3 ms to 1.1 s.
import fs from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { startBenchServer } from "./bench-server";
import { type Metric, ms, percentile, printResult, timeCalls, timingLine } from "./bench-support";

const POSTS = Number(process.env.BENCH_OVERSIZED_POSTS ?? 20);
const DECLARED_BYTES = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a=b&");

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? Number.NaN) / 1024;
}

/**
 * Declares a 200 MB form and sends its first 64 KB, as a client streaming it would, then waits
 * for the answer; resolves with the answer's status and the milliseconds from the request's start
 * to the answer's headers. (Writing on after the answer only meets the closed connection.)
 */
function oversizedPost(url: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(`${url}/contact/send`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": DECLARED_BYTES,
      },
    });
    request.on("response", (response) => {
      const elapsed = performance.now() - started;
      response.resume();
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, ms: elapsed });
      });
    });
    request.on("error", reject);
    request.write(CHUNK);
  });
}

async function healthz(url: string) {
  return timeCalls(50, async () => {
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
  });
}

async function main() {
  const server = await startBenchServer();
  const metrics: Metric[] = [];
  try {
    console.log(
      `\n== oversized posts: ${POSTS} of 200 MB, then ${POSTS} 3 at a time (${server.backend}) ==`,
    );
    // Memory settles a few seconds after start (the new database's migrations and seed).
    const before = await healthz(server.url);
    await sleep(3000);
    const rssBefore = rssMb(server.pid);
    const times: number[] = [];
    for (let i = 0; i < POSTS; i++) {
      const answer = await oversizedPost(server.url);
      if (answer.status !== 413) throw new Error(`Expected 413, got ${answer.status}`);
      times.push(answer.ms);
    }
    for (let i = 0; i < POSTS; i += 3) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(3, POSTS - i) }, () => oversizedPost(server.url)),
      );
      for (const answer of answers) {
        if (answer.status !== 413) throw new Error(`Expected 413, got ${answer.status}`);
        times.push(answer.ms);
      }
    }
    await sleep(3000);
    const rssAfter = rssMb(server.pid);
    const after = await healthz(server.url);
    console.log(timingLine("/healthz before", before));
    console.log(timingLine("/healthz after", after));
    console.log(
      `413 answer: median ${ms(percentile(times, 50))} ms, max ${ms(Math.max(...times))} ms (${times.length} posts)`,
    );
    console.log(
      `server memory (3 s after): ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`,
    );
    metrics.push(
      { name: "413 median", value: percentile(times, 50), unit: "ms" },
      { name: "413 max", value: Math.max(...times), unit: "ms" },
      { name: "RSS before", value: rssBefore, unit: "MB" },
      { name: "RSS after", value: rssAfter, unit: "MB" },
      { name: "/healthz median after", value: after.median, unit: "ms" },
    );
  } finally {
    await server.stopAndReadViews();
  }
  printResult("oversized posts", server.backend, metrics);
}

await main();
