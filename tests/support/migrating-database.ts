// The database of a *-migration test (tests/integration/db): opened at the migrations before the
// one under test, given rows as they were then, and opened again at today's migrations. The same
// database each time: an embedded data folder, or a database of its own on TEST_DATABASE_URL's
// server (CI runs the suite both ways).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/services/db/client.server";

export interface MigratingDatabase {
  /** Today's migrations (drizzle/). */
  readonly current: string;
  /**
   * A copy of drizzle/ whose journal stops before migration `idx`. `functions: false` leaves out
   * drizzle/functions (today's text, which may name what `idx` renames): the functions stay as
   * the migrations before `idx` made them, as on a database last opened then.
   */
  migrationsBefore(idx: number, options?: { functions?: boolean }): string;
  /** Opens the database with `migrationsFolder`'s migrations applied (creating it on a server). */
  open(migrationsFolder: string): Promise<DatabaseHandle>;
  /** Drops the server's database and removes the files. Close every handle first. */
  remove(): Promise<void>;
}

export function migratingDatabase(name: string): MigratingDatabase {
  const current = path.resolve(process.cwd(), "drizzle");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `salon-${name}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `salon_${name.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  let created = false;

  const adminQuery = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };

  return {
    current,
    migrationsBefore(idx, { functions = true } = {}) {
      const folder = path.join(work, `drizzle-before-${idx}`);
      fs.cpSync(current, folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
        entries: { idx: number }[];
      };
      journal.entries = journal.entries.filter((entry) => entry.idx < idx);
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      if (!functions) {
        const files = path.join(folder, "functions");
        for (const file of fs.readdirSync(files)) fs.rmSync(path.join(files, file));
      }
      return folder;
    },
    async open(migrationsFolder) {
      if (!serverUrl) return openDatabase({ dataDir: path.join(work, "data"), migrationsFolder });
      if (!created) {
        await adminQuery(`create database "${databaseName}"`);
        created = true;
      }
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      return openDatabase({ databaseUrl: url.toString(), poolSize: 2, migrationsFolder });
    },
    async remove() {
      if (created) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
