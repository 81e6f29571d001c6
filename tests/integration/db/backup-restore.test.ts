// npm run db:backup / db:restore as an operator runs them (docs/backups.md): the real scripts in
// child processes, on the embedded database by default and on PostgreSQL when TEST_DATABASE_URL
// is set (each test then makes its own databases on that server).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitContactEntry } from "~/services/contact/contact.server";
import { backupDatabase } from "~/services/db/backup.server";
import { type Database, type DatabaseHandle, openDatabase } from "~/services/db/client.server";
import { appointments, appointmentTypes } from "~/services/db/schema.server";
import { enqueueEmail } from "~/services/email/outbox.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { recordPageView } from "~/services/site/page-views.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import { copyMigratedDataFolder, createMigratedDatabase } from "../../support/test-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const backend = serverUrl ? "PostgreSQL" : "PGlite";
// Each script run starts Node, tsx and a database: seconds, more on a busy 2-core machine.
const TIMEOUT_MS = 240_000;

const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "salon-backup-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(temporary, { recursive: true, force: true });
});

/** Where a database lives, as the scripts see it (their environment) and as the test opens it. */
interface Place {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}

/**
 * A new database: blank (a restore's target), or `migrated` as the app leaves one it opened, a
 * copy of a template (tests/support/test-database.ts), for a database the test fills itself.
 */
async function newEmbeddedPlace(migrated = false): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(temporary, "data-"));
  if (migrated) await copyMigratedDataFolder(dataDir);
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

