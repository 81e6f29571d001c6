// The one database setup of an integration file that works on a database of its own (not through
// a server process, which opens its own: app-server.ts): called once at the top of the file, it
// opens the database before the file's first test, empties it before each test and closes it
// after the last (docs/architecture.md#tests). Hooks the file adds after the call run after these
// (Vitest's "stack" order): a beforeEach that seeds finds the database empty, an afterAll that
// stops a second connection runs before the database closes.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestDatabase, OPEN_TIMEOUT_MS, type TestDatabase } from "./test-database";

export interface TestDatabaseOptions {
  /**
   * Empty every table before each test (the default). False for a file that fills its database
   * once in its own beforeAll and only reads it, or that needs no emptying.
   */
  resetBeforeEach?: boolean;
}

/**
 * The test file's database. Its fields are read when used, so the value can be kept in a
 * top-level const and used in hooks and tests (not at the file's top level: nothing is open yet).
 */
export function setUpTestDatabase(options: TestDatabaseOptions = {}): TestDatabase {
  let opened: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (!opened) throw new Error("The test database opens in beforeAll: use it in a hook or test");
    return opened;
  };
  beforeAll(async () => {
    opened = await createTestDatabase();
  }, OPEN_TIMEOUT_MS);
  if (options.resetBeforeEach !== false) {
    beforeEach(async () => {
      await current().reset();
    });
  }
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get db() {
      return current().db;
    },
    get kind() {
      return current().kind;
    },
    get pglite() {
      return current().pglite;
    },
    get pool() {
      return current().pool;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    listen: (...args) => current().listen(...args),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}
