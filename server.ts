import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import { readSessionId } from "./app/lib/staff-cookie.server";
import { openDatabase } from "./app/services/db/client.server";
import { clientKey } from "./app/services/platform/client-key.server";
import { readEnv } from "./app/services/platform/env.server";
import { log } from "./app/services/platform/logger.server";
import { setSiteUrl } from "./app/services/platform/site-url.server";
import { seedCatalogueOnce } from "./app/services/salon/catalogue-seed.server";
import { readSalonFacts } from "./app/services/salon/salon-details.server";
import { seedBlogPostsOnce } from "./app/services/site/blog-seed.server";
import { seedGalleryOnce } from "./app/services/site/gallery-seed.server";
import { seedReviewsOnce } from "./app/services/site/reviews.server";
import { findStaffBySession } from "./app/services/staff/session.server";
import type {
  createApp as CreateApp,
  createPageCache as CreatePageCache,
  routeFacts as RouteFacts,
} from "./server/app";
import { createLiveEvents } from "./server/live-events";
import { createMetrics } from "./server/metrics";
import { precompressedScripts } from "./server/precompressed-assets";
import { guardRequest } from "./server/request-guard";
import { baseSecurityHeaders } from "./server/security-headers";
import { createUploadSlots } from "./server/upload-slots";
import { startWorkers } from "./server/workers";

const env = readEnv();
const development = env.NODE_ENV !== "production";

