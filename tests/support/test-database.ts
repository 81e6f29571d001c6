// A migrated database for integration tests: an in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways, see
// scripts/ci-postgres.sh). Opening costs seconds: create one per test file (beforeAll), call
// reset() before each test, close() after all.
//
// Migrating a new database is done once, into a template named after a hash of the migrations
// and drizzle/functions (and of PGlite's version and the code that opens databases), and each
// test's database is a copy:
// - PGlite: building a migrated cluster takes 3-10 s, loading a dump of one under 1 s. The first
//   test file to need it builds it and leaves a dump in the temp folder, so it is rebuilt only
//   when the hash changes; files starting meanwhile wait for it. A server's embedded data folder
//   (tests/support/app-server.ts) is likewise a copy of a migrated folder kept there.
// - PostgreSQL: a template database on that server, cloned with CREATE DATABASE ... TEMPLATE.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/services/db/client.server";
import * as schema from "../../app/services/db/schema.server";

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table of the schema (the migrations' own bookkeeping stays). */
  reset(): Promise<void>;
  /** On PostgreSQL: the test database's URL, for a second connection (another "process"). */
  databaseUrl?: string;
}

/** Generous: on a busy 2-core machine several files open databases at once. */
export const OPEN_TIMEOUT_MS = 60_000;

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return withReset(serverUrl ? await openOnServer(serverUrl) : await openInMemory());
}

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

async function openInMemory(): Promise<DatabaseHandle> {
  const template = `${templateBase()}.tar`;
  let built: DatabaseHandle | undefined;
  const cached = await buildOnce(template, async (partial) => {
    built = await openDatabase({ memory: true, migrationsFolder });
    if (!built.pglite) return;
    const dump = await built.pglite.dumpDataDir("none");
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  });
  // The builder goes on with the database it built.
  if (built) return built;
  if (!cached) return openDatabase({ memory: true, migrationsFolder });
  const loadDataDir = new Blob([fs.readFileSync(template)]);
  return openDatabase({ memory: true, loadDataDir, migrationsFolder });
}

/**
 * Makes `dataDir` (new or empty) an embedded data folder with every migration applied, as the
 * app leaves one it opened and closed: a copy of a folder built once (under a second instead of
 * 3-10 s of creating and migrating a cluster).
 */
export async function copyMigratedDataFolder(dataDir: string): Promise<void> {
  const template = `${templateBase()}-folder`;
  const cached = await buildOnce(template, async (partial) => {
    await (await openDatabase({ dataDir: partial, migrationsFolder })).close();
  });
  if (cached) fs.cpSync(template, dataDir, { recursive: true });
  else await (await openDatabase({ dataDir, migrationsFolder })).close();
}

/**
 * Builds `target` (a file or a folder in the temp folder) with `build(partial)` unless it exists;
 * a file starting meanwhile waits for the one building it. Resolves to whether `target` is there
 * to use: false when another builder took too long (then the caller makes its own).
 */
async function buildOnce(
  target: string,
  build: (partial: string) => Promise<void>,
): Promise<boolean> {
  const lock = `${target}.lock`;
  const deadline = Date.now() + OPEN_TIMEOUT_MS / 2;
  for (;;) {
    if (fs.existsSync(target)) return true;
    if (takeLock(lock)) break;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const partial = `${target}.${process.pid}.tmp`;
  try {
    if (fs.existsSync(target)) return true;
    fs.rmSync(partial, { recursive: true, force: true });
    await build(partial);
    if (!fs.existsSync(partial)) return false;
    fs.renameSync(partial, target);
    removeOldTemplates();
    return true;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.rmSync(lock, { force: true });
  }
}

function takeLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Left by a test run that was killed while building: ignore it after a while.
    const stat = fs.statSync(lock, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > OPEN_TIMEOUT_MS) fs.rmSync(lock, { force: true });
    return false;
  }
}

/** Templates of other hashes (migrations since changed) unused for an hour: tens of MB each. */
function removeOldTemplates(): void {
  const current = path.basename(templateBase());
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith("salon-test-pglite-") || name.startsWith(current)) continue;
    const file = path.join(os.tmpdir(), name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 3_600_000) {
      fs.rmSync(file, { recursive: true, force: true });
    }
  }
}

