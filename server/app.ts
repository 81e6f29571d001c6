import { randomBytes } from "node:crypto";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { ENHANCEMENTS_SCRIPT } from "../app/lib/page-enhancements";
import { enforceAccess } from "../app/lib/route-access.server";
import { type RouteAccess, routeFactsOf } from "../app/lib/route-handle";
import { enforceRateLimits } from "../app/lib/route-limits.server";
import { countPageViews } from "../app/lib/route-page-views.server";
import type { Database } from "../app/services/db/client.server";
import { readiness } from "../app/services/db/health.server";
import { clientKey } from "../app/services/platform/client-key.server";
import { setSiteUrl } from "../app/services/platform/site-url.server";
import { createPageCache as createKeptPages } from "./page-cache";
import { contentSecurityPolicy, scriptHash } from "./security-headers";
import { staffNoStore } from "./staff-no-store";

/** What every loader, action and middleware finds on its `context`, set by getLoadContext. */
interface SalonContext {
  /** Per-request CSP nonce for React Router's inline scripts; none on a kept page. */
  nonce?: string;
  /** The configured origin of every absolute link, without a trailing slash. */
  siteUrl: string;
  /** The database, opened once by server.ts. */
  db: Database;
  /** Delivers outbox emails now instead of at the worker's next tick. */
  kickEmail(): void;
  /**
   * The client address every limit counts: an IPv4 address, or an IPv6 /64
   * (app/services/platform/client-key.server.ts), from the address that honours TRUST_PROXY.
   */
  clientAddress: string;
  /**
   * The address itself, as the client address is read (TRUST_PROXY): kept only as a protected
   * booking's evidence of agreement (docs/payments.md#booking).
   */
  clientIp?: string;
  /** Whether the request came over HTTPS (cookies get Secure). */
  secure: boolean;
  /** The pages whose handle says `listed` (the sitemap's), derived at start. */
  publicPaths: readonly string[];
  /** Who may open each address (its handle's `access`), derived at start: the Site navigation's. */
  routeAccess: ReadonlyMap<string, RouteAccess>;
}

declare module "react-router" {
  // With future.v8_middleware the context is a RouterContextProvider carrying these fields (React
  // Router's migration path from AppLoadContext).
  interface RouterContextProvider extends SalonContext {}
}

/**
 * Every list of pages the server needs, derived once from the routes' handles
 * (app/lib/route-handle.ts): the page cache's, the sitemap's, the staff pages.
 */
export const routeFacts = routeFactsOf(serverBuild.routes);
const STAFF_PATHS = new Set(routeFacts.routes.filter((route) => route.staff).map((r) => r.path));
const ROUTE_ACCESS = new Map(routeFacts.routes.map((route) => [route.path, route.access]));
/**
 * The build every request is served from, rendered or kept by the page cache: what each route's
 * handle declares enforced in one place each: its `access` first (an owner's page refuses before
 * anything is counted), then its loader's `rateLimit`, and its page views once it has answered.
 */
const build = {
  ...serverBuild,
  routes: countPageViews(enforceAccess(enforceRateLimits(serverBuild.routes))),
};

interface AppOptions {
  development: boolean;
  /**
   * The origin of every absolute link (canonical, emails, sitemap): PUBLIC_URL, or the address
   * the server listens on. Never the request's Host header, which the client chooses.
   */
  siteUrl(): string;
  /** PUBLIC_URL, when set: the address the site is reached at, whatever a proxy passes on. */
  publicUrl?: string;
  db: Database;
  kickEmail(): void;
}

/** The one inline script of every page, allowed by its hash. */
const SCRIPT_HASHES = [scriptHash(ENHANCEMENTS_SCRIPT)];

/** A fresh CSP nonce for this response (React Router's scripts), in res.locals.nonce and the CSP. */
function setNonce(res: express.Response, development: boolean): void {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  // In development Vite injects inline scripts and a websocket: no CSP there.
  if (!development) {
    res.set("Content-Security-Policy", contentSecurityPolicy({ hashes: SCRIPT_HASHES, nonce }));
  }
}

function salonContext(
  options: AppOptions,
  fields: Pick<SalonContext, "nonce" | "clientAddress" | "clientIp" | "secure">,
) {
  return Object.assign(new RouterContextProvider(), {
    ...fields,
    siteUrl: options.siteUrl().replace(/\/$/, ""),
    db: options.db,
    kickEmail: options.kickEmail,
    publicPaths: routeFacts.publicPaths,
    routeAccess: ROUTE_ACCESS,
  } satisfies SalonContext);
}

function loadContextFor(options: AppOptions) {
  return (req: express.Request, res: express.Response): RouterContextProvider =>
    salonContext(options, {
      nonce: String(res.locals.nonce),
      clientAddress: clientKey(req.ip),
      clientIp: req.ip ?? "",
      // Secure cookies whenever the site is served over HTTPS, whatever the hop to this server.
      secure: req.secure || options.siteUrl().startsWith("https:"),
    });
}

/**
 * Public pages that are the same for every visitor, rendered once and served from memory with
 * their views counted (server/page-cache.ts). In production server.ts offers every request to
 * it first, on node's own request and response; it answers the pages whose handle says `cache`
 * and passes every other request on to Express.
 */
export function createPageCache(options: AppOptions) {
  const render = createFetchHandler(build, "production");
  const csp = contentSecurityPolicy({ hashes: SCRIPT_HASHES });
  return createKeptPages({
    db: options.db,
    pages: routeFacts.cachedPages,
    siteUrl: options.siteUrl,
    // A kept page's loaders read neither the client address nor the connection, and its HTML
    // carries no nonce: the same bytes for every visitor.
    async render(request) {
      const context = salonContext(options, { clientAddress: "", secure: false });
      const response = await render(request, context);
      response.headers.set("Content-Security-Policy", csp);
      return response;
    },
  });
}

/**
 * The request handler for pages and data: CSP nonce, health check and
 * React Router. server.ts mounts it after static files.
 */
export function createApp(options: AppOptions): express.Express {
  // The routes' emails link to the same address (app/services/platform/site-url.server.ts).
  setSiteUrl(options.siteUrl);
  const app = express();
  app.disable("x-powered-by");

  app.use((_req, res, next) => {
    setNonce(res, options.development);
    next();
  });

  // Readiness: the database answers and has every migration (docs/operations.md#health).
  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const state = await readiness(options.db);
    if (state.ready) res.json({ status: "ok", migrations: state.migrations });
    else res.status(503).json({ status: "not ready", ...state });
  });
  // Liveness: the process answers, whatever the database does.
  app.get("/healthz/live", (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ status: "live" });
  });

  // Staff pages, their data, and anything answered to a signed-in browser stay out of every
  // cache, decided on the path the router will serve (server/staff-no-store.ts).
  app.use(staffNoStore(STAFF_PATHS));

  // With PUBLIC_URL set, React Router sees every request at that address (its action check then
  // compares a browser's Origin with the site's own), whatever Host and scheme a TLS proxy passes
  // on: sign-in works behind one, with or without TRUST_PROXY.
  if (options.publicUrl) {
    const site = new URL(options.publicUrl);
    const protocol = site.protocol.slice(0, -1);
    app.use((req, _res, next) => {
      req.headers.host = site.host;
      delete req.headers["x-forwarded-host"];
      Object.defineProperty(req, "protocol", { value: protocol });
      next();
    });
  }

  app.use(createRequestHandler({ build, getLoadContext: loadContextFor(options) }));

  return app;
}
