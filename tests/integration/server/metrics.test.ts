// GET /metrics (server/metrics.ts): Prometheus's text format, for a scraper holding METRICS_TOKEN
// (loopback-only without it: tests/integration/server/behind-nginx.test.ts).
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";

const TOKEN = "a-long-enough-metrics-token";
let store: ServerStore;
let server: AppServer;

beforeAll(async () => {
  await ensureProductionBuild();
  // Blank: the server creates and migrates its database on its first start (the other tests'
  // stores are copies of a migrated one).
  store = await createServerStore({ blank: true });
  server = await startAppServer(store, { METRICS_TOKEN: TOKEN });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

it("answers the token's holder with requests by route and status, the outbox and the process; anyone else 404", async () => {
  // Each answer read to its end: a request is counted when its response has finished, and the
  // 404 page is streamed.
  for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/services`)).text();
  await (await fetch(`${server.url}/no-such-page?x=${"y".repeat(50)}`)).text();
  const scrape = (authorization?: string) =>
    fetch(
      `${server.url}/metrics`,
      authorization ? { headers: { Authorization: authorization } } : {},
    );
  expect((await scrape()).status).toBe(404);
  expect((await scrape("Bearer not-the-token-at-all-no")).status).toBe(404);
  const answer = await scrape(`Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  expect(text).toMatch(/^salon_http_requests_total\{route="\/services",status="200"\} 3$/m);
  // An unknown address is "other": a scanner cannot grow the label set.
  expect(text).toMatch(/^salon_http_requests_total\{route="other",status="404"\} 1$/m);
  // Every request is in the histogram: its last bucket, whatever the machine's speed (a loaded
  // machine took over 0.5 s for the first render once; timings are the benchmarks' business).
  expect(text).toMatch(
    /^salon_http_request_duration_seconds_bucket\{le="\+Inf",route="\/services"\} 3$/m,
  );
  expect(text).toMatch(/^salon_emails\b|^# HELP salon_emails /m);
  expect(text).toMatch(/^salon_outbox_oldest_pending_seconds \d/m);
  expect(text).toMatch(/^salon_process_resident_memory_bytes \d+/m);
});
