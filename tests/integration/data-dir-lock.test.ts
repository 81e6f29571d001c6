import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/db/client.server";
import { OPEN_TIMEOUT_MS } from "../support/test-database";

const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "salon-lock-"));
afterAll(() => {
  fs.rmSync(temporary, { recursive: true, force: true });
});

describe("one process per embedded data folder", () => {
  it(
    "refuses a second open of the same folder, changing nothing; takes over a stale lock",
    async () => {
      // The parent folder does not exist yet: openDatabase creates it.
      const dataDir = path.join(temporary, "nested", "data");
      const lockFile = path.join(dataDir, "db.lock");
      const first = await openDatabase({ dataDir });
      try {
        expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
        await expect(openDatabase({ dataDir })).rejects.toThrow(
          `The embedded database in ${dataDir} is in use by another server (pid ${process.pid}). Stop it first, or set DATABASE_URL.`,
        );
        // The refused open left the lock and the running database alone.
        expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
        await first.db.execute(sql`create table kept (x int)`);
      } finally {
        await first.close();
      }
      expect(fs.existsSync(lockFile)).toBe(false);

      // A lock left by a process that died (kill -9): a pid above the kernel's pid_max never
      // belongs to a live process.
      fs.writeFileSync(lockFile, "4194305\n");
      const again = await openDatabase({ dataDir });
      try {
        expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
        await again.db.execute(sql`select x from kept`);
      } finally {
        await again.close();
      }
      expect(fs.existsSync(lockFile)).toBe(false);
    },
    OPEN_TIMEOUT_MS,
  );
});
