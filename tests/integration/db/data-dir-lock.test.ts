import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/db/client.server";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";

const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "salon-lock-"));
afterAll(() => {
  fs.rmSync(temporary, { recursive: true, force: true });
});

// The embedded database's own lock: CI's second pass, on PostgreSQL
// (TEST_DATABASE_URL), would run the very same test again, so it runs in the first pass only.
const embeddedOnly = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));

embeddedOnly("one process per embedded data folder", () => {
  it(
    "refuses a second open of the same folder, changing nothing; takes over a stale lock",
    async () => {
      // The parent folder does not exist yet: openDatabase creates it.
      const dataDir = path.join(temporary, "nested", "data");
      const lock = path.join(dataDir, "db.lock");
      const first = await openDatabase({ dataDir });
      try {
        expect(fs.existsSync(lock)).toBe(true);
        await expect(openDatabase({ dataDir })).rejects.toThrow(
          `The embedded database in ${dataDir} is in use by another server. Stop it first, or set DATABASE_URL.`,
        );
        // The refused open left the lock and the running database alone.
        expect(fs.existsSync(lock)).toBe(true);
        await first.db.execute(sql`create table kept (x int)`);
      } finally {
        await first.close();
      }
      expect(fs.existsSync(lock)).toBe(false);

      // A lock left by a process that died (kill -9): nobody renews it, so it goes stale.
      fs.mkdirSync(lock);
      const minuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(lock, minuteAgo, minuteAgo);
      const again = await openDatabase({ dataDir });
      try {
        await again.db.execute(sql`select x from kept`);
      } finally {
        await again.close();
      }
      expect(fs.existsSync(lock)).toBe(false);
    },
    OPEN_TIMEOUT_MS + 10_000,
  );
});