async function newServerPlace(url: string, migrated = false): Promise<Place> {
  const name = `salon_backup_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  if (migrated) await createMigratedDatabase(url, name);
  else await adminQuery(url, `create database "${name}"`);
  cleanups.push(() => adminQuery(url, `drop database if exists "${name}" with (force)`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const place = databaseUrl.toString();
  return { env: { DATABASE_URL: place }, open: () => openDatabase({ databaseUrl: place }) };
}

const newPlace = (migrated = false) =>
  serverUrl ? newServerPlace(serverUrl, migrated) : newEmbeddedPlace(migrated);

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<script>.ts as `npm run` would, with only the given database settings. */
function runScript(script: string, args: string[], place: Place): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...place.env };
  if (!place.env.DATABASE_URL) delete env.DATABASE_URL;
  if (!place.env.DATA_DIR) delete env.DATA_DIR;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      { cwd: process.cwd(), env },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

// Lines a naive rewrite of the dump would take for its own: they must come back as data.
const TRICKY_MESSAGE = [
  "Can I book for 3?",
  "SET transaction_timeout = 0;",
  "COPY public.x FROM stdin;",
  "it's $$ fine -- really",
].join("\n");

async function seed(db: Database): Promise<void> {
  expect(await seedCatalogueOnce(db)).toBe(true);
  const [type] = await db.select().from(appointmentTypes).limit(1);
  if (!type) throw new Error("The catalogue seed wrote no appointment type.");
  const start = new Date("2031-03-04T16:00:00.000Z");
  const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
  await db.insert(appointments).values([
    {
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "312-555-0101",
      typeId: type.id,
      typeName: type.type,
      category: type.category,
      technician: "Mara",
      startsAt: start,
      endsAt: minutes(45),
      priceCents: type.priceCents,
      priceFrom: type.priceFrom,
      channel: "staff" as const,
    },
    {
      name: "Bea Kim",
      email: "bea@example.com",
      typeId: type.id,
      typeName: type.type,
      category: type.category,
      technician: "Lena",
      startsAt: minutes(30),
      endsAt: minutes(90),
      priceCents: type.priceCents,
      priceFrom: type.priceFrom,
      channel: "staff" as const,
      status: "cancelled",
      cancelledAt: new Date("2031-03-01T10:00:00.000Z"),
    },
  ]);
  for (const message of [TRICKY_MESSAGE, "Do you do gel removal?"]) {
    const result = await submitContactEntry(db, {
      name: "Maya Lopez",
      email: "maya@example.com",
      reason: "Question",
      message,
    });
    expect(result.ok).toBe(true);
  }
  await enqueueEmail(db, {
    to: "ana@example.com",
    subject: "Your appointment",
    text: "See you soon.",
    html: "<p>See you soon.</p>",
    attachments: [
      {
        filename: "appointment.ics",
        contentType: "text/calendar",
        content: Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").toString("base64"),
        encoding: "base64",
      },
    ],
  });
  for (const page of ["home", "home", "home", "services"]) await recordPageView(db, page);
  const staff = await createOrResetStaffUser(db, "owner@example.com", "a long enough password");
  if (!staff.ok) throw new Error(staff.error);
  await createSession(db, staff.user.id);
}

/** Every table's rows as text, ordered, and every sequence's position. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    // The same text for a time on every server, whatever its time zone setting.
    await tx.execute(sql`set local timezone to 'UTC'`);
    const tables = rowsOf<{ name: string }>(
      await tx.execute(
        sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
             where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
      ),
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = rowsOf<{ row: string }>(
        await tx.execute(sql.raw(`select t::text as row from ${name} t order by 1`)),
      );
      result[name] = rows.map((row) => row.row);
    }
    const sequences = rowsOf<{ row: string }>(
      await tx.execute(
        sql`select format('%I.%I %s', schemaname, sequencename, last_value) as row
              from pg_sequences order by 1`,
      ),
    );
    result.sequences = sequences.map((row) => row.row);
    return result;
  });
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function withDatabase<T>(place: Place, use: (db: Database) => Promise<T>): Promise<T> {
  const handle = await place.open();
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

describe(`npm run db:backup and db:restore (${backend})`, () => {
  // One seeded database and its backup, made once for the tests below.
  let source: Place;
  let before: Record<string, string[]>;
  let file: string;
  let backup: Run;
  beforeAll(async () => {
    source = await newPlace(true);
    before = await withDatabase(source, async (db) => {
      await seed(db);
      return snapshot(db);
    });
    file = path.join(temporary, "backup.sql");
    backup = await runScript("db-backup", [file], source);
  }, TIMEOUT_MS);

  it(
    "writes pg_dump's SQL, and replaces an existing file only with --force",
    async () => {
      expect(before["public.appointments"]).toHaveLength(2);
      expect(before["public.contact_entries"]).toHaveLength(2);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up the .+ to .+ \(\d+ bytes\) in [\d.]+ s/);
      const dump = fs.readFileSync(file, "utf8");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(dump).toMatch(/^-- PostgreSQL database dump$/m);
      expect(dump).toContain("INSERT INTO public.appointments");

      const again = await runScript("db-backup", [file], source);
      expect(again).toMatchObject({ code: 1, stdout: "" });
      expect(again.stderr).toBe(`${file} already exists: choose another name, or add --force.\n`);
      expect(fs.readFileSync(file, "utf8")).toBe(dump);

      const forced = await runScript("db-backup", [file, "--force"], source);
      expect(forced).toMatchObject({ code: 0, stderr: "" });
      expect(fs.readdirSync(temporary).filter((name) => name.includes(".partial-"))).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    "restores into an empty database row for row; the restored one takes new rows",
    async () => {
      const target = await newPlace();
      const restore = await runScript("db-restore", [file], target);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/^Restored .+ in [\d.]+ s: \d+ tables, \d+ rows\./);
      expect(restore.stdout).toContain("  public.appointments: 2\n");

      await withDatabase(target, async (db) => {
        // Opening it as the app does applied no migration twice and left every row as it was.
        expect(await snapshot(db)).toEqual(before);
        // The catalogue seed ran once ever, and the backup says so.
        expect(await seedCatalogueOnce(db)).toBe(false);
        expect(await recordPageView(db, "home")).toBe(4);
        const contact = await submitContactEntry(db, {
          name: "New Visitor",
          email: "new@example.com",
          reason: "Question",
          message: "After the restore.",
        });
        expect(contact.ok).toBe(true);
        // Sequences continue after the restored rows.
        const [migration] = rowsOf<{ next: number; max: number }>(
          await db.execute(
            sql`select nextval('drizzle.__drizzle_migrations_id_seq')::int as next,
                       (select max(id) from drizzle.__drizzle_migrations)::int as max`,
          ),
        );
        expect(migration?.next).toBe((migration?.max ?? 0) + 1);
      });
    },
    TIMEOUT_MS,
  );

  it(
    "refuses to restore into a database that has tables, changing nothing",
    async () => {
      const restore = await runScript("db-restore", [file], source);
      expect(restore).toMatchObject({ code: 1, stdout: "" });
      expect(restore.stderr).toMatch(/^Nothing changed: .*(already holds|is not empty)/);
      expect(restore.stderr.trim().split("\n")).toHaveLength(1);
      expect(await withDatabase(source, snapshot)).toEqual(before);

      const missing = await runScript("db-restore", [path.join(temporary, "nope.sql")], source);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("Cannot read");
    },
    TIMEOUT_MS,
  );

  it.skipIf(Boolean(serverUrl))(
    "refuses to back up the embedded database while a server has it open",
    async () => {
      const place = await newEmbeddedPlace(true);
      const handle = await place.open(); // this test process plays the running server
      try {
        await seed(handle.db);
        const file = path.join(temporary, "while-running.sql");
        const backup = await runScript("db-backup", [file], place);
        expect(backup.code).toBe(1);
        expect(backup.stderr).toContain(
          `The embedded database in ${place.env.DATA_DIR} is in use by another server. Stop it first`,
        );
        expect(fs.existsSync(file)).toBe(false);
        expect(fs.readdirSync(temporary).filter((name) => name.includes(".partial-"))).toEqual([]);
      } finally {
        await handle.close();
      }
    },
    TIMEOUT_MS,
  );
});

describe(`a text with a line starting with \\restrict (${backend})`, () => {
  it(
    serverUrl
      ? "is kept by a PostgreSQL backup and restore"
      : "makes the embedded backup refuse, since the WebAssembly pg_dump's wrapper would drop it",
    async () => {
      const source = await newPlace(true);
      const message = "Two questions:\n\\restrict me to Saturdays?\n\\unrestrict later";
      const before = await withDatabase(source, async (db) => {
        const result = await submitContactEntry(db, {
          name: "Maya Lopez",
          email: "maya@example.com",
          reason: "Question",
          message,
        });
        expect(result.ok).toBe(true);
        return snapshot(db);
      });
      const file = path.join(temporary, `restrict-${randomBytes(3).toString("hex")}.sql`);
      const backup = await runScript("db-backup", [file], source);
      if (!serverUrl) {
        expect(backup.code).toBe(1);
        expect(backup.stderr).toMatch(
          /^Cannot back up faithfully: a text in public\.(contact_entries|email_outbox) has a line starting with \\restrict/,
        );
        expect(fs.existsSync(file)).toBe(false);
        return;
      }
      expect(backup.code).toBe(0);
      const target = await newPlace();
      expect(await runScript("db-restore", [file], target)).toMatchObject({ code: 0, stderr: "" });
      const after = await withDatabase(target, snapshot);
      expect(after).toEqual(before);
      expect(after["public.contact_entries"]?.join("")).toContain("\\\\restrict me");
    },
    TIMEOUT_MS,
  );
});

// A backup moves between the two backends too (docs/backups.md): PGlite's dump carries settings
// PostgreSQL 15 does not know, and Debian's pg_dump 15 wraps its dump in psql-only commands.
describe.skipIf(!serverUrl)("backups across backends (PGlite and PostgreSQL)", () => {
  it(
    "loads an embedded database's backup into PostgreSQL, and PostgreSQL's into PGlite",
    async () => {
      if (!serverUrl) return;
      const embedded = await newEmbeddedPlace(true);
      const before = await withDatabase(embedded, async (db) => {
        await seed(db);
        return snapshot(db);
      });
      const fromPglite = path.join(temporary, "from-pglite.sql");
      expect((await runScript("db-backup", [fromPglite], embedded)).code).toBe(0);

      const server = await newServerPlace(serverUrl);
      const intoServer = await runScript("db-restore", [fromPglite], server);
      expect(intoServer.stderr).toBe("");
      expect(intoServer.code).toBe(0);
      expect(await withDatabase(server, snapshot)).toEqual(before);

      const fromServer = path.join(temporary, "from-postgres.sql");
      const serverBackup = await runScript("db-backup", [fromServer], server);
      expect(serverBackup.stderr).toBe("");
      expect(serverBackup.code).toBe(0);
      const backAgain = await newEmbeddedPlace();
      const intoPglite = await runScript("db-restore", [fromServer], backAgain);
      expect(intoPglite.stderr).toBe("");
      expect(intoPglite.code).toBe(0);
      expect(await withDatabase(backAgain, snapshot)).toEqual(before);
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(!serverUrl)("npm run db:move (the embedded database into PostgreSQL)", () => {
  it(
    "copies every row into an empty PostgreSQL database, and refuses one that is not empty",
    async () => {
      if (!serverUrl) return;
      const embedded = await newEmbeddedPlace(true);
      const before = await withDatabase(embedded, async (db) => {
        await seed(db);
        return snapshot(db);
      });
      const server = await newServerPlace(serverUrl);
      const url = server.env.DATABASE_URL ?? "";
      const move = await runScript("db-move", [url], embedded);
      expect(move.stderr).toBe("");
      expect(move.code).toBe(0);
      expect(move.stdout).toMatch(/^Copied the embedded database in .* every count the same\.$/m);
      expect(await withDatabase(server, snapshot)).toEqual(before);
      // The embedded database is as it was.
      expect(await withDatabase(embedded, snapshot)).toEqual(before);

      const again = await runScript("db-move", [url], embedded);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/not empty|has tables/i);
      expect(await withDatabase(server, snapshot)).toEqual(before);
    },
    TIMEOUT_MS,
  );
});

describe("the backup's partial file", () => {
  it("is never written through a file or symlink already at its name", async () => {
    // Someone who can write to the backup folder leaves a symlink where the partial file goes,
    // hoping the dump lands in (or replaces) a file of their choosing.
    const victim = path.join(temporary, "victim.txt");
    fs.writeFileSync(victim, "not a dump\n");
    const file = path.join(temporary, "through-symlink.sql");
    const partial = `${file}.partial-${process.pid}`;
    fs.symlinkSync(victim, partial);
    const target = { dataDir: fs.mkdtempSync(path.join(temporary, "data-")) };
    await expect(backupDatabase(target, file)).rejects.toThrow(/EEXIST/);
    expect(fs.readFileSync(victim, "utf8")).toBe("not a dump\n");
    expect(fs.lstatSync(partial).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });
});
