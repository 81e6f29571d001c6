// The production server (build/, NODE_ENV=production) for the HTTP benchmarks, on a free
// loopback port, with its own database: a new embedded data folder, or, when DATABASE_URL is
// set, a new database on that server (dropped afterwards). Its page-view counts can be read
// once it has stopped.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/services/db/client.server";
import { listPageViews, type PageViewCount } from "../../app/services/site/page-views.server";
import { startProductionServer } from "../serve-production";
import { createScratchDatabase } from "./bench-support";

export interface BenchServer {
  url: string;
  pid: number;
  backend: "PGlite" | "PostgreSQL";
  /** Stops the server and returns every page's view count as it stored them. */
  stopAndReadViews(): Promise<PageViewCount[]>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startBenchServer(): Promise<BenchServer> {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-bench-"));
  const server = await startProductionServer(await freePort(), {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  return {
    url: server.url,
    pid: server.pid,
    backend: scratch ? "PostgreSQL" : "PGlite",
    async stopAndReadViews() {
      await server.stop();
      const handle = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
      try {
        return await listPageViews(handle.db);
      } finally {
        await handle.close();
        await scratch?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
