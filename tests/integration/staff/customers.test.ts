// 'Find Customer' and a customer's page (app/services/staff/customers.server.ts) against a real
// database: found by name, email or phone across every date, cancelled included; counted per
// customer; the staff's 'Client Notes' kept across visits.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments } from "~/services/db/schema.server";
import { findCustomers, readCustomer, saveCustomerNotes } from "~/services/staff/customers.server";
import { appointmentData } from "../../support/factories";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const visit = (
  name: string,
  email: string,
  phone: string | null,
  startsAt: string,
  extra: Partial<typeof appointments.$inferInsert> = {},
) => appointmentData({ customer: { name, email, phone }, startsAt: new Date(startsAt), ...extra });

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
      // Read as one number (E.164), whichever way it was typed.
      phones: ["+13125550199"],
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
      await saveCustomerNotes(
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
      await saveCustomerNotes(
        database.db,
        "maya@example.com",
        "x".repeat(4001),
        "owner@example.com",
      ),
    ).toEqual({ ok: false, kind: "too-long" });
    expect(
      await saveCustomerNotes(database.db, "nobody@example.com", "A note", "owner@example.com"),
    ).toEqual({ ok: false, kind: "not-found" });
    expect(await readCustomer(database.db, "nobody@example.com")).toBeUndefined();
  });
});

describe("phone numbers in one form (docs/product.md#phone-numbers)", () => {
  it("finds a customer by her phone typed in any common form", async () => {
    await database.db.insert(appointments).values([
      visit("Ana Ruiz", "ana@example.com", "+13125550101", "2025-05-01T16:00:00Z"),
      // Kept as typed before normalisation.
      visit("Bea Stone", "bea@example.com", "773.555.0188", "2025-04-01T16:00:00Z"),
    ]);
    for (const typed of [
      "3125550",
      "(312) 555-0101",
      "312.555.0101",
      "1 312 555 0101",
      "+1312555",
    ]) {
      expect(
        (await findCustomers(database.db, typed)).map((c) => c.email),
        typed,
      ).toEqual(["ana@example.com"]);
    }
    for (const typed of ["(773) 555-0188", "+1 773 555 0188", "7735550"]) {
      expect(
        (await findCustomers(database.db, typed)).map((c) => c.email),
        typed,
      ).toEqual(["bea@example.com"]);
    }
  });

  it("the migration stores the US numbers it can read as E.164 and leaves the others", async () => {
    const typed = [
      "(312) 555-0199",
      "312.555.0123",
      "1-773-555-0188",
      "+1 (872) 555 0100",
      "+13125550101",
      "555-0101",
      "+44 20 7946 0958",
      "ask at the desk",
    ];
    await database.db
      .insert(appointments)
      .values(
        typed.map((phone, i) =>
          visit("Customer", `c${i}@example.com`, phone, `2025-0${i + 1}-01T16:00:00Z`),
        ),
      );
    const migration = readFileSync("drizzle/0027_normalise_phones.sql", "utf8");
    await database.db.execute(sql.raw(migration));
    const rows = await database.db
      .select({ email: appointments.email, phone: appointments.phone })
      .from(appointments);
    const byEmail = new Map(rows.map((row) => [row.email, row.phone]));
    expect(typed.map((_, i) => byEmail.get(`c${i}@example.com`))).toEqual([
      "+13125550199",
      "+13125550123",
      "+17735550188",
      "+18725550100",
      "+13125550101",
      "555-0101",
      "+44 20 7946 0958",
      "ask at the desk",
    ]);
  });
});
