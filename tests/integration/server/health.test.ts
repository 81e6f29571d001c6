// Readiness (docs/operations.md#health): the database reachable with every migration applied.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { readiness } from "~/services/db/health.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase({ resetBeforeEach: false });

it("is ready with every migration applied, and says which are missing otherwise", async () => {
  const ready = await readiness(database.db);
  expect(ready).toMatchObject({
    ready: true,
    migrations: expect.stringMatching(/^(\d+) of \1 applied$/),
  });
  // As if this version's last migration had not run on this database.
  await database.db.execute(
    sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
  );
  const missing = await readiness(database.db);
  expect(missing).toMatchObject({ ready: false, reason: "migrations missing" });
  expect(missing.migrations).toMatch(/^(\d+) of (\d+) applied$/);
});
