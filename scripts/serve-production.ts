import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * How the production server is started: the same as `npm run serve` in package.json (keep the two
 * alike; tests/support/app-server.ts uses these too). All of it lowers its memory
 * (docs/performance.md, "Memory"):
 * - build/server.js, server.ts compiled by `npm run build`: plain node, no TypeScript loader (tsx
 *   runs its hooks on a thread of their own, about 30 MB).
 * - `--optimize-for-size --max-semi-space-size=1` and a 1 GB heap limit: V8 grows its heap to a
 *   smaller multiple of the live objects, and its young generation stays at 1 MB per half.
 * - `--no-liftoff`: each PostgreSQL WebAssembly function is compiled once, by the optimizing
 *   compiler, when first called, rather than by the baseline compiler and again once it runs
 *   often.
 * - Two malloc arenas rather than one per thread, and fixed malloc thresholds: every block of
 *   16 KB or more is its own mapping, given back to the system when freed. The optimizing
 *   compiler's working memory (its zones: up to 50 MB while compiling PostgreSQL's largest
 *   functions, in 8-32 KB pieces) would otherwise stay in malloc's heap, held by whatever small
 *   block was allocated after it.
 * PGlite: about 190 MB after 20,000 requests instead of 290 (PostgreSQL 105 instead of 195); a
 * server on a new data folder is ready in about 9 s.
 */
export const SERVER_NODE_ARGS = [
  "--no-liftoff",
  "--optimize-for-size",
  "--max-semi-space-size=1",
  "--max-old-space-size=1024",
  "build/server.js",
];
export const SERVER_ENV: NodeJS.ProcessEnv = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "16384",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

export interface ProductionServer {
  url: string;
  /** The server's own process (benchmarks read its memory in /proc). */
  pid: number;
  /** Sends SIGTERM; resolves once the server has exited (its database closed). */
  stop(): Promise<void>;
}

/**
 * Starts the production server (building first if needed) and waits for /healthz. `env` adds to
 * (or overrides) this process's environment, e.g. the server's own DATA_DIR or DATABASE_URL.
 */
export async function startProductionServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<ProductionServer> {
  if (!existsSync("build/server.js")) {
    await run("npm", ["run", "build"]);
  }
  // node itself (not npx): a SIGTERM then reaches the server and it shuts down cleanly.
  const child: ChildProcess = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...SERVER_ENV,
      // A fresh embedded database unless one is given: audits and benchmarks must not take
      // the data folder of a server that is running here.
      DATA_DIR: mkdtempSync(join(tmpdir(), "salon-serve-")),
      ...process.env,
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = () => {
    child.kill("SIGTERM");
    return exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: child.pid ?? 0, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("The production server did not start within 60 s");
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}
