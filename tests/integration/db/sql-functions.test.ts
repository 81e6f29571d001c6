// The current SQL of every function and trigger is drizzle/functions/*.sql (docs/architecture.md#data),
// and what those files define is exactly what the migrations produce: a database is migrated
// WITHOUT the files, every function's pg_get_functiondef and every trigger's pg_get_triggerdef
// read from the catalog, then the files applied as the app applies them, and the catalog read
// again: the same set, the same text, and every one of them written by a file. So a migration
// that changes a function without its file, a file changed without a migration, or a function
// only a migration makes, fails here. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
// The constants and the customer key the files share with TypeScript (salon_constants.sql,
// customer_key.sql) are checked against it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { customerKey, PHONE_KEY } from "~/domain/customer-key";
import { type DatabaseHandle, openDatabase } from "~/services/db/client.server";
import {
  applySqlFunctions,
  readSqlFunctionFiles,
  type SqlSession,
} from "~/services/db/sql-functions.server";
import { FORGOTTEN } from "~/services/staff/retention.server";
import { CHANGES_CHANNEL } from "../../../server/live-events";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const migrationsFolder = path.resolve(process.cwd(), "drizzle");
const files = readSqlFunctionFiles(migrationsFolder);
const fileText = (name: string) => fs.readFileSync(path.join(files.folder, name), "utf8");

let handle: DatabaseHandle;
let databaseUrl: string | undefined;
const databaseName = `salon_sqlfunctions_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

beforeAll(async () => {
  if (serverUrl) {
    await adminQuery(`create database "${databaseName}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // The migrations alone: the files are what this test applies.
  handle = await openDatabase({
    ...(databaseUrl ? { databaseUrl, poolSize: 2 } : { memory: true }),
    migrationsFolder,
    sqlFunctions: false,
  });
}, OPEN_TIMEOUT_MS);

afterAll(async () => {
  await handle?.close();
  if (serverUrl) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
});

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** Runs `use` in a transaction on one connection; rolls it back when asked (or on error). */
async function inTransaction<T>(
  use: (session: SqlSession) => Promise<T>,
  rollback = false,
): Promise<T> {
  if (handle.pglite) {
    return handle.pglite.transaction(async (tx) => {
      const result = await use({
        exec: (text) => tx.exec(text),
        rows: async <R>(text: string) => (await tx.query<R>(text)).rows,
      });
      if (rollback) await tx.rollback();
      return result;
    });
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    const result = await use({
      exec: (text) => client.query(text),
      rows: async <R>(text: string) => (await client.query(text)).rows as R[],
    });
    await client.query(rollback ? "rollback" : "commit");
    return result;
  } finally {
    await client.end();
  }
}

// Ours: not the extensions' (btree_gist's functions live in public too), not PostgreSQL's own
// triggers (foreign keys).
const FUNCTIONS = `
  select 'function ' || p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def,
    p.xmin = pg_current_xact_id()::xid as written
  from pg_proc as p
  where p.pronamespace = 'public'::regnamespace
    and not exists (select 1 from pg_depend as d where d.classid = 'pg_proc'::regclass
      and d.objid = p.oid and d.deptype = 'e')`;
const TRIGGERS = `
  select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text as name,
    pg_get_triggerdef(t.oid) as def, t.xmin = pg_current_xact_id()::xid as written
  from pg_trigger as t where not t.tgisinternal`;

interface Definition {
  name: string;
  def: string;
  /** Written by the transaction that reads it: by the files, when read right after them. */
  written: boolean;
}

function catalog(session: SqlSession): Promise<Definition[]> {
  return session.rows<Definition>(`${FUNCTIONS} union all ${TRIGGERS} order by 1`);
}

const definitions = (rows: Definition[]) => Object.fromEntries(rows.map((r) => [r.name, r.def]));

