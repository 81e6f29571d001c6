// Backups as plain SQL in pg_dump's own format (docs/backups.md), so any PostgreSQL tool can read
// them. The embedded database is dumped by the WebAssembly pg_dump of @electric-sql/pglite-tools,
// which talks to PGlite inside this process; a PostgreSQL server by the pg_dump of this machine.
// Both write INSERT statements, never COPY ... FROM stdin, so a restore is plain SQL that PGlite's
// exec() and the pg client run, without psql.
// Relative imports: the db:backup and db:restore scripts run this file with plain tsx.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { type Database, openDatabase, PGLITE_OPTIONS } from "./client.server";

const execFileAsync = promisify(execFile);

/** An expected failure, told to the operator in one line. */
export class BackupError extends Error {}

export interface BackupTarget {
  /** The embedded database's folder (DATA_DIR), used when databaseUrl is unset. */
  dataDir: string;
  databaseUrl?: string;
  migrationsFolder?: string;
  /**
   * The embedded database of dataDir as this process has it open (the server's daily backup):
   * dumped from a copy of its files taken between two of its queries, not by opening the folder.
   */
  openPglite?: PGlite;
}

// No owners or grants (the restoring role may have another name), rows as multi-row INSERTs.
const DUMP_OPTIONS = ["--no-owner", "--no-privileges", "--inserts", "--rows-per-insert=100"];

export function describeTarget(target: BackupTarget): string {
  if (!target.databaseUrl) return `embedded database in ${target.dataDir}`;
  const url = new URL(target.databaseUrl);
  return `PostgreSQL database ${url.pathname.slice(1) || "(default)"} on ${url.hostname}:${url.port || 5432}`;
}

interface BackupResult {
  bytes: number;
  /** Set for PostgreSQL: which pg_dump wrote the file. */
  pgDumpPath?: string;
  /** Set for a running embedded database: how long its queries waited for the copy, in ms. */
  pausedMs?: number;
}

