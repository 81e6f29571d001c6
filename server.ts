import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import { readEnv } from "./app/server/env.server";
import { baseSecurityHeaders } from "./app/server/security-headers.server";
import type { createApp as CreateApp } from "./server/app";

const env = readEnv();
const development = env.NODE_ENV !== "production";
const appOptions = { development, publicUrl: env.PUBLIC_URL };

const server = express();
server.disable("x-powered-by");
if (env.TRUST_PROXY) server.set("trust proxy", true);
server.use(compression());
const headers = baseSecurityHeaders({ https: env.PUBLIC_URL?.startsWith("https:") ?? false });
server.use((_req, res, next) => {
  res.set(headers);
  next();
});

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
} else {
  // Hashed build assets never change under one name: cache them for a year.
  server.use(
    "/assets",
    express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
  );
  server.use(express.static("build/client", { maxAge: "1d", index: false }));
  const buildPath = "./build/server/index.js";
  const build = (await import(buildPath)) as { createApp: typeof CreateApp };
  server.use(build.createApp(appOptions));
}

const onListening = () => {
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`2 x 10 Nails & Spa is ready on http://localhost:${port}`);
};
const httpServer: Server = env.HOST
  ? server.listen(env.PORT, env.HOST, onListening)
  : server.listen(env.PORT, onListening);

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing requests in flight, then stopping.`);
  // Stop accepting connections; in-flight requests complete, idle keep-alives close.
  httpServer.close(() => process.exit(0));
  httpServer.closeIdleConnections();
  setTimeout(() => {
    console.error("Requests still open after 10 s: stopping anyway.");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
