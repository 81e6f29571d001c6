// npm run db:backup -- <file> [--force]
// Writes a plain-SQL dump (pg_dump's format) of the embedded database in DATA_DIR, or of the
// PostgreSQL database at DATABASE_URL, to <file> (docs/backups.md). An existing file is kept
// unless --force. The embedded database can only be read while no server runs (the data folder's
// lock refuses otherwise, changing nothing).
import { parseArgs } from "node:util";
import { BackupError, backupDatabase, describeTarget } from "../app/services/db/backup.server";
import { readEnv } from "../app/services/platform/env.server";

const USAGE = "Usage: npm run db:backup -- <file> [--force]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
}
try {
  parsed = parseOptions();
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) fail(USAGE);

try {
  const env = readEnv();
  const target = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL };
  const started = performance.now();
  const result = await backupDatabase(target, file, { force: parsed.values.force });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const via = result.pgDumpPath ? ` with ${result.pgDumpPath}` : "";
  console.log(
    `Backed up the ${describeTarget(target)} to ${file} (${result.bytes} bytes) in ${seconds} s${via}.`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  fail(error instanceof BackupError ? message : `Backup failed: ${message}`);
}
