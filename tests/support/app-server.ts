// The production server as an operator runs it (`npm run serve`: scripts/serve.sh, the build in
// build/), spawned by reliability tests that must kill, stop and restart it. Its
// database is an embedded data folder, or a fresh database on the PostgreSQL server named by
// TEST_DATABASE_URL (CI runs the integration tests both ways).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { RouteFacts } from "../../app/lib/route-handle";
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
} from "../../app/services/db/client.server";
import { SERVE_COMMAND } from "../../scripts/serve-production";
import { copyMigratedDataFolder, createMigratedDatabase } from "./test-database";

const BUILD_ENTRY = path.resolve("build/server.js");

/**
 * `npm test` builds before the integration tests; a test run on its own builds when build/ is
 * missing. Test files running at the same time build once: the others wait for the lock.
 */
export async function ensureProductionBuild(): Promise<void> {
  const lock = path.join(os.tmpdir(), "salon-test-build.lock");
  const deadline = Date.now() + 300_000;
  while (!fs.existsSync(BUILD_ENTRY)) {
    let owner = false;
    try {
      fs.mkdirSync(lock);
      owner = true;
    } catch {
      const stat = fs.statSync(lock, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > 300_000) fs.rmSync(lock, { recursive: true });
    }
    if (owner) {
      try {
        if (!fs.existsSync(BUILD_ENTRY)) await run("npm", ["run", "build"]);
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
    } else {
      if (Date.now() > deadline) throw new Error("Waited 5 minutes for another test's build");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // The production build, as `npm run build` makes it in a shell: Vitest sets NODE_ENV=test,
    // under which React Router builds for development (every page hydrated, as no visitor gets).
    const child = spawn(command, args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

/** Where a server under test keeps its data; it outlives the server, so a restart finds it. */
export interface ServerStore {
  kind: "pglite" | "postgres";
  /** DATA_DIR or DATABASE_URL for the server. */
  env: Record<string, string>;
  /** Opens the same database in the test process (PGlite: only while no server runs on it). */
  open(): Promise<DatabaseHandle>;
  /** Deletes the folder or drops the database. */
  remove(): Promise<void>;
}

/**
 * A new store, its database already migrated (a copy of a template: tests/support/test-database.ts),
 * as a server leaves one it started on; `blank`: nothing in it yet, for a server's first start.
 */
export async function createServerStore(options: { blank?: boolean } = {}): Promise<ServerStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `salon_rel_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    if (options.blank) await adminQuery(serverUrl, `create database "${name}"`);
    else await createMigratedDatabase(serverUrl, name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      kind: "postgres",
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, poolSize: 4 }),
      remove: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-rel-"));
  if (!options.blank) await copyMigratedDataFolder(dataDir);
  return {
    kind: "pglite",
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Runs `use` on the store's database, opened for it alone and closed after (no server on it). */
export async function withStoreDatabase<T>(
  store: ServerStore,
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const database = await store.open();
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** The routes as the built server derived them at start (server/app.ts exports them). */
export async function builtRouteFacts(): Promise<RouteFacts> {
  await ensureProductionBuild();
  const entry = pathToFileURL(path.resolve("build/server/index.js")).href;
  return ((await import(entry)) as { routeFacts: RouteFacts }).routeFacts;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Environment for startAppServer: the server's clock reads `offsetMs` off the machine's (a
 * preload, tests/support/shifted-clock.mjs; the app itself is as built).
 */
export function shiftedClockEnv(offsetMs: number): Record<string, string> {
  const preload = pathToFileURL(path.resolve("tests/support/shifted-clock.mjs")).href;
  return {
    NODE_OPTIONS: `--import=${preload}`,
    SHIFTED_CLOCK_OFFSET_MS: String(Math.round(offsetMs)),
  };
}

/**
 * A server clock that a test moves forward while the server runs (tests/support/shifted-clock.mjs:
 * SHIFTED_CLOCK_FILE, read on SIGUSR2): `env` for startAppServer, then `advance` the server's
 * clock by `ms`, resolved once the server says it has moved. Makes a time-based change (a hold's
 * lapse) happen when the test says, instead of racing a real clock.
 */
export interface MovableClock {
  readonly env: Record<string, string>;
  advance(server: AppServer, ms: number): Promise<void>;
  /** Deletes the offset file (once the server is stopped). */
  remove(): void;
}

export function movableClock(): MovableClock {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "salon-clock-"));
  const file = path.join(folder, "offset");
  fs.writeFileSync(file, "0");
  let offset = 0;
  return {
    env: { ...shiftedClockEnv(0), SHIFTED_CLOCK_FILE: file },
    async advance(server, ms) {
      if (!(ms >= 1)) throw new Error(`The clock only moves forward (by ${ms} ms?)`);
      const wanted = offset + Math.round(ms);
      offset = wanted;
      fs.writeFileSync(file, String(wanted));
      process.kill(server.pid, "SIGUSR2");
      await server.waitForOutput(new RegExp(`shifted clock: ${wanted} ms`), 10_000);
    },
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

export interface AppServer {
  readonly url: string;
  readonly pid: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the output contains `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Sends the signal and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** The exit code once the process ended (null if killed by a signal). */
  readonly exited: Promise<number | null>;
}

/**
 * Starts the built server (build/server.js, compiled from server.ts) on a free port with the store's database and `env`, and resolves once
 * /healthz answers. The port is read from the server's "ready on" line (PORT=0).
 */
export async function startAppServer(
  store: ServerStore,
  env: Record<string, string> = {},
): Promise<AppServer> {
  const [command, ...args] = SERVE_COMMAND;
  const child: ChildProcess = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: "0",
      HOST: "127.0.0.1",
      ...store.env,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      for (const listener of listeners) listener();
      resolve(code);
    });
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });

  const waitForOutput = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          cleanup();
          resolve();
        } else if (ended) {
          cleanup();
          reject(new Error(`The server exited before printing ${pattern}:\n${output}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No ${pattern} from the server within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  try {
    await waitForOutput(/ready on http:\/\/localhost:(\d+)/);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const port = /ready on http:\/\/localhost:(\d+)/.exec(output)?.[1];
  const url = `http://127.0.0.1:${port}`;
  const health = await fetch(`${url}/healthz`);
  if (!health.ok) throw new Error(`/healthz answered ${health.status}`);

  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    waitForOutput,
    exited,
    async stop(signal = "SIGTERM") {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}
