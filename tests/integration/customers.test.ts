// 'Find Customer' and a customer's page (app/services/staff/customers.server.ts) against a real
// database: found by name, email or phone across every date, cancelled included; counted per
// customer; the staff's 'Client Notes' kept across visits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appointments } from "~/services/db/schema.server";
import { findCustomers, readCustomer, saveClientNotes } from "~/services/staff/customers.server";
import { createTestDatabase, OPEN_TIMEOUT_MS, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, OPEN_TIMEOUT_MS);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.reset();
});

const visit = (
  name: string,
  email: string,
  phone: string | null,
  startsAt: string,
  extra: Partial<typeof appointments.$inferInsert> = {},
) => ({
  name,
  email,
  phone,
  typeName: "Classic Manicure",
  category: "Manicure",
  worker: "Mara",
  startsAt: new Date(startsAt),
  endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000),
  price: "$35",
  ...extra,
});

async function seed() {
  await database.db.insert(appointments).values([
    visit("Maya Lopez", "maya@example.com", "(312) 555-0199", "2025-03-01T16:00:00Z", {
      visitStatus: "completed",
    }),
    visit("Maya L.", "Maya@Example.com", null, "2025-06-01T16:00:00Z", { visitStatus: "no_show" }),
    visit("Maya Lopez", "maya@example.com", null, "2025-09-01T16:00:00Z", {
      status: "cancelled",
    }),
    visit("Grace Hopper", "grace@example.com", "312.555.0123", "2025-07-01T16:00:00Z"),
  ]);
}

describe("finding a customer", () => {
  it("finds by part of the name, the email or the phone's digits, cancelled visits included", async () => {
    await seed();
    const byName = await findCustomers(database.db, "lopez");
    expect(byName).toEqual([
      expect.objectContaining({
        email: "maya@example.com",
        // The latest booking's name, the latest phone given, every visit counted.
        name: "Maya Lopez",
        phone: "(312) 555-0199",
        appointments: 3,
        noShows: 1,
      }),
    ]);
    expect((await findCustomers(database.db, "GRACE@")).map((c) => c.email)).toEqual([
      "grace@example.com",
    ]);
    expect((await findCustomers(database.db, "555-0123")).map((c) => c.email)).toEqual([
      "grace@example.com",
    ]);
    // Latest visit first: Maya's was in September, Grace's in July.
    expect((await findCustomers(database.db, "(312) 555")).map((c) => c.email)).toEqual([
      "maya@example.com",
      "grace@example.com",
    ]);
    // Too short to mean anyone, or a wildcard typed in: nothing, or only what it says.
    expect(await findCustomers(database.db, "a")).toEqual([]);
    expect(await findCustomers(database.db, "%%")).toEqual([]);
  });

  it("shows one customer's every appointment, their counts and their notes, kept across visits", async () => {
    await seed();
    const before = await readCustomer(database.db, " MAYA@example.com ");
    expect(before).toMatchObject({
      email: "maya@example.com",
      name: "Maya Lopez",
      phones: ["(312) 555-0199"],
      counts: { booked: 2, completed: 1, noShows: 1, cancelled: 1 },
      notes: null,
    });
    expect(before?.appointments.map((row) => row.status)).toEqual([
      "cancelled",
      "booked",
      "booked",
    ]);
    const now = new Date("2025-10-01T12:00:00Z");
    expect(
      await saveClientNotes(
        database.db,
        "maya@example.com",
        " Almond shape; no acetone. ",
        "owner@example.com",
        now,
      ),
    ).toEqual({ ok: true });
    expect((await readCustomer(database.db, "maya@example.com"))?.notes).toEqual({
      note: "Almond shape; no acetone.",
      updatedAt: now,
      updatedBy: "owner@example.com",
    });
    expect(
      await saveClientNotes(database.db, "maya@example.com", "x".repeat(4001), "owner@example.com"),
    ).toEqual({ ok: false, kind: "too-long" });
    expect(
      await saveClientNotes(database.db, "nobody@example.com", "A note", "owner@example.com"),
    ).toEqual({ ok: false, kind: "not-found" });
    expect(await readCustomer(database.db, "nobody@example.com")).toBeUndefined();
  });
});