/** The catalog before the files, and after them in the same transaction. */
async function beforeAndAfterFiles(
  session: SqlSession,
): Promise<{ before: Definition[]; after: Definition[] }> {
  // The transaction's id exists before the files run, so "written" means written by them.
  await session.rows("select pg_current_xact_id()");
  const before = await catalog(session);
  await applySqlFunctions(session, { ...files, hash: `test-${randomBytes(4).toString("hex")}` });
  return { before, after: await catalog(session) };
}

describe("drizzle/functions", () => {
  it("defines every function and trigger exactly as the migrations left it", async () => {
    const { before, after } = await inTransaction(beforeAndAfterFiles, true);
    expect(before.length).toBeGreaterThan(40);
    expect(before.some((row) => row.written)).toBe(false);
    // Same set, same text: the files change nothing the migrations made.
    expect(definitions(after)).toEqual(definitions(before));
    // And every one of them is in a file: none is only in a migration's history.
    expect(after.filter((row) => !row.written).map((row) => row.name)).toEqual([]);
  });

  it("notices a migration that changes a function or adds one without a file", async () => {
    const { before, after } = await inTransaction(async (session) => {
      // As a new migration would: a function's text changed, another one added. In a
      // subtransaction: its rows are not the files' (their xmin is its own id).
      await session.exec(`
        savepoint migration;
        create or replace function "salon_time_zone"() returns text
          language sql immutable parallel safe as $$ SELECT 'Europe/Paris' $$;
        create function "made_by_a_migration"() returns int language sql as $$ SELECT 1 $$;
        release savepoint migration;`);
      return beforeAndAfterFiles(session);
    }, true);
    expect(definitions(after)).not.toEqual(definitions(before));
    expect(after.filter((row) => !row.written).map((row) => row.name)).toEqual([
      "function made_by_a_migration()",
    ]);
  });

  it("are applied once: a second start with the same files changes nothing", async () => {
    const first = await inTransaction((session) => applySqlFunctions(session, files));
    const second = await inTransaction(async (session) => {
      await session.rows("select pg_current_xact_id()");
      const result = await applySqlFunctions(session, files);
      return { result, rows: await catalog(session) };
    });
    expect(first).toEqual({ kind: "applied" });
    expect(second.result).toEqual({ kind: "unchanged" });
    expect(second.rows.filter((row) => row.written)).toEqual([]);
  });

  it("write the salon's constants as the TypeScript code does, and nowhere else", async () => {
    const [row] = await inTransaction((session) =>
      session.rows<{ zone: string; forgotten: string }>(
        `select salon_time_zone() as zone, forgotten_customer_key() as forgotten`,
      ),
    );
    // A forgotten visit has her email and no phone (retention.server.ts).
    const forgotten = customerKey({ ...FORGOTTEN, phone: null });
    expect(row).toEqual({ zone: SALON_TIME_ZONE, forgotten });
    const copies = files.names.filter((name) => {
      const text = fileText(name);
      return text.includes(`'${SALON_TIME_ZONE}'`) || text.includes(`'${FORGOTTEN.email}'`);
    });
    expect(copies).toEqual(["salon_constants.sql"]);
    // The live pages' channel (server/live-events.ts) is written once, in its one notifier.
    expect(fileText("notify_salon_change.sql")).toContain(`pg_notify('${CHANGES_CHANNEL}',`);
  });

  it("name a customer as customerKey does, in one place", async () => {
    const customers = [
      { email: "  Ana.Lopez@Example.COM ", phone: "+13125550101" },
      { email: "bea@example.com", phone: null },
      { email: null, phone: "+13125550102" },
      { email: null, phone: null },
    ];
    const keys = await inTransaction((session) =>
      session.rows<{ key: string | null }>(
        `select customer_key(c.email, c.phone) as key from json_to_recordset('${JSON.stringify(customers)}')
           as c(email text, phone text)`,
      ),
    );
    expect(keys.map((row) => row.key ?? undefined)).toEqual(customers.map(customerKey));
    const copies = files.names.filter((name) => fileText(name).includes(`'${PHONE_KEY}'`));
    expect(copies).toEqual(["customer_key.sql"]);
  });
});
