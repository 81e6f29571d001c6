// Opens the one database handle of a process (DECISIONS.md 3): the embedded PostgreSQL (PGlite)
// in the data folder by default, a PostgreSQL server when a URL is given. Same schema, same
// queries. Migrations run here, at open, with drizzle-orm's migrator (`drizzle-kit migrate`
// fails silently on PGlite).
// Relative imports: scripts run this file with plain tsx, without the `~/` alias.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.server";

export type Schema = typeof schema;
/** Both drivers' databases, as one type (a union of the two driver types does not type-check). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction(...)` hands its callback; server functions accept it where they write. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded database's own client (PGlite only): for dumps and backups. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Folder of the embedded database; PGlite keeps its files in `<dataDir>/db`. */
  dataDir?: string;
  /** A PostgreSQL server (postgres://...); when set, dataDir is not used. */
  databaseUrl?: string;
  /** An in-memory PGlite (tests): nothing is written, no lock is taken. */
  memory?: boolean;
  /** With `memory`: start from this dump (`dumpDataDir()`) rather than an empty cluster. */
  loadDataDir?: Blob;
  /**
   * The migrations written by `drizzle-kit generate`. Default: `drizzle/` under the current
   * directory. The app always runs from the repository root (npm scripts, tests, and the Vite SSR
   * bundle in build/server/, whose own location says nothing about where drizzle/ is).
   */
  migrationsFolder?: string;
  /** Size of the node-postgres pool (default 10). */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve(process.cwd(), "drizzle");
  if (!fs.existsSync(path.join(migrationsFolder, "meta", "_journal.json"))) {
    throw new Error(
      `No database migrations in ${migrationsFolder}. Start the app from the repository root.`,
    );
  }
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, migrationsFolder, options.poolSize ?? 10);
  }
  if (options.memory) {
    const client = await PGlite.create({
      ...PGLITE_OPTIONS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    return finishPglite(client, migrationsFolder, async () => {});
  }
  const dataDir = options.dataDir ?? "./data";
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "db"), PGLITE_OPTIONS);
    return await finishPglite(client, migrationsFolder, async () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

// PostgreSQL's buffer cache lives in PGlite's WebAssembly memory, inside this process. Its default,
// 128 MB, was most of the server's memory once touched (docs/performance.md, "Memory"); 16 MB holds
// the salon's whole database many times over, and the operating system caches the files below it.
const PGLITE_OPTIONS = {
  extensions: { btree_gist },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  parsers: textParsers(),
};

/**
 * The values drizzle wants from PGlite as PostgreSQL's text, not parsed (its own mapping turns
 * them into dates): timestamps, dates, intervals and arrays of them, and numeric[]. The list
 * drizzle-orm/pglite's session gives with every query.
 */
function textParsers(): Record<number, (value: string) => string> {
  const text = (value: string) => value;
  const oids = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
  // numeric[], timestamp[], timestamptz[], interval[], date[]
  return Object.fromEntries([...oids, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, text]));
}

/**
 * The client drizzle is given: PGlite, less the type parsers drizzle passes with every query.
 * PGlite merges those into its table of about 300 parsers on each call, some 118 KB of garbage
 * per query whatever its size (more than half of what a kept slot listing allocates, and young
 * collections in a 1 MB young generation: docs/performance.md, "Slot listing"). The same parsers
 * are PGlite's own from the start (textParsers), so every value reads the same.
 */
function withoutQueryParsers<T extends Pick<PGlite, "query">>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, options && { ...options, parsers: undefined });
      }
      if (property === "transaction" && target instanceof PGlite) {
        return (callback: Parameters<PGlite["transaction"]>[0]) =>
          target.transaction((tx) => callback(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function finishPglite(
  client: PGlite,
  migrationsFolder: string,
  afterClose: () => Promise<void>,
): Promise<DatabaseHandle> {
  try {
    const db = drizzlePglite({ client: withoutQueryParsers(client), schema });
    await migratePglite(db, { migrationsFolder });
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: "pglite",
      pglite: client,
      close() {
        closing ??= client.close().finally(afterClose);
        return closing;
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

// Any fixed number: every process migrating one PostgreSQL waits for this advisory lock, so two
// app processes starting together do not both apply the same migration.
const MIGRATION_LOCK_KEY = 20_102_023;

async function openPostgres(
  databaseUrl: string,
  migrationsFolder: string,
  poolSize: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its connection (server restart) emits 'error' on the pool; without
  // a listener that would crash the process. The next query simply opens a new connection.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  try {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      // The migrator must run on the client that holds the session-level lock.
      await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db = drizzleNodePostgres({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "postgres",
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

// --- One process per embedded data folder -------------------------------------------------------
// PGlite is PostgreSQL in this process's memory: a second process on the same files would corrupt
// them. The lock is a file created exclusively (O_EXCL) holding the owner's pid. A lock left by a
// process that died (crash, kill -9) is taken over. Limits: the pid check only sees processes on
// this machine, and a recycled pid of an unrelated live process keeps the lock until the file is
// removed by hand (the message names it).

const heldLocks = new Set<string>();

export const LOCK_FILE_NAME = "db.lock";

function acquireDataDirLock(dataDir: string): { release(): void } {
  const lockPath = path.resolve(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreateLockFile(lockPath)) {
      heldLocks.add(lockPath);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldLocks.delete(lockPath);
          fs.rmSync(lockPath, { force: true });
        },
      };
    }
    const owner = readLockOwner(lockPath);
    if (owner === undefined) continue; // removed meanwhile, or being written: try again
    const ownLock = owner === process.pid && heldLocks.has(lockPath);
    // The same pid without our record of it: a previous run of a container whose server is pid 1.
    const stale = !ownLock && (owner === process.pid || !isProcessAlive(owner));
    if (!stale) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another server (pid ${owner}). ` +
          `Stop it first, or set DATABASE_URL. (Lock file: ${lockPath})`,
      );
    }
    // Move the stale file aside, then check it is the one we judged: between our read and the
    // rename, another starting server may have taken over first and written a fresh lock.
    const aside = `${lockPath}.stale.${process.pid}.${Date.now()}`;
    try {
      fs.renameSync(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (readLockOwner(aside) !== owner) {
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        // Someone holds the name again: the next round reads who.
      }
    }
    fs.rmSync(aside, { force: true });
  }
  throw new Error(`Could not take the lock ${lockPath} of the embedded database in ${dataDir}.`);
}

/** Creates the lock file with its content in one step: link() fails if the name exists. */
function tryCreateLockFile(lockPath: string): boolean {
  const temporary = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${process.pid}${os.EOL}`, { flag: "wx" });
  try {
    fs.linkSync(temporary, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readLockOwner(lockPath: string): number | undefined {
  let content: string;
  try {
    content = fs.readFileSync(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const pid = Number.parseInt(content.trim(), 10);
  // Unreadable content cannot name a live owner: treat it as left by a crash (pid 0 = dead).
  return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
}

function isProcessAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
