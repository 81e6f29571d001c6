// npm run db:move -- <postgres-url>
// Copies the embedded database in DATA_DIR into the EMPTY PostgreSQL database at <postgres-url>:
// a backup of the one (server stopped: the data folder's lock), restored into the other, then
// every table's row count compared (docs/operations.md#move-from-the-embedded-database-to-postgresql).
// The embedded database is left as it was; a refused or failed restore changes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BackupError,
  backupDatabase,
  countRows,
  describeTarget,
} from "../app/services/db/backup.server";
import { openDatabase } from "../app/services/db/client.server";
import { restoreDatabase } from "../app/services/db/restore.server";
import { readEnv } from "../app/services/platform/env.server";

const USAGE = "Usage: npm run db:move -- <postgres://user:password@host:5432/database>";

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
const [databaseUrl, ...extra] = positionals;
if (!databaseUrl || extra.length > 0 || !/^postgres(ql)?:\/\//.test(databaseUrl)) fail(USAGE);

const env = readEnv();
const source = { dataDir: env.DATA_DIR };
const target = { dataDir: env.DATA_DIR, databaseUrl };
if (!fs.existsSync(path.join(env.DATA_DIR, "db", "PG_VERSION"))) {
  fail(`There is no embedded database in ${env.DATA_DIR} to move (set DATA_DIR).`);
}
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "salon-move-"));
try {
  const started = performance.now();
  // Counted first (this also takes and gives back the folder's lock, refusing a running server).
  const handle = await openDatabase({ dataDir: env.DATA_DIR });
  const before = await countRows(handle.db).finally(() => handle.close());
  const file = path.join(folder, "move.sql");
  await backupDatabase(source, file);
  const result = await restoreDatabase(target, file);
  const after = new Map(result.tables.map((table) => [table.name, table.rows]));
  const differ = before.filter((table) => after.get(table.name) !== table.rows);
  if (differ.length > 0) {
    fail(
      `The copy differs in ${differ.map((table) => `${table.name} (${table.rows} -> ${after.get(table.name) ?? "missing"})`).join(", ")}. Drop the PostgreSQL database and try again.`,
    );
  }
  const rows = before.reduce((sum, table) => sum + table.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Copied the ${describeTarget(source)} into the ${describeTarget(target)} in ${seconds} s: ${before.length} tables, ${rows} rows, every count the same.`,
  );
  for (const table of before) console.log(`  ${table.name}: ${table.rows}`);
  console.log("Set DATABASE_URL to it in the server's settings, then start the server.");
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  fail(error instanceof BackupError ? message : `Move failed: ${message}`);
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
