import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import type { Database } from "../app/server/db/client.server";
import { contentSecurityPolicy } from "../app/server/security-headers.server";

declare module "react-router" {
  interface AppLoadContext {
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
  }
}

export interface AppOptions {
  development: boolean;
  /** PUBLIC_URL; when absent the request's own origin is used. */
  publicUrl?: string;
  db: Database;
  kickEmail(): void;
}

/**
 * The request handler for pages and data: CSP nonce, health check and
 * React Router. server.ts mounts it after static files.
 */
export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");

  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    // In development Vite injects inline scripts and a websocket: no CSP there.
    if (!options.development) res.set("Content-Security-Policy", contentSecurityPolicy(nonce));
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

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const siteUrl = options.publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
        return {
          nonce: String(res.locals.nonce),
          siteUrl: siteUrl.replace(/\/$/, ""),
          db: options.db,
          kickEmail: options.kickEmail,
          clientAddress: req.ip ?? "unknown",
        };
      },
    }),
  );

  return app;
}