// Open (and migrate) the database once, before taking requests (docs/architecture.md#shape).
const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }).catch(
  (error: unknown) => {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
if (await seedCatalogueOnce(database.db)) {
  log.info("First start: the salon's services are seeded as appointment types.");
}
if (await seedReviewsOnce(database.db)) {
  log.info("First start: the spec's reviews are seeded.");
}
if (await seedBlogPostsOnce(database.db)) {
  log.info("First start: the spec's blog posts are seeded as published posts.");
}
if (await seedGalleryOnce(database.db)) {
  log.info("First start: the spec's nine gallery designs are seeded as gallery photos.");
}
const workers = startWorkers(database, env);

// Open pages hear of every change they show (server/live-events.ts); so does the waitlist, which
// looks for freed times after each change of the bookings, services, team or closed days.
const AVAILABILITY_TABLES = new Set([
  "appointments",
  "appointment_types",
  "closed_days",
  "technicians",
]);
const liveEvents = await createLiveEvents({
  listen: (channel, onNotify, onResume) =>
    database.listen(
      channel,
      (payload) => {
        onNotify(payload);
        if (AVAILABILITY_TABLES.has(payload)) workers.pokeWaitlist();
      },
      () => {
        onResume();
        workers.pokeWaitlist();
      },
    ),
  isStaff: async (req) =>
    (await findStaffBySession(database.db, readSessionId(req.headers.cookie ?? null))) !==
    undefined,
});

// Every absolute link (canonical, emails, sitemap) comes from configuration: PUBLIC_URL, or the
// address this server listens on (known once it listens: PORT may be 0). Never the Host header.
let listeningOn = `http://localhost:${env.PORT}`;
const appOptions = {
  development,
  siteUrl: () => env.PUBLIC_URL ?? listeningOn,
  publicUrl: env.PUBLIC_URL,
  db: database.db,
  kickEmail: () => workers.kickEmail(),
};

// The emails of the workers started here (reminders) link to the same address; createApp sets
// it for the routes' own copy of the module.
setSiteUrl(appOptions.siteUrl);

const server = express();
server.disable("x-powered-by");
// A hop count or the proxies' addresses (docs/configuration.md): the client's address is the
// right-most X-Forwarded-For entry that is not a trusted proxy.
if (env.TRUST_PROXY !== false) server.set("trust proxy", env.TRUST_PROXY);
// Photo uploads: two in flight per session and per client, a stalled body cut off, a dropped one
// logged (server/upload-slots.ts). First, before anything reads a body; req.ip honours the proxy.
const uploadSlots = createUploadSlots({ stallMs: env.UPLOAD_STALL_MS });
server.use((req, res, next) => {
  if (!uploadSlots.admit(req, res, clientKey(req.ip))) next();
});
const headers = Object.entries(
  baseSecurityHeaders({ https: env.PUBLIC_URL?.startsWith("https:") ?? false }),
);
const build = development
  ? undefined
  : ((await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
      createApp: typeof CreateApp;
      createPageCache: typeof CreatePageCache;
      routeFacts: typeof RouteFacts;
    });
// Requests by route and status, the outbox, the pool (server/metrics.ts).
const metrics = createMetrics({
  db: database.db,
  pool: database.pool,
  token: env.METRICS_TOKEN,
  routePaths: [
    ...(build?.routeFacts.routes.map((route) => route.path) ?? []),
    "/events",
    "/healthz",
    "/metrics",
  ],
});
// Public pages the same for every visitor come from memory (server/page-cache.ts), first of all
// (see handle below): they carry their own gzip and Brotli, compressed once.
const pageCache = build?.createPageCache(appOptions);
server.get("/metrics", (req, res, next) => {
  metrics.handle(req, res).catch(next);
});
server.get("/events", (req, res, next) => {
  liveEvents.handle(req, res, clientKey(req.ip)).catch(next);
});
server.use(compression());

if (development) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const mod = (await viteDevServer.ssrLoadModule("./server/app.ts")) as {
        createApp: typeof CreateApp;
      };
      mod.createApp(appOptions)(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else if (build) {
  // Hashed build assets never change under one name: cache them for a year.
  server.use(
    "/assets",
    precompressedScripts("build/client/assets"),
    express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
  );
  server.use(express.static("build/client", { maxAge: "1d", index: false }));
  server.use(build.createApp(appOptions));
}

const onListening = () => {
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  listeningOn = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  log.info(`2 x 10 Nails & Spa is ready on http://localhost:${port}`);
  // The waitlist's emails link to this address: known only now.
  workers.startWaitlist(appOptions.siteUrl);
  if (!env.PUBLIC_URL) {
    log.warn(
      `PUBLIC_URL is not set: links in pages and emails point at ${listeningOn}. Set PUBLIC_URL to the site's address in production.`,
    );
  }
};
// Every response gets the security headers. A page kept in memory is answered on node's own
// request and response, before Express (whose routing costs more than sending the page: a third
// of the requests per second, docs/performance.md); everything else goes through Express.
const guard = {
  siteOrigin: () => new URL(appOptions.siteUrl()).origin,
  maxBodyBytes: env.MAX_BODY_BYTES,
  uploadMaxBytes: env.UPLOAD_MAX_BYTES,
  // The 413 page of a photo over the limit names the salon as Business Details say it now.
  salonName: async () => (await readSalonFacts(database.db)).details.name,
};
// One line per request (docs/operations.md#logs): method, path without its query, status,
// duration, and a request id (the client's X-Request-Id when it is a plain token, else a new one),
// sent back as X-Request-Id. /healthz is asked every few seconds by monitors: not logged.
const logRequest = pinoHttp({
  logger: log,
  genReqId: (req, res) => {
    const given = req.headers["x-request-id"];
    const id =
      typeof given === "string" && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", id);
    return id;
  },
  serializers: {
    req: (req: { id?: unknown; method?: string; url?: string }) => ({
      id: req.id,
      method: req.method,
      path: (req.url ?? "").split("?")[0],
    }),
    res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
  },
  customSuccessMessage: (req, res) =>
    `${req.method} ${(req.url ?? "").split("?")[0]} ${res.statusCode}`,
  customErrorMessage: (req, res) =>
    `${req.method} ${(req.url ?? "").split("?")[0]} ${res.statusCode}`,
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
  autoLogging: { ignore: (req) => (req.url ?? "").startsWith("/healthz") },
  quietReqLogger: true,
});

function handle(req: IncomingMessage, res: ServerResponse): void {
  logRequest(req, res);
  metrics.observe(req, res);
  // Each security header once: a route's own value (/manage's Referrer-Policy) wins over ours.
  onHeaders(res, () => {
    for (const [name, value] of headers) if (!res.hasHeader(name)) res.setHeader(name, value);
    // Answered before its body was read (a 405, a refusal): the rest of the body would be taken
    // for the next request on this connection, so it is the last one.
    if (!req.complete) res.setHeader("Connection", "close");
  });
  // Cross-site and oversized requests that could change state end here, unread
  // (server/request-guard.ts), whatever would have handled them.
  if (guardRequest(req, res, guard)) return;
  if (!pageCache) {
    server(req, res);
    return;
  }
  pageCache.serve(req, res).then(
    (served) => {
      if (!served) server(req, res);
    },
    (error: unknown) => {
      // Such as the database not answering /schedule's version: Express tries again and answers.
      log.error({ err: error }, "Serving a kept page failed");
      if (!res.headersSent) server(req, res);
    },
  );
}
const httpServer: Server = createServer(handle);
if (env.HOST) httpServer.listen(env.PORT, env.HOST, onListening);
else httpServer.listen(env.PORT, onListening);

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info(`${signal} received: finishing requests in flight, then stopping.`);
  // Stop accepting connections; in-flight requests complete, idle keep-alives close. Then the
  // email worker finishes its delivery and the database closes (PGlite releases its folder).
  const release = async () => {
    await workers.stop();
    await database.close();
  };
  // Open event streams would hold the server open: end them (the pages reconnect elsewhere).
  const streamsClosed = liveEvents.close();
  httpServer.close(() => {
    streamsClosed.then(release).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, "Stopping failed");
        process.exit(1);
      },
    );
  });
  httpServer.closeIdleConnections();
  setTimeout(() => {
    log.error("Requests still open after 10 s: stopping anyway.");
    release().finally(() => process.exit(1));
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
