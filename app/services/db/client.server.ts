// Opens the one database handle of a process (docs/product.md#embedded-database-by-default): the embedded PostgreSQL (PGlite)
// in the data folder by default, a PostgreSQL server when a URL is given. Same schema, same
// queries. Migrations run here, at open, with drizzle-orm's migrator (`drizzle-kit migrate`
// fails silently on PGlite).
// Relative imports: scripts run this file with plain tsx, without the `~/` alias.
import fs from "node:fs";
import path from "node:path";
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import { log } from "../platform/logger.server";
import { listenOnPostgres } from "./listen.server";
import * as schema from "./schema.server";
import {
  applySqlFunctionsOnPglite,
  applySqlFunctionsOnPostgres,
  readSqlFunctionFiles,
  type SqlFunctionFiles,
} from "./sql-functions.server";

type Schema = typeof schema;
/** Both drivers' databases, as one type (a union of the two driver types does not type-check). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction(...)` hands its callback; server functions accept it where they write. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded database's own client (PGlite only): for dumps and backups. */
  pglite?: PGlite;
  /** The PostgreSQL connection pool (PostgreSQL only): its counts for /metrics. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` from now on, from any process
   * on the same database; `onResume` after the listening connection was lost and is back (what
   * was said meanwhile is lost: look again). Resolves to the unsubscribe.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface OpenDatabaseOptions {
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
  /**
   * Applies drizzle/functions/*.sql after the migrations (default true; sql-functions.server.ts).
   * False: the migrations alone, for the test that compares the two.
   */
  sqlFunctions?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve(process.cwd(), "drizzle");
  if (!fs.existsSync(path.join(migrationsFolder, "meta", "_journal.json"))) {
    throw new Error(
      `No database migrations in ${migrationsFolder}. Start the app from the repository root.`,
    );
  }
  const migrations = {
    folder: migrationsFolder,
    functions: options.sqlFunctions === false ? undefined : readSqlFunctionFiles(migrationsFolder),
  };
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, migrations, options.poolSize ?? 10);
  }
  if (options.memory) {
    const client = await PGlite.create({
      ...PGLITE_OPTIONS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    return finishPglite(client, migrations, async () => {});
  }
  const dataDir = options.dataDir ?? "./data";
  fs.mkdirSync(dataDir, { recursive: true });
  const release = await acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "db"), PGLITE_OPTIONS);
    return await finishPglite(client, migrations, release);
  } catch (error) {
    await release();
    throw error;
  }
}

// PostgreSQL's buffer cache lives in PGlite's WebAssembly memory, inside this process. Its default,
// 128 MB, was most of the server's memory once touched (docs/performance.md, "Memory"); 16 MB holds
// the salon's whole database many times over, and the operating system caches the files below it.
export const PGLITE_OPTIONS = {
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

/** The migrations folder, and the SQL functions to apply after it (unless left out). */
interface Migrations {
  folder: string;
  functions: SqlFunctionFiles | undefined;
}

async function finishPglite(
  client: PGlite,
  migrations: Migrations,
  afterClose: () => Promise<void>,
): Promise<DatabaseHandle> {
  try {
    const db = drizzlePglite({ client: withoutQueryParsers(client), schema });
    await migratePglite(db, { migrationsFolder: migrations.folder });
    if (migrations.functions) await applySqlFunctionsOnPglite(client, migrations.functions);
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: "pglite",
      pglite: client,
      // One process: it hears its own notifications, and the connection cannot drop.
      async listen(channel, onNotify) {
        const unlisten = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
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
  migrations: Migrations,
  poolSize: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its connection (server restart) emits 'error' on the pool; without
  // a listener that would crash the process. The next query simply opens a new connection.
  pool.on("error", (error) => log.error(`PostgreSQL connection lost: ${error.message}`));
  try {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      // The migrator must run on the client that holds the session-level lock.
      await migrateNodePostgres(drizzleNodePostgres({ client, schema }), {
        migrationsFolder: migrations.folder,
      });
      if (migrations.functions) await applySqlFunctionsOnPostgres(client, migrations.functions);
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
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    pool,
    async listen(channel, onNotify, onResume) {
      const stop = await listenOnPostgres(databaseUrl, channel, onNotify, onResume);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    close() {
      closing ??= Promise.all([...listeners].map((unlisten) => unlisten())).then(() => pool.end());
      return closing;
    },
  };
}

// --- One process per embedded data folder -------------------------------------------------------
// PGlite is PostgreSQL in this process's memory: a second process on the same files would corrupt
// them. proper-lockfile holds a lock (a directory made atomically) whose time stamp the holder
// renews every few seconds; a lock not renewed for LOCK_STALE_MS was left by a process that died
// (crash, kill -9) and is taken over. So a server restarted at once after a crash waits up to
// that long, and a second server or the staff CLI is refused after the same wait.

const LOCK_STALE_MS = 5_000;

export class DataDirInUseError extends Error {}

/** Takes the data folder's lock, waiting for a stale one to expire; resolves to its release. */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "db.lock"),
      stale: LOCK_STALE_MS,
      // Tries for a little longer than a dead holder's lock takes to go stale.
      retries: { retries: 6, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      // Renewal failed (the folder vanished, or the event loop stalled past LOCK_STALE_MS):
      // say so instead of crashing the server that is answering requests.
      onCompromised: (error) => log.error(`The lock of ${dataDir} was lost: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another server. Stop it first, or set DATABASE_URL.`,
      );
    }
    throw error;
  }
}