let schemaHash: string | undefined;
/**
 * Names what a template holds: the migrations, PGlite's version, and the code that opens (and
 * migrates) a database.
 */
function templateHash(): string {
  if (schemaHash) return schemaHash;
  const hash = createHash("sha256");
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name).update(fs.readFileSync(file));
  }
  // drizzle/functions/*.sql are in the loop above; these apply them and the migrations.
  for (const file of ["client.server.ts", "sql-functions.server.ts"]) {
    hash.update(fs.readFileSync(path.resolve(process.cwd(), "app/services/db", file)));
  }
  const pgliteVersion = (
    JSON.parse(
      fs.readFileSync(
        path.resolve(process.cwd(), "node_modules/@electric-sql/pglite/package.json"),
        "utf8",
      ),
    ) as { version: string }
  ).version;
  hash.update(pgliteVersion);
  schemaHash = hash.digest("hex").slice(0, 16);
  return schemaHash;
}

/** The temp folder's PGlite templates: `<base>.tar` (a dump), `<base>-folder` (a data folder). */
function templateBase(): string {
  return path.join(os.tmpdir(), `salon-test-pglite-${templateHash()}`);
}

/** Any fixed number: the builders of a template on one PostgreSQL server take turns. */
const TEMPLATE_LOCK_KEY = 7_310_265_118;
/** Set on a template once it is complete: one left half-built by a killed run is built again. */
const TEMPLATE_DONE = "migrated";

/**
 * Creates the database `name` on the PostgreSQL server with every migration applied: a clone of a
 * template database (built once per server and template hash) with CREATE DATABASE ... TEMPLATE.
 */
export async function createMigratedDatabase(serverUrl: string, name: string): Promise<void> {
  const template = `salon_template_${templateHash()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const complete = async () =>
      (
        await client.query<{ comment: string | null }>(
          "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
          [template],
        )
      ).rows[0]?.comment === TEMPLATE_DONE;
    if (!(await complete())) {
      await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
      try {
        if (!(await complete())) {
          await client.query(`drop database if exists "${template}" with (force)`);
          await client.query(`create database "${template}"`);
          await (
            await openDatabase({
              databaseUrl: urlOf(serverUrl, template),
              poolSize: 1,
              migrationsFolder,
            })
          ).close();
          // Nobody connects to it by mistake (a clone needs it free of connections).
          await client.query(`alter database "${template}" allow_connections false`);
          await client.query(`comment on database "${template}" is '${TEMPLATE_DONE}'`);
        }
      } finally {
        await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
      }
    }
    await client.query(`create database "${name}" template "${template}"`);
  } finally {
    await client.end();
  }
}

function urlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function openOnServer(serverUrl: string): Promise<DatabaseHandle & { databaseUrl: string }> {
  const name = `salon_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await createMigratedDatabase(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20, migrationsFolder });
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...handle,
    databaseUrl: url.toString(),
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

function withReset(handle: DatabaseHandle & { databaseUrl?: string }): TestDatabase {
  return {
    ...handle,
    async reset() {
      const tables = (Object.values(schema) as unknown[])
        .filter((value): value is PgTable => is(value, PgTable))
        // The site's version only ever moves on (the truncate below moves it), as in production:
        // emptied, it would stay 0 and a process's cached salon details would outlive the reset.
        .filter((table) => table !== schema.siteVersion)
        .map((table) => `"${getTableConfig(table).schema ?? "public"}"."${getTableName(table)}"`);
      if (tables.length === 0) return;
      // Only the tables a test wrote to (and those with an identity column, whose counter restarts):
      // a test leaves rows in a few of some 60 tables, and truncating all of them took about
      // 130 ms on the embedded database, before each of some 600 tests (2026-12-03).
      await handle.db.execute(
        sql.raw(`do $$
          declare
            name text;
            written boolean;
            chosen text[] := '{}';
          begin
            foreach name in array array[${tables.map((table) => `'${table}'`).join(", ")}] loop
              execute format('select exists (select from %s)', name) into written;
              if written or exists (
                select from pg_attribute where attrelid = name::regclass and attidentity <> ''
              ) then
                chosen := chosen || name;
              end if;
            end loop;
            if cardinality(chosen) > 0 then
              execute 'truncate ' || array_to_string(chosen, ', ') || ' restart identity cascade';
            end if;
          end $$`),
      );
    },
  };
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
