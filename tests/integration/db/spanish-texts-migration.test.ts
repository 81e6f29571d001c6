// drizzle/0041_spanish_texts (issue 39) on a database last opened before it: every row is kept,
// the owner's texts with an empty Spanish beside them (the pages show the English), and the
// bookings, waitlist places, contact messages and posts made before it are English.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/services/db/backup.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { readMenu } from "~/services/salon/menu.server";
import { migratingDatabase } from "../../support/migrating-database";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";

const database = migratingDatabase("spanish-texts");

let handle: DatabaseHandle;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(query));

beforeAll(async () => {
  const before = await database.open(database.migrationsBefore(41, { functions: false }));
  await before.db.execute(sql`
    insert into service_categories (slug, name, summary, description)
    values ('manicure', 'Manicure', 'Careful shaping.', 'Every manicure begins with shaping.')`);
  await before.db.execute(sql`
    insert into appointment_types
      (type, category, days_of_week, duration_min, description, start_time, end_time,
       technicians, price_cents)
    values ('Gel Manicure', 'Manicure', 'Monday', 45, 'Gel colour.', '10:00', '18:00',
       array['Mara'], 5000)`);
  await before.db.execute(sql`insert into technicians (name) values ('Mara')`);
  await before.db.execute(sql`
    insert into appointments
      (name, email, type_name, category, technician, starts_at, ends_at, price_cents, channel)
    values ('Ana', 'ana@example.com', 'Gel Manicure', 'Manicure', 'Mara',
      '2026-03-02T16:00:00Z', '2026-03-02T16:45:00Z', 5000, 'online')`);
  await before.db.execute(sql`
    insert into contact_entries (name, email, reason, message)
    values ('Bea', 'bea@example.com', 'Question', 'Walk-ins on Sunday?')`);
  await before.db.execute(sql`
    insert into page_texts (key, value) values ('home.heading', 'Nails, done properly.')`);
  await before.db.execute(sql`
    insert into special_hours (from_date, to_date, closed, note)
    values ('2026-12-24', '2026-12-24', true, 'Christmas Eve')`);
  await before.close();
  handle = await database.open(database.current);
}, OPEN_TIMEOUT_MS * 2);

afterAll(async () => {
  await handle?.close();
  await database.remove();
});

describe("drizzle/0041: Spanish beside the owner's texts, a language on each customer's rows", () => {
  it("keeps the owner's texts, each with an empty Spanish the Spanish pages fall back from", async () => {
    expect(
      await rows(sql`select name, name_es, summary_es, description_es from service_categories`),
    ).toEqual([{ name: "Manicure", name_es: "", summary_es: "", description_es: "" }]);
    expect(await rows(sql`select type, type_es, description_es from appointment_types`)).toEqual([
      { type: "Gel Manicure", type_es: "", description_es: "" },
    ]);
    expect(await rows(sql`select value, value_es from page_texts`)).toEqual([
      { value: "Nails, done properly.", value_es: "" },
    ]);
    expect(await rows(sql`select note, note_es from special_hours`)).toEqual([
      { note: "Christmas Eve", note_es: "" },
    ]);
    const [menu] = await readMenu(handle.db, "es");
    expect(menu).toMatchObject({ name: "Manicure", localized: { name: "en" } });
  });

  it("makes the bookings and messages made before it English, and refuses another language", async () => {
    expect(await rows(sql`select name, language from appointments`)).toEqual([
      { name: "Ana", language: "en" },
    ]);
    expect(await rows(sql`select name, language from contact_entries`)).toEqual([
      { name: "Bea", language: "en" },
    ]);
    await expect(handle.db.execute(sql`update appointments set language = 'fr'`)).rejects.toThrow();
    expect(await rows(sql`select language from appointments`)).toEqual([{ language: "en" }]);
  });
});
