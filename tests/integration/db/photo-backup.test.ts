// Photos live in the database (docs/product.md#gallery-and-photos), so a backup carries them:
// `npm run db:backup` of a database holding uploaded and seeded photos, restored by
// `npm run db:restore` into an empty database, serves the very same bytes at the same addresses
// from the built server (bytea through pg_dump's INSERTs and back).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { photoFiles } from "~/services/db/schema.server";
import { seedGalleryOnce } from "~/services/site/gallery-seed.server";
import { storePhoto } from "~/services/site/photos.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { phoneJpeg } from "../../support/photo-files";

const TIMEOUT_MS = 240_000;
const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "salon-photo-backup-"));
const stores: ServerStore[] = [];
let server: AppServer | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  for (const store of stores) await store.remove();
  fs.rmSync(temporary, { recursive: true, force: true });
});

/** Runs scripts/<script>.ts as `npm run` would, on the store's database. */
function runScript(script: string, args: string[], store: ServerStore) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...store.env };
  if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
  if (!store.env.DATA_DIR) delete env.DATA_DIR;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      { cwd: process.cwd(), env, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("photos in a backup", () => {
  it(
    "are served byte for byte from a database restored from it",
    async () => {
      const source = await createServerStore();
      stores.push(source);
      const files = await withStoreDatabase(source, async (db) => {
        expect(await seedGalleryOnce(db)).toBe(true);
        for (const colour of ["#aa3355", "#335577"]) {
          const stored = await storePhoto(
            db,
            await phoneJpeg({ width: 1600, height: 1200, colour }),
          );
          expect(stored.ok).toBe(true);
        }
        return db.select({ name: photoFiles.name, bytes: photoFiles.bytes }).from(photoFiles);
      });
      // Nine seeded designs of 6 files, two uploads of 9.
      expect(files).toHaveLength(9 * 6 + 2 * 9);

      const file = path.join(temporary, "backup.sql");
      const backup = await runScript("db-backup", [file], source);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);

      const target = await createServerStore({ blank: true });
      stores.push(target);
      const restore = await runScript("db-restore", [file], target);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`  public.photo_files: ${files.length}\n`);

      server = await startAppServer(target);
      for (const { name, bytes } of files) {
        const response = await fetch(`${server.url}/photos/${name}`);
        expect(response.status).toBe(200);
        expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), bytes)).toBe(0);
      }
      // The restored gallery is the one backed up: no second seed.
      const gallery = await (await fetch(`${server.url}/gallery`)).text();
      expect(gallery.match(/href="\/gallery-photo\?photo=/g)).toHaveLength(9);
    },
    TIMEOUT_MS,
  );
});
