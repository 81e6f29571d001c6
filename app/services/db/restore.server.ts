import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import {
  BackupError,
  type BackupTarget,
  countRows,
  describeTarget,
  errorText,
  hasFiles,
  rowsOf,
  withClient,
} from "./backup.server";
import {
  acquireDataDirLock,
  type Database,
  DataDirInUseError,
  openDatabase,
} from "./client.server";
import { DumpError, prepareDump } from "./dump-sql.server";

interface RestoreResult {
  /** Every table with its row count after the restore, "schema.table". */
  tables: { name: string; rows: number }[];
  /** Header settings the target does not know, left out (a dump from a newer PostgreSQL). */
  skippedSettings: string[];
  /** Migrations of this app version the backup did not have, applied after loading it. */
  migrationsApplied: number;
}

/** Loads `file` into an empty database; changes nothing when it is not empty or the load fails. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<RestoreResult> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const prepare = (knownSettings: ReadonlySet<string>) => {
    try {
      return prepareDump(text, knownSettings);
    } catch (error) {
      if (error instanceof DumpError) {
        throw new BackupError(`Nothing changed: ${file}: ${error.message}.`);
      }
      throw error;
    }
  };
  const loaded = target.databaseUrl
    ? await loadIntoPostgres(target.databaseUrl, prepare, describeTarget(target))
    : await loadIntoPglite(target.dataDir, prepare);

  // Open it as the app does: the lock, and any migration newer than the backup.
  const handle = await openDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    migrationsFolder: target.migrationsFolder,
  });
  try {
    const migrationsAfter = await countMigrations(handle.db);
    return {
      tables: await countRows(handle.db),
      skippedSettings: loaded.skippedSettings,
      migrationsApplied: migrationsAfter - loaded.migrations,
    };
  } finally {
    await handle.close();
  }
}

type Prepare = (knownSettings: ReadonlySet<string>) => { sql: string; skippedSettings: string[] };

interface Loaded {
  skippedSettings: string[];
  /** Rows of drizzle's migrations table that came with the backup. */
  migrations: number;
}

const MIGRATIONS_QUERY = `select count(*)::int as count from drizzle.__drizzle_migrations`;

async function loadIntoPglite(dataDir: string, prepare: Prepare): Promise<Loaded> {
  const folder = path.join(dataDir, "db");
  if (hasFiles(folder)) {
    throw new BackupError(
      `Nothing changed: ${dataDir} already holds an embedded database; restore needs an empty one (use a new DATA_DIR, or move ${folder} aside while no server runs).`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // Held for the whole restore: no server can open the folder while the database is put there.
  const release = await acquireDataDirLock(dataDir).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupError(
      `Nothing changed: the embedded database in ${dataDir} is in use by another server. Stop it first.`,
    );
  });
  try {
    return await loadIntoNewPglite(dataDir, folder, prepare);
  } finally {
    await release();
  }
}

async function loadIntoNewPglite(
  dataDir: string,
  folder: string,
  prepare: Prepare,
): Promise<Loaded> {
  // Built in a folder of its own and moved into place only when complete, so a failed load
  // leaves no half database behind and a server starting meanwhile never sees one.
  const staging = path.join(dataDir, `db.restoring-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const client = await PGlite.create(staging, { extensions: { btree_gist } });
    let loaded: Loaded;
    try {
      const settings = await client.query<{ name: string }>("select name from pg_settings");
      const prepared = prepare(new Set(settings.rows.map((row) => row.name)));
      try {
        await client.exec(prepared.sql);
      } catch (error) {
        throw new BackupError(`Nothing changed: the backup did not load: ${errorText(error)}`);
      }
      loaded = {
        skippedSettings: prepared.skippedSettings,
        migrations: await countMigrationsRaw((query) => client.query(query)),
      };
    } finally {
      await client.close();
    }
    try {
      // Fails if a database appeared there meanwhile (a non-empty folder is never replaced).
      fs.renameSync(staging, folder);
    } catch {
      throw new BackupError(
        `Nothing changed: an embedded database appeared in ${dataDir} during the restore.`,
      );
    }
    return loaded;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function loadIntoPostgres(
  databaseUrl: string,
  prepare: Prepare,
  description: string,
): Promise<Loaded> {
  return withClient(databaseUrl, async (client) => {
    // One transaction: a failure anywhere leaves the database as it was.
    await client.query("begin");
    try {
      const existing = await client.query<{ name: string }>(
        `select n.nspname || '.' || c.relname as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%'
         union all
         select nspname from pg_namespace where nspname = 'drizzle'
         order by 1 limit 4`,
      );
      if (existing.rows.length > 0) {
        throw new BackupError(
          `Nothing changed: the ${description} is not empty (it has ${existing.rows.map((row) => row.name).join(", ")}...); restore into a new, empty database (createdb).`,
        );
      }
      const settings = await client.query<{ name: string }>("select name from pg_settings");
      const prepared = prepare(new Set(settings.rows.map((row) => row.name)));
      try {
        await client.query(prepared.sql);
      } catch (error) {
        throw new BackupError(`Nothing changed: the backup did not load: ${errorText(error)}`);
      }
      const migrations = await countMigrationsRaw((query) => client.query(query));
      await client.query("commit");
      return { skippedSettings: prepared.skippedSettings, migrations };
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  });
}

async function countMigrationsRaw(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<number> {
  try {
    const result = await query(MIGRATIONS_QUERY);
    return (result.rows[0] as { count: number } | undefined)?.count ?? 0;
  } catch {
    return 0; // a backup without the app's migrations table
  }
}

async function countMigrations(db: Database): Promise<number> {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql.raw(MIGRATIONS_QUERY)));
  return row?.count ?? 0;
}
