import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/services/db/backup.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { migratingDatabase } from "../../support/migrating-database";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";

const database = migratingDatabase("technician-names");

let db: DatabaseHandle["db"];
let handle: DatabaseHandle;
/** What the triggers kept before the rename, read under the old names. */
let busyBefore: unknown[];
let reportBefore: unknown[];

async function rows<T>(
  database: DatabaseHandle["db"],
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  return rowsOf<T>(await database.execute(query));
}

beforeAll(async () => {
  const before = await database.open(database.migrationsBefore(38, { functions: false }));
  await before.db.execute(sql`insert into technicians (name) values ('Mara'), ('Nina')`);
  await before.db.execute(sql`
    insert into appointment_types
      (type, category, days_of_week, duration_min, description, start_time, end_time, workers,
       price_cents)
    values ('Gel Manicure', 'Manicure', 'Monday', 60, 'A service.', '10:00', '18:00',
      array['Mara', 'Nina'], 5000)`);
  await before.db.execute(sql`
    insert into appointments
      (name, email, type_name, category, worker, starts_at, ends_at, price_cents, channel, status)
    values
      ('Ana', 'ana@example.com', 'Gel Manicure', 'Manicure', 'Mara',
        '2026-03-02T16:00:00Z', '2026-03-02T17:00:00Z', 5000, 'online', 'booked'),
      ('Bea', 'bea@example.com', 'Gel Manicure', 'Manicure', 'Nina',
        '2026-03-02T16:00:00Z', '2026-03-02T17:00:00Z', 5000, 'staff', 'booked'),
      ('Cleo', 'cleo@example.com', 'Gel Manicure', 'Manicure', 'Nina',
        '2026-03-03T16:00:00Z', '2026-03-03T17:00:00Z', 5000, 'online', 'cancelled')`);
  await before.db.execute(
    sql`insert into closed_days (date, worker) values ('2026-03-04', 'Nina')`,
  );
  await before.db.execute(sql`
    insert into slot_holds (holder, client, worker, starts_at, ends_at, expires_at)
    values ('holder', '203.0.113.7', 'Mara', '2026-03-05T16:00:00Z', '2026-03-05T17:00:00Z',
      '2026-03-01T12:05:00Z')`);
  await before.db.execute(sql`
    insert into hold_firsts (client, holder, worker, starts_at, ends_at, expires_at, forget_at)
    values ('203.0.113.7', 'holder', 'Mara', '2026-03-05T16:00:00Z', '2026-03-05T17:00:00Z',
      '2026-03-01T12:05:00Z', '2026-03-01T12:10:00Z')`);
  busyBefore = await rows(
    before.db,
    sql`select worker as name, day::text, starts, ends from worker_busy_days order by 1, 2`,
  );
  reportBefore = await rows(
    before.db,
    sql`select day::text, worker as name, booked, cancelled from report_days order by 1, 2`,
  );
  await before.close();
  handle = await database.open(database.current);
  db = handle.db;
}, OPEN_TIMEOUT_MS * 2);

afterAll(async () => {
  await handle?.close();
  await database.remove();
});

describe("drizzle/0038: the technicians' names", () => {
  it("keeps every row under the new column names", async () => {
    expect(await rows(db, sql`select technicians from appointment_types`)).toEqual([
      { technicians: ["Mara", "Nina"] },
    ]);
    expect(
      await rows(db, sql`select name, technician, status from appointments order by name`),
    ).toEqual([
      { name: "Ana", technician: "Mara", status: "booked" },
      { name: "Bea", technician: "Nina", status: "booked" },
      { name: "Cleo", technician: "Nina", status: "cancelled" },
    ]);
    expect(await rows(db, sql`select date, technician from closed_days`)).toEqual([
      { date: "2026-03-04", technician: "Nina" },
    ]);
    expect(await rows(db, sql`select technician from slot_holds`)).toEqual([
      { technician: "Mara" },
    ]);
    expect(await rows(db, sql`select technician from hold_firsts`)).toEqual([
      { technician: "Mara" },
    ]);
  });

  it("keeps what the triggers wrote: the busy days and the report's figures", async () => {
    expect(busyBefore).toHaveLength(2);
    expect(
      await rows(
        db,
        sql`select technician as name, day::text, starts, ends from technician_busy_days order by 1, 2`,
      ),
    ).toEqual(busyBefore);
    expect(reportBefore.length).toBeGreaterThan(0);
    expect(
      await rows(
        db,
        sql`select day::text, technician as name, booked, cancelled from report_days order by 1, 2`,
      ),
    ).toEqual(reportBefore);
  });

  it("keeps the busy days and figures up to date through the renamed functions", async () => {
    await db.execute(sql`update appointments set technician = 'Mara', starts_at = '2026-03-02T17:00:00Z',
      ends_at = '2026-03-02T18:00:00Z' where name = 'Bea'`);
    expect(
      await rows(db, sql`select technician from technician_busy_days order by technician`),
    ).toEqual([{ technician: "Mara" }]);
    expect(
      await rows(
        db,
        sql`select technician, booked from report_days where day = '2026-03-02' and booked > 0 order by 1`,
      ),
    ).toEqual([{ technician: "Mara", booked: 2 }]);
  });

  it("still refuses a technician booked twice at once, and a second day off", async () => {
    await expect(
      db.execute(sql`
        insert into appointments
          (name, email, type_name, category, technician, starts_at, ends_at, price_cents, channel)
        values ('Dee', 'dee@example.com', 'Gel Manicure', 'Manicure', 'Mara',
          '2026-03-02T16:30:00Z', '2026-03-02T17:30:00Z', 5000, 'online')`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into closed_days (date, technician) values ('2026-03-04', 'Nina')`),
    ).rejects.toThrow();
  });

  it("names nothing after a worker any more", async () => {
    const left = await rows<{ name: string }>(
      db,
      sql`select table_name || '.' || column_name as name from information_schema.columns
            where table_schema = 'public' and column_name ~ 'worker'
          union all select table_name from information_schema.tables
            where table_schema = 'public' and table_name ~ 'worker'
          union all select indexname from pg_indexes
            where schemaname = 'public' and indexname ~ 'worker'
          union all select conname from pg_constraint where conname ~ 'worker'
          union all select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and proname ~ 'worker'`,
    );
    expect(left).toEqual([]);
  });
});
