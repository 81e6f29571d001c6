import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/services/db/backup.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { migratingDatabase } from "../../support/migrating-database";
import { OPEN_TIMEOUT_MS } from "../../support/test-database";

const database = migratingDatabase("money");

const TYPE_PRICES = ["$50", "$60+", "$52.50", "$1200", "$5.05+", "$0"];
// Appointments' texts were never checked: every form a writer or a hand could have left.
const APPOINTMENT_PRICES = [
  "$55+",
  "$52.50",
  "$1200",
  "50",
  "$1,200",
  " $45 + ",
  "$52.5",
  "$50 - $60",
  "Call us",
];

let db: DatabaseHandle["db"];
let handle: DatabaseHandle;

beforeAll(async () => {
  const before = await database.open(database.migrationsBefore(28));
  for (const [index, price] of TYPE_PRICES.entries()) {
    await before.db.execute(sql`
      insert into appointment_types
        (type, category, days_of_week, duration_min, description, start_time, end_time, workers, price)
      values (${`Type ${index}`}, 'Manicure', 'Monday', 30, 'A service.', '10:00', '18:00',
        array['Mara'], ${price})`);
  }
  for (const [index, price] of APPOINTMENT_PRICES.entries()) {
    const addOns =
      index === 0
        ? [
            { typeId: randomUUIDLike(1), name: "Nail Art", price: "$5+", durationMin: 10 },
            { typeId: randomUUIDLike(2), name: "French Tip", price: "$10", durationMin: 10 },
          ]
        : [];
    await before.db.execute(sql`
      insert into appointments
        (name, email, type_name, category, worker, starts_at, ends_at, price, add_ons, client, created_at)
      values (${`Customer ${index}`}, ${`customer${index}@example.com`}, 'Gel Manicure', 'Manicure',
        ${`Worker ${index}`}, '2026-03-02T16:00:00Z', '2026-03-02T17:00:00Z', ${price},
        ${JSON.stringify(addOns)}::jsonb, ${index === 1 ? "203.0.113.7" : null},
        '2026-03-01T12:00:00Z')`);
  }
  // Customer 2 was booked by phone (the activity log says so, the same minute); customer 3 took a
  // waitlist offer; customer 4's log line is a day away from its booking, so it stays 'online'.
  await before.db.execute(sql`
    insert into staff_actions (at, actor_email, action) values
      ('2026-03-01T12:00:20Z', 'desk@example.com',
        'Booked Customer 2 by phone for Monday, March 2 2026, 10:00 AM with Worker 2'),
      ('2026-03-02T12:00:00Z', 'desk@example.com',
        'Booked Customer 4 by phone for Monday, March 2 2026, 10:00 AM with Worker 4')`);
  await before.db.execute(sql`
    insert into waitlist_entries
      (day, line, items, service, name, email, periods, status, offered_starts_at, offer_token_hash)
    values ('2026-03-02', 'line', '[]'::jsonb, 'Gel Manicure', 'Customer 3', 'CUSTOMER3@example.com',
      array['morning'], 'booked', '2026-03-02T16:00:00Z', 'hash')`);
  await before.close();
  handle = await database.open(database.current);
  db = handle.db;
}, OPEN_TIMEOUT_MS * 2);

afterAll(async () => {
  await handle?.close();
  await database.remove();
});

function randomUUIDLike(n: number): string {
  return `00000000-0000-4000-8000-00000000000${n}`;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

describe("drizzle/0028: prices become numbers", () => {
  it("reads each service's price text into cents and a 'from' flag, its text unchanged", async () => {
    const types = await rows<{ type: string; price: string; cents: number; from: boolean }>(
      sql`select type, price, price_cents as cents, price_from as from from appointment_types order by type`,
    );
    expect(types.map(({ price, cents, from }) => ({ price, cents, from }))).toEqual([
      { price: "$50", cents: 5000, from: false },
      { price: "$60+", cents: 6000, from: true },
      { price: "$52.50", cents: 5250, from: false },
      { price: "$1200", cents: 120000, from: false },
      { price: "$5.05+", cents: 505, from: true },
      { price: "$0", cents: 0, from: false },
    ]);
  });

  it("reads each booked appointment's text; one it cannot read keeps its first number as a starting price", async () => {
    const booked = await rows<{ name: string; price: string; cents: number; from: boolean }>(
      sql`select name, price, price_cents as cents, price_from as from from appointments order by name`,
    );
    expect(booked.map(({ price, cents, from }) => [price, cents, from])).toEqual([
      ["$55+", 5500, true],
      ["$52.50", 5250, false],
      ["$1200", 120000, false],
      ["$50", 5000, false],
      ["$1200", 120000, false],
      ["$45+", 4500, true],
      ["$52.50", 5250, false],
      ["$50+", 5000, true],
      ["$0+", 0, true],
    ]);
  });

  it("gives each booked add-on its cents beside its text, in the same order", async () => {
    const [first] = await rows<{ add_ons: unknown }>(
      sql`select add_ons from appointments where name = 'Customer 0'`,
    );
    expect(first?.add_ons).toEqual([
      {
        typeId: randomUUIDLike(1),
        name: "Nail Art",
        price: "$5+",
        priceCents: 500,
        durationMin: 10,
      },
      {
        typeId: randomUUIDLike(2),
        name: "French Tip",
        price: "$10",
        priceCents: 1000,
        durationMin: 10,
      },
    ]);
  });

  it("tells how each was booked as well as the rows can, and nothing is charged yet", async () => {
    const booked = await rows<{ name: string; channel: string; charged: number | null }>(
      sql`select name, channel, charged_cents as charged from appointments order by name`,
    );
    expect(Object.fromEntries(booked.map((row) => [row.name, row.channel]))).toMatchObject({
      "Customer 0": "online",
      "Customer 1": "online",
      "Customer 2": "staff",
      "Customer 3": "waitlist",
      "Customer 4": "online",
    });
    expect(booked.every((row) => row.charged === null)).toBe(true);
  });

  it("keeps the text generated from the numbers: a new price shows at once, and the text cannot be written", async () => {
    await db.execute(
      sql`update appointment_types set price_cents = 4550, price_from = true where type = 'Type 0'`,
    );
    const [changed] = await rows<{ price: string }>(
      sql`select price from appointment_types where type = 'Type 0'`,
    );
    expect(changed?.price).toBe("$45.50+");
    await expect(
      db.execute(sql`update appointment_types set price = '$1' where type = 'Type 0'`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update appointments set channel = 'phone' where name = 'Customer 0'`),
    ).rejects.toThrow();
  });
});
