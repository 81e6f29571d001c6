import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The production server's one command (scripts/serve.sh, also `npm run serve`). */
export const SERVE_COMMAND = ["sh", "scripts/serve.sh"] as const;

interface ProductionServer {
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
  // scripts/serve.sh execs node (no npm in between): a SIGTERM then reaches the server itself.
  const [command, ...args] = SERVE_COMMAND;
  const child: ChildProcess = spawn(command, args, {
    env: {
      // A fresh embedded database unless one is given: audits and benchmarks must not take
      // the data folder of a server that is running here.
      DATA_DIR: mkdtempSync(join(tmpdir(), "salon-serve-")),
      ...process.env,
      ...env,
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