/** Writes a dump of the target to `file`; refuses to replace an existing file unless `force`. */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  if (!options.force && fs.existsSync(file)) {
    throw new BackupError(`${file} already exists: choose another name, or add --force.`);
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Written aside and renamed when complete: a failed backup never leaves a half file by its name.
  // Created new (never an existing file or a symlink someone left there) and readable by the owner
  // only from its first byte: it holds customers' details and staff password hashes.
  const partial = `${file}.partial-${process.pid}`;
  fs.closeSync(fs.openSync(partial, "wx", 0o600));
  try {
    let pgDumpPath: string | undefined;
    let pausedMs: number | undefined;
    if (target.databaseUrl) {
      pgDumpPath = await dumpPostgres(target.databaseUrl, partial);
    } else if (target.openPglite) {
      const dump = await dumpOpenPglite(target.openPglite, target.dataDir);
      pausedMs = dump.pausedMs;
      fs.writeFileSync(partial, dump.text);
    } else {
      fs.writeFileSync(partial, await dumpPglite(target));
    }
    if (!fs.readFileSync(partial, "utf8").includes("\n-- PostgreSQL database dump complete\n")) {
      throw new BackupError("pg_dump stopped before the end of the dump; nothing was written.");
    }
    fs.renameSync(partial, file);
    return { bytes: fs.statSync(file).size, pgDumpPath, pausedMs };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

async function dumpPglite(target: BackupTarget): Promise<string> {
  if (!hasFiles(path.join(target.dataDir, "db"))) {
    throw new BackupError(
      `There is no embedded database in ${target.dataDir} to back up (set DATA_DIR, or DATABASE_URL for a PostgreSQL server).`,
    );
  }
  // Opening takes the folder's lock (a running server refuses us) and, like a server start,
  // applies migrations this version of the app has and the database not yet.
  const handle = await openDatabase({
    dataDir: target.dataDir,
    migrationsFolder: target.migrationsFolder,
  });
  try {
    if (!handle.pglite) throw new Error("The embedded database has no PGlite client.");
    return await dumpWithPglite(handle.pglite, handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * A running server's embedded database, without stopping it: its files are copied while no query
 * runs (PGlite runs one at a time and writes nothing between them), which is the state a power
 * cut would leave; a second PGlite opens the copy, replaying its write-ahead log as PostgreSQL does
 * after a crash, and pg_dump reads that. The site waits only for the copy (docs/backups.md).
 */
async function dumpOpenPglite(
  running: PGlite,
  dataDir: string,
): Promise<{ text: string; pausedMs: number }> {
  const copy = fs.mkdtempSync(path.join(dataDir, "backup-snapshot-"));
  try {
    // Written out first: the copy has less log to replay.
    await running.exec("CHECKPOINT");
    const pausedMs = await running.runExclusive(async () => {
      const started = performance.now();
      await fs.promises.cp(path.join(dataDir, "db"), copy, { recursive: true });
      return Math.round(performance.now() - started);
    });
    const client = await PGlite.create(copy, PGLITE_OPTIONS);
    try {
      return { text: await dumpWithPglite(client, drizzlePglite({ client })), pausedMs };
    } finally {
      await client.close();
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

async function dumpWithPglite(client: PGlite, db: Database): Promise<string> {
  const lossy = await findTextPgDumpWasmDrops(db);
  if (lossy) {
    throw new BackupError(
      `Cannot back up faithfully: a text in ${lossy} has a line starting with \\restrict or \\unrestrict, which @electric-sql/pglite-tools removes from its dump (see docs/backups.md); nothing was written.`,
    );
  }
  const dump = await pgDump({ pg: client, args: DUMP_OPTIONS });
  return await dump.text();
}

/**
 * pgDump() removes pg_dump's `\restrict` guard lines with a multi-line pattern that also matches
 * a line inside a quoted text value (@electric-sql/pglite-tools 0.4.8), silently dropping it.
 * Finds the first table holding such a value, if any: the backup refuses rather than lose it.
 * (A row as text doubles each backslash of its text fields, hence `\\+`.)
 */
async function findTextPgDumpWasmDrops(db: Database): Promise<string | undefined> {
  for (const { name } of await listTables(db)) {
    const [row] = rowsOf<{ found: boolean }>(
      await db.execute(
        sql.raw(
          `select exists (select from ${name} t where t::text ~ '\\n\\\\+(un)?restrict\\M') as found`,
        ),
      ),
    );
    if (row?.found) return name;
  }
  return undefined;
}

async function dumpPostgres(databaseUrl: string, outputFile: string): Promise<string> {
  const serverMajor = await withClient(databaseUrl, async (client) => {
    const result = await client.query<{ server_version_num: string }>("show server_version_num");
    return Math.floor(Number(result.rows[0]?.server_version_num) / 10_000);
  });
  const tool = await choosePgDump(serverMajor);
  // The password goes to pg_dump through its environment, not its command line (visible in ps).
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  try {
    await execFileAsync(
      tool,
      [...DUMP_OPTIONS, "--format=plain", "--encoding=UTF8", "--file", outputFile, url.toString()],
      { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } },
    );
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    throw new BackupError(`pg_dump failed: ${stderr.split("\n")[0] || String(error)}`);
  }
  return tool;
}

/**
 * pg_dump refuses a server newer than itself. Prefers the oldest pg_dump that is not older than
 * the server (its SQL suits that server best); Debian keeps each version in its own folder.
 */
async function choosePgDump(serverMajor: number): Promise<string> {
  const candidates = new Set<string>();
  const debian = "/usr/lib/postgresql";
  for (const version of fs.existsSync(debian) ? fs.readdirSync(debian) : []) {
    candidates.add(path.join(debian, version, "bin", "pg_dump"));
  }
  for (const folder of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    candidates.add(path.join(folder, "pg_dump"));
  }
  const found: { file: string; major: number }[] = [];
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    try {
      const { stdout } = await execFileAsync(file, ["--version"]);
      const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
      if (Number.isInteger(major)) found.push({ file, major });
    } catch {
      // Not runnable (a broken wrapper, no permission): look at the others.
    }
  }
  const usable = found
    .filter((tool) => tool.major >= serverMajor)
    .sort((a, b) => a.major - b.major);
  if (usable[0]) return usable[0].file;
  if (found.length === 0) {
    throw new BackupError(
      `pg_dump is not installed; backing up a PostgreSQL ${serverMajor} server needs it (Debian: apt-get install postgresql-client-${serverMajor}).`,
    );
  }
  const newest = found.reduce((a, b) => (b.major > a.major ? b : a));
  throw new BackupError(
    `pg_dump ${newest.major} (${newest.file}) is older than the PostgreSQL ${serverMajor} server and cannot dump it; install pg_dump ${serverMajor} or newer (Debian: postgresql-client-${serverMajor}).`,
  );
}

// --- Restore ---------------------------------------------------------------------------------

/** Every table outside PostgreSQL's own schemas, with its row count. */
export async function countRows(db: Database): Promise<{ name: string; rows: number }[]> {
  const counts: { name: string; rows: number }[] = [];
  for (const { name } of await listTables(db)) {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql.raw(`select count(*)::int as count from ${name}`)),
    );
    counts.push({ name, rows: row?.count ?? 0 });
  }
  return counts;
}

/** Tables outside PostgreSQL's own schemas, as quoted "schema.table" names. */
async function listTables(db: Database): Promise<{ name: string }[]> {
  return rowsOf<{ name: string }>(
    await db.execute(
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
           where schemaname not in ('pg_catalog', 'information_schema')
           order by schemaname, tablename`,
    ),
  );
}

// --- Helpers ---------------------------------------------------------------------------------

/** Both drivers answer db.execute() with an object holding `rows`; its type is the driver's. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to PostgreSQL: ${errorText(error)}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export function hasFiles(folder: string): boolean {
  return fs.existsSync(folder) && fs.readdirSync(folder).length > 0;
}

export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}
