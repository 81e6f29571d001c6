// A migrated database for integration tests: an in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways, see
// scripts/ci-postgres.sh). Opening costs seconds: create one per test file (beforeAll), call
// reset() before each test, close() after all.
//
// PGlite: building a migrated cluster takes 3-10 s, loading a dump of one under 1 s. The first
// test file to need it builds it and leaves a dump in the temp folder, named after a hash of the
// migrations, so it is rebuilt only when they change; files starting meanwhile wait for it.
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
  const template = templatePath();
  const lock = `${template}.lock`;
  const deadline = Date.now() + OPEN_TIMEOUT_MS / 2;
  let builder = false;
  for (;;) {
    if (fs.existsSync(template)) {
      const loadDataDir = new Blob([fs.readFileSync(template)]);
      return openDatabase({ memory: true, loadDataDir, migrationsFolder });
    }
    builder = takeLock(lock);
    if (builder || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    const handle = await openDatabase({ memory: true, migrationsFolder });
    if (handle.pglite && !fs.existsSync(template)) {
      const dump = await handle.pglite.dumpDataDir("none");
      const partial = `${template}.${process.pid}.tmp`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, template);
    }
    return handle;
  } finally {
    if (builder) fs.rmSync(lock, { force: true });
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

function templatePath(): string {
  const hash = createHash("sha256");
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name).update(fs.readFileSync(file));
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
  return path.join(os.tmpdir(), `salon-test-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
}

async function openOnServer(serverUrl: string): Promise<DatabaseHandle & { databaseUrl: string }> {
  const name = `salon_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
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
        .map((table) => `"${getTableConfig(table).schema ?? "public"}"."${getTableName(table)}"`);
      if (tables.length === 0) return;
      await handle.db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
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
