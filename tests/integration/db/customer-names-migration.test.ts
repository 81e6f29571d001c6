import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/services/db/backup.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { migratingDatabase } from "../../support/migrating-database";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";

const database = migratingDatabase("customer-names");

let db: DatabaseHandle["db"];
let handle: DatabaseHandle;
/** What the triggers kept before the rename, read under the old names. */
let customersBefore: unknown[];

async function rows<T>(
  database: DatabaseHandle["db"],
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  return rowsOf<T>(await database.execute(query));
}

const customersQuery = (table: string) =>
  sql.raw(`select k, first_kept::text, kept_days::text, done_days::text from ${table} order by k`);

beforeAll(async () => {
  const before = await database.open(database.migrationsBefore(40, { functions: false }));
  await before.db.execute(sql`insert into technicians (name) values ('Mara'), ('Nina')`);
  await before.db.execute(sql`
    insert into appointments
      (name, email, type_name, category, technician, starts_at, ends_at, price_cents, channel,
       status, visit_status)
    values
      ('Ana', 'ana@example.com', 'Gel Manicure', 'Manicure', 'Mara',
        '2026-03-02T16:00:00Z', '2026-03-02T17:00:00Z', 5000, 'online', 'booked', 'completed'),
      ('Bea', 'bea@example.com', 'Gel Manicure', 'Manicure', 'Nina',
        '2026-03-02T16:00:00Z', '2026-03-02T17:00:00Z', 5000, 'staff', 'booked', null)`);
  await before.db.execute(sql`
    insert into client_notes (email_key, note, updated_by)
    values ('ana@example.com', 'Almond shape; no acetone.', 'owner@example.com')`);
  customersBefore = await rows(before.db, customersQuery("report_clients"));
  await before.close();
  handle = await database.open(database.current);
  db = handle.db;
}, OPEN_TIMEOUT_MS * 2);

afterAll(async () => {
  await handle?.close();
  await database.remove();
});

describe("drizzle/0040: the customers' names", () => {
  it("keeps the staff's notes on a customer, and still checks them", async () => {
    expect(await rows(db, sql`select email_key, note, updated_by from customer_notes`)).toEqual([
      {
        email_key: "ana@example.com",
        note: "Almond shape; no acetone.",
        updated_by: "owner@example.com",
      },
    ]);
    await expect(
      db.execute(sql`insert into customer_notes (email_key, note, updated_by)
        values ('Bea@Example.com', 'Short square.', 'owner@example.com')`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into customer_notes (email_key, note, updated_by)
        values ('ana@example.com', 'Again.', 'owner@example.com')`),
    ).rejects.toThrow();
  });

  it("keeps what the triggers wrote: the report's customers", async () => {
    expect(customersBefore).toHaveLength(2);
    expect(await rows(db, customersQuery("report_customers"))).toEqual(customersBefore);
  });

  it("keeps the report's customers up to date through the renamed functions", async () => {
    await db.execute(sql`update appointments set email = 'cleo@example.com' where name = 'Bea'`);
    await db.execute(sql`
      insert into appointments
        (name, email, type_name, category, technician, starts_at, ends_at, price_cents, channel)
      values ('Dee', 'dee@example.com', 'Gel Manicure', 'Manicure', 'Mara',
        '2026-03-03T16:00:00Z', '2026-03-03T17:00:00Z', 5000, 'online')`);
    expect(await rows(db, sql`select k from report_customers order by k`)).toEqual([
      { k: "ana@example.com" },
      { k: "cleo@example.com" },
      { k: "dee@example.com" },
    ]);
    await db.execute(sql`select report_rebuild()`);
    expect(await rows(db, sql`select count(*)::int as n from report_customers`)).toEqual([
      { n: 3 },
    ]);
  });

  it("names nothing after a client but the address a limit counts", async () => {
    // The network address a limit counts keeps its word (docs/security.md#clients): the columns
    // appointments.client, slot_holds.client and hold_firsts.client and their indexes.
    const left = await rows<{ name: string }>(
      db,
      sql`select table_name || '.' || column_name as name from information_schema.columns
            where table_schema = 'public' and column_name ~ 'client' and column_name <> 'client'
          union all select table_name from information_schema.tables
            where table_schema = 'public' and table_name ~ 'client'
          union all select indexname from pg_indexes
            where schemaname = 'public' and indexname ~ 'client'
              and indexname !~ '^(appointments|slot_holds|hold_firsts)_client$'
          union all select conname from pg_constraint
            where conname ~ 'client' and conname !~ '^(slot_holds|hold_firsts)_client_not_null$'
          union all select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and proname ~ 'client'`,
    );
    expect(left).toEqual([]);
  });
});
