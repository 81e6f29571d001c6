// GET /metrics in Prometheus's text format (docs/operations.md#metrics): requests by route and
// status, their latency, and, read from the database at each scrape, the salon's bookings and the
// email outbox; the process's own (memory, event loop) and the PostgreSQL pool's. Only for a
// scraper on this machine (straight from loopback, not through the proxy) or one that presents
// METRICS_TOKEN; anyone else gets 404.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import client from "prom-client";
import type { Database } from "../app/services/db/client.server";
import { appointments, emailOutbox } from "../app/services/db/schema.server";

interface MetricsOptions {
  db: Database;
  /** The addresses of the app's routes: other paths are counted as "other" (bounded labels). */
  routePaths: readonly string[];
  token?: string;
  /** The PostgreSQL pool, when there is one. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
}

interface Metrics {
  /** Counts a request once its answer is sent. */
  observe(req: IncomingMessage, res: ServerResponse): void;
  /** Answers GET /metrics (or 404 to whoever may not read it). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "salon_" });
  const routeOf = routeLabeller(options.routePaths);
  const { requests, duration } = registerRequestMetrics(registry);
  registerDatabaseGauges(registry, options.db);
  if (options.pool) registerPoolGauge(registry, options.pool);

  return {
    observe(req, res) {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        const route = routeOf(req.url);
        requests.inc({ route, status: String(res.statusCode) });
        duration.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
      });
    },
    async handle(req, res) {
      res.setHeader("Cache-Control", "no-store");
      if (!mayScrape(req, options.token)) {
        res.statusCode = 404;
        res.end("Not found");
        return;
      }
      res.setHeader("Content-Type", registry.contentType);
      res.end(await registry.metrics());
    },
  };
}

/** The route label of an address: one of the app's routes, a static folder, or "other". */
function routeLabeller(routePaths: readonly string[]): (url: string | undefined) => string {
  const known = new Set(routePaths);
  return (url) => {
    const path = (url ?? "/").split("?")[0]?.replace(/\.data$/, "") ?? "/";
    if (known.has(path)) return path;
    const top = `/${path.split("/")[1] ?? ""}`;
    return ["/assets", "/images", "/fonts"].includes(top) ? top : "other";
  };
}

function registerRequestMetrics(registry: client.Registry) {
  const requests = new client.Counter({
    name: "salon_http_requests_total",
    help: "HTTP requests answered, by route and status.",
    labelNames: ["route", "status"],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "salon_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route.",
    labelNames: ["route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { requests, duration };
}

/** The salon's bookings and the email outbox, read from the database at each scrape. */
function registerDatabaseGauges(registry: client.Registry, db: Database): void {
  new client.Gauge({
    name: "salon_appointments",
    help: "Appointments stored, by status (booked, cancelled).",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ status: appointments.status, n: sql<number>`count(*)::int` })
        .from(appointments)
        .groupBy(appointments.status);
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new client.Gauge({
    name: "salon_emails",
    help: "Emails in the outbox, by status (pending, sending, sent, failed).",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status);
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new client.Gauge({
    name: "salon_outbox_oldest_pending_seconds",
    help: "Age of the oldest email not delivered yet (0 when none waits).",
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({
          age: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`,
        })
        .from(emailOutbox)
        .where(sql`${emailOutbox.status} in ('pending', 'sending')`);
      this.set(row?.age ?? 0);
    },
  });
}

function registerPoolGauge(
  registry: client.Registry,
  pool: NonNullable<MetricsOptions["pool"]>,
): void {
  new client.Gauge({
    name: "salon_db_pool_connections",
    help: "PostgreSQL pool connections, by state (total, idle, waiting clients).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

/** The holder of METRICS_TOKEN, or, without one, a scraper on this machine. */
function mayScrape(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? "");
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  // Straight from this machine: not a request nginx passed on (it adds X-Forwarded-For).
  return LOOPBACK.has(req.socket.remoteAddress ?? "") && !req.headers["x-forwarded-for"];
}
