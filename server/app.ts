import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { contentSecurityPolicy } from "../app/server/security-headers.server";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce for inline scripts. */
    nonce: string;
    /** Origin used for canonical and social links, without a trailing slash. */
    siteUrl: string;
  }
}

export interface AppOptions {
  development: boolean;
  /** PUBLIC_URL; when absent the request's own origin is used. */
  publicUrl?: string;
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

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const siteUrl = options.publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
        return { nonce: String(res.locals.nonce), siteUrl: siteUrl.replace(/\/$/, "") };
      },
    }),
  );

  return app;
}
