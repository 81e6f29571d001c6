// npm run db:restore -- <file>
// Loads a dump made by npm run db:backup (or pg_dump --inserts) into an EMPTY database: the
// embedded one in DATA_DIR (which must not exist yet), or the PostgreSQL database at DATABASE_URL
// (which must have no tables). Anything else is refused, changing nothing (docs/backups.md).
import { parseArgs } from "node:util";
import { BackupError, describeTarget } from "../app/services/db/backup.server";
import { restoreDatabase } from "../app/services/db/restore.server";
import { readEnv } from "../app/services/platform/env.server";

const USAGE = "Usage: npm run db:restore -- <file>";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let positionals: string[] = [];
try {
  ({ positionals } = parseArgs({ options: {}, allowPositionals: true, strict: true }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}
const [file, ...extra] = positionals;
if (!file || extra.length > 0) fail(USAGE);

try {
  const env = readEnv();
  const target = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL };
  const started = performance.now();
  const result = await restoreDatabase(target, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${file} into the ${describeTarget(target)} in ${seconds} s: ${result.tables.length} tables, ${rows} rows.`,
  );
  for (const table of result.tables) console.log(`  ${table.name}: ${table.rows}`);
  if (result.skippedSettings.length > 0) {
    console.log(
      `Left out settings this server does not know: ${result.skippedSettings.join(", ")}.`,
    );
  }
  if (result.migrationsApplied > 0) {
    console.log(`Applied ${result.migrationsApplied} migrations newer than the backup.`);
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  fail(error instanceof BackupError ? message : `Restore failed: ${message}`);
}
