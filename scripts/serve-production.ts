import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * How the production server is started: the same as `npm run serve` in package.json (keep the two
 * alike; tests/support/app-server.ts uses these too). All of it lowers its memory
 * (docs/performance.md, "Memory"). V8 lets the heap grow to a multiple of the live objects after
 * each full collection, and scales that multiple with the heap limit: up to 4 with the default
 * limit (a quarter of the machine's memory, capped at 4 GB), about 1.6 with 1 GB. With two malloc
 * arenas rather than one per thread, the memory V8's background threads freed after compiling
 * PGlite's WebAssembly is reused instead of kept. `--no-liftoff`: each PostgreSQL function is
 * compiled once, by the optimizing compiler, when first called, rather than by the baseline
 * compiler and again by the optimizing one once it runs often; with a fixed malloc threshold
 * (glibc otherwise raises it after large blocks are freed, then keeps them in its heaps), what
 * compiling allocates in large blocks goes back to the system. Together about 75 MB less after
 * 20,000 requests on PGlite (each alone 15-20 MB), no slower; a new database takes ~3 s longer to
 * start. (`--liftoff-only` saves as much but runs PostgreSQL's queries 10-30 % slower.)
 */
export const SERVER_NODE_ARGS = [
  "--no-liftoff",
  "--max-old-space-size=1024",
  "--import",
  "tsx",
  "server.ts",
];
export const SERVER_ENV: NodeJS.ProcessEnv = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
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
  if (!existsSync("build/server/index.js")) {
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
