// The daily backup the running server writes (BACKUP_DIR, BACKUP_KEEP; docs/backups.md): taken
// while the site keeps writing, loadable by db:restore, one per day however many processes, the
// oldest beyond the count removed, and what happened shown on the dashboard.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitContactEntry } from "~/services/contact/contact.server";
import { type DatabaseHandle, openDatabase } from "~/services/db/client.server";
import { restoreDatabase } from "~/services/db/restore.server";
import { type BackupSettings, backUpIfDue } from "~/services/db/scheduled-backups.server";
import { contactEntries } from "~/services/db/schema.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { logIn } from "../../support/staff-accounts";

const TIMEOUT_MS = 180_000;
const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "salon-daily-backup-"));
afterAll(() => fs.rmSync(temporary, { recursive: true, force: true }));

const newDir = (name: string) => fs.mkdtempSync(path.join(temporary, `${name}-`));
// Noon in Chicago: the salon's day is 2026-11-25 whatever the machine's zone.
const NOON = new Date("2026-11-25T18:00:00Z");
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const countEntries = async (database: DatabaseHandle) =>
  (await database.db.select({ n: count() }).from(contactEntries))[0]?.n ?? 0;

describe("backUpIfDue, in the process that has the database open", () => {
  let store: ServerStore;
  let database: DatabaseHandle;
  let settings: (dir: string, keep?: number) => BackupSettings;

  beforeAll(async () => {
    store = await createServerStore();
    database = await store.open();
    settings = (dir, keep = 14) => ({
      dir,
      keep,
      dataDir: store.env.DATA_DIR ?? "",
      databaseUrl: store.env.DATABASE_URL,
      pglite: database.pglite,
    });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await database?.close();
    await store?.remove();
  });

  it(
    "writes a loadable backup while messages keep arriving, holding every one sent before it began",
    async () => {
      const submit = (i: number) =>
        submitContactEntry(database.db, {
          name: `Guest ${i}`,
          email: `guest${i}@example.com`,
          reason: "Question",
          message: `Message number ${i}`,
        });
      for (let i = 0; i < 20; i++) await submit(i);
      const before = await countEntries(database);
      let writing = true;
      let sent = 0;
      const writer = (async () => {
        while (writing) {
          await submit(1000 + sent++);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const dir = newDir("ok");
      const run = await backUpIfDue(database.db, settings(dir), NOON);
      writing = false;
      await writer;
      expect(run).toMatchObject({ day: "2026-11-25", file: "salon-2026-11-25.sql", error: null });
      const file = path.join(dir, "salon-2026-11-25.sql");
      expect(fs.statSync(file).size).toBe(run?.bytes);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(sent).toBeGreaterThan(0);
      const after = await countEntries(database);

      // Loaded into a new embedded database, as an operator restores one (docs/backups.md).
      const restoredDir = newDir("restored");
      await restoreDatabase({ dataDir: restoredDir }, file);
      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        const held = await countEntries(restored);
        expect(held).toBeGreaterThanOrEqual(before);
        expect(held).toBeLessThanOrEqual(after);
        // One moment of the database: the messages sent during the backup are there up to one,
        // and none after it (they were sent one by one).
        const during = await restored.db
          .select({ message: contactEntries.message })
          .from(contactEntries)
          .where(sql`${contactEntries.message} ~ '^Message number 1[0-9]{3}$'`);
        const numbers = during.map((row) => Number(row.message.slice(15))).sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, i) => 1000 + i));
      } finally {
        await restored.close();
      }
      // Its working copy is gone.
      if (store.env.DATA_DIR) {
        expect(
          fs.readdirSync(store.env.DATA_DIR).filter((name) => name.includes("snapshot")),
        ).toEqual([]);
      }
      // The day is done: a second look, by this process or another, writes nothing.
      expect(
        await backUpIfDue(database.db, settings(newDir("again")), minutesAfter(NOON, 10)),
      ).toBe(undefined);
    },
    TIMEOUT_MS,
  );

  it(
    "records a failure and tries again at the next look; keeps the newest BACKUP_KEEP files, and only its own",
    async () => {
      const day = new Date("2026-11-26T18:00:00Z");
      const notAFolder = path.join(newDir("bad"), "a-file");
      fs.writeFileSync(notAFolder, "");
      const failed = await backUpIfDue(database.db, settings(notAFolder), day);
      expect(failed?.file).toBeNull();
      expect(failed?.error).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/i);

      const dir = newDir("keep");
      const older = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"].map(
        (date) => `salon-${date}.sql`,
      );
      for (const name of [...older, "notes.txt", "salon-copy.sql"]) {
        fs.writeFileSync(path.join(dir, name), "kept by the operator");
      }
      const retried = await backUpIfDue(database.db, settings(dir, 3), minutesAfter(day, 10));
      expect(retried).toMatchObject({ file: "salon-2026-11-26.sql", error: null });
      expect(fs.readdirSync(dir).sort()).toEqual([
        "notes.txt",
        "salon-2026-11-22.sql",
        "salon-2026-11-23.sql",
        "salon-2026-11-26.sql",
        "salon-copy.sql",
      ]);
    },
    TIMEOUT_MS,
  );
});

describe("the running server", () => {
  const STAFF = { email: "owner@example.com", password: "a long enough password" };
  let store: ServerStore;
  let server: AppServer | undefined;

  beforeAll(async () => {
    await ensureProductionBuild();
    store = await createServerStore();
    await withStoreDatabase(store, (db) => createOrResetStaffUser(db, STAFF.email, STAFF.password));
  }, TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await store?.remove();
  });

  const dashboard = async () => {
    if (!server) throw new Error("No server");
    const cookie = await logIn(server.url, STAFF);
    const html = await (
      await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie } })
    ).text();
    return html.replaceAll("<!-- -->", ""); // React's marks between a text's parts
  };

  it(
    "says on the dashboard when backups are off, when one failed, and the last one written",
    async () => {
      server = await startAppServer(store);
      expect(await dashboard()).toContain("Daily backups are off: set BACKUP_DIR");
      await server.stop("SIGTERM");

      const notAFolder = path.join(newDir("server-bad"), "a-file");
      fs.writeFileSync(notAFolder, "");
      server = await startAppServer(store, { BACKUP_DIR: notAFolder });
      await server.waitForOutput(/Backup failed/);
      const failedPage = await dashboard();
      expect(failedPage).toContain("The latest backup failed");
      expect(failedPage).toContain("No backup has been written yet.");
      await server.stop("SIGTERM");

      const dir = newDir("server-ok");
      server = await startAppServer(store, { BACKUP_DIR: dir, BACKUP_KEEP: "2" });
      await server.waitForOutput(/Backup written/);
      const [file, ...others] = fs.readdirSync(dir);
      expect(others).toEqual([]);
      expect(file).toMatch(/^salon-\d{4}-\d{2}-\d{2}\.sql$/);
      const page = await dashboard();
      expect(page).not.toContain("The latest backup failed");
      expect(page).toMatch(
        /Last backup: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}.(AM|PM), \d+(\.\d)? (KB|MB)/,
      );
      expect(page).toContain(`<code>${file}</code>`);
    },
    TIMEOUT_MS,
  );
});
