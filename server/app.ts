import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { routeFactsOf } from "../app/lib/route-handle";
import type { Database } from "../app/services/db/client.server";
import { contentSecurityPolicy } from "../app/services/security-headers.server";
import { createPageCache } from "./page-cache";

/** What every loader, action and middleware finds on its `context`, set by getLoadContext. */
interface SalonContext {
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  /** Origin used for canonical and social links, without a trailing slash. */
  siteUrl: string;
  /** The database, opened once by server.ts. */
  db: Database;
  /** Delivers outbox emails now instead of at the worker's next tick. */
  kickEmail(): void;
  /** The client's address (honours TRUST_PROXY), for rate limits. */
  clientAddress: string;
  /** Whether the request came over HTTPS (cookies get Secure). */
  secure: boolean;
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

export interface AppOptions {
  development: boolean;
  /** PUBLIC_URL; when absent the request's own origin is used. */
  publicUrl?: string;
  db: Database;
  kickEmail(): void;
}

function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** A fresh CSP nonce for this response, in res.locals.nonce and the CSP header. */
function setNonce(res: express.Response, development: boolean): void {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  // In development Vite injects inline scripts and a websocket: no CSP there.
  if (!development) res.set("Content-Security-Policy", contentSecurityPolicy(nonce));
}

function loadContextFor(options: AppOptions) {
  return (req: express.Request, res: express.Response): RouterContextProvider => {
    const siteUrl = options.publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
    return Object.assign(new RouterContextProvider(), {
      nonce: String(res.locals.nonce),
      siteUrl: siteUrl.replace(/\/$/, ""),
      db: options.db,
      kickEmail: options.kickEmail,
      clientAddress: req.ip ?? "unknown",
      secure: req.secure,
    } satisfies SalonContext);
  };
}

/**
 * Public pages that are the same for every visitor, rendered once and served from memory with
 * their views counted (server/page-cache.ts). In production server.ts offers every request to
 * `serveKept` first, on node's own request and response (Express's routing would cost more than
 * the answer), then mounts `middleware` before the static files to render and keep the pages not
 * kept yet; it passes every other request on.
 */
export function createPageCacheHandler(options: AppOptions & { trustProxy?: boolean }) {
  const cache = createPageCache({
    db: options.db,
    render: createFetchHandler(serverBuild, "production"),
    loadContext: loadContextFor(options),
    pages: { cached: routeFacts.cachedPages, versioned: routeFacts.versionedPages },
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
  });
  const middleware: express.RequestHandler = (req, res, next) => {
    if (!cache.handles(req)) return next();
    setNonce(res, false);
    cache.middleware(req, res, next);
  };
  return {
    serveKept: (req: IncomingMessage, res: ServerResponse) =>
      cache.serveKept(req, res, (response) => {
        const nonce = newNonce();
        response.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
        return nonce;
      }),
    middleware,
  };
}

/**
 * The request handler for pages and data: CSP nonce, health check and
 * React Router. server.ts mounts it after static files.
 */
export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");

  app.use((_req, res, next) => {
    setNonce(res, options.development);
    next();
  });

  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await options.db.execute("select 1");
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "database unavailable" });
    }
  });

  app.use(createRequestHandler({ build: serverBuild, getLoadContext: loadContextFor(options) }));

  return app;
}
