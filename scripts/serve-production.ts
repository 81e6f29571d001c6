import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Starts the production server (building first if needed) and waits for /healthz. */
export async function startProductionServer(port: number): Promise<{ url: string; stop(): void }> {
  if (!existsSync("build/server/index.js")) {
    await run("npm", ["run", "build"]);
  }
  // node itself (not npx): a SIGTERM then reaches the server and it shuts down cleanly.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      // A fresh embedded database unless one is given: audits and benchmarks must not take
      // the data folder of a server that is running here.
      DATA_DIR: mkdtempSync(join(tmpdir(), "salon-serve-")),
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop: () => child.kill("SIGTERM") };
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
