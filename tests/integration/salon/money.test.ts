// Money as numbers (docs/product.md#prices-and-payments) against a real database: the type form's
// 'Price' read into cents as the salon writes it, a booking keeping the price it was booked at,
// how each booking was made, and what a completed visit was charged.
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bookAppointment, bookVisit } from "~/services/booking/booking.server";
import { appointments, appointmentTypes } from "~/services/db/schema.server";
import {
  createAppointmentType,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await ensureTechnicians(database.db, ["Wren", "Ivy"]);
});

/** Friday, May 1 2026, 10:00 AM in Chicago; the bookings are on Saturday. */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SAT_10_00 = "2026-05-02T15:00:00.000Z";
const SAT_11_00 = "2026-05-02T16:00:00.000Z";
const customer = { name: "Grace Hopper", email: "grace@example.com" };

const typeForm = {
  category: "Manicure",
  startTime: "10:00",
  endTime: "19:00",
  description: "A calm manicure.",
  daysOfWeek: ["Saturday"],
  technicians: "Wren, Ivy",
};

async function type(name: string, price: string, extra: Record<string, string> = {}) {
  const result = await createAppointmentType(
    database.db,
    { ...typeForm, type: name, durationMin: "45", price, ...extra },
    { now },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.type;
}

const storedTypes = () =>
  database.db.select().from(appointmentTypes).orderBy(asc(appointmentTypes.createdAt));
const storedAppointments = () =>
  database.db.select().from(appointments).orderBy(asc(appointments.startsAt));

describe("the type form's 'Price'", () => {
  it.each([
    ["$50", 5000, false, "$50"],
    ["50", 5000, false, "$50"],
    ["$60+", 6000, true, "$60+"],
    ["$52.5", 5250, false, "$52.50"],
    ["$1,200", 120000, false, "$1200"],
    [" $45 + ", 4500, true, "$45+"],
  ])("reads %j as the salon writes it", async (written, cents, from, shown) => {
    const created = await type("Gel Manicure", written);
    expect(created).toMatchObject({ price: shown, priceCents: cents, priceFrom: from });
    const [row] = await storedTypes();
    expect(row).toMatchObject({ price: shown, priceCents: cents, priceFrom: from });
  });

  it.each([
    ["fifty", "Enter a price like $50, $50+ or $45.50"],
    ["-$5", "Enter a price like $50, $50+ or $45.50"],
    ["$5.555", "Enter a price like $50, $50+ or $45.50"],
    ["$100,000", "At most $99,999.99"],
  ])(
    "refuses %j with its message beside the field, and saves nothing",
    async (written, message) => {
      const created = await createAppointmentType(
        database.db,
        { ...typeForm, type: "Gel Manicure", durationMin: "45", price: written },
        { now },
      );
      expect(created).toEqual({ ok: false, kind: "invalid", fieldErrors: { price: message } });
      expect(await storedTypes()).toEqual([]);

      const kept = await type("Spa Manicure", "$65");
      const updated = await updateAppointmentType(
        database.db,
        kept.id,
        { ...typeForm, type: "Spa Manicure", durationMin: "45", price: written },
        { now },
      );
      expect(updated).toEqual({ ok: false, kind: "invalid", fieldErrors: { price: message } });
      expect((await storedTypes()).map((row) => [row.price, row.priceCents])).toEqual([
        ["$65", 6500],
      ]);
    },
  );
});

describe("a booking's price", () => {
  it("is the service's and its add-ons' at booking, and stays when the service's price changes", async () => {
    const gel = await type("Gel Manicure", "$50");
    const art = await type("Nail Art", "$5+", { addOn: "on", durationMin: "10" });
    const booked = await bookVisit(
      database.db,
      {
        dateIso: SATURDAY,
        startsAt: SAT_10_00,
        ...customer,
        items: [{ typeId: gel.id, technician: "Wren", addOnIds: [art.id] }],
      },
      { now },
    );
    expect(booked.ok).toBe(true);
    const expected = {
      price: "$55+",
      priceCents: 5500,
      priceFrom: true,
      chargedCents: null,
      tipCents: null,
      addOns: [expect.objectContaining({ name: "Nail Art", price: "$5+", priceCents: 500 })],
    };
    expect(await storedAppointments()).toEqual([expect.objectContaining(expected)]);

    const form = { ...typeForm, type: "Gel Manicure", durationMin: "45" };
    expect((await updateAppointmentType(database.db, gel.id, { ...form, price: "$62" })).ok).toBe(
      true,
    );
    expect(await storedAppointments()).toEqual([expect.objectContaining(expected)]);
  });
});

describe("how each booking was made ('channel')", () => {
  it("is 'online' from the public form and 'staff' from the front desk", async () => {
    const gel = await type("Gel Manicure", "$50");
    const request = { dateIso: SATURDAY, typeId: gel.id, technician: "Wren", ...customer };
    const online = await bookAppointment(
      database.db,
      { ...request, startsAt: SAT_10_00 },
      { now, online: { maxUpcoming: 3, client: "203.0.113.9" } },
    );
    const desk = await bookAppointment(
      database.db,
      { ...request, technician: "Ivy", startsAt: SAT_10_00 },
      { now },
    );
    const visit = await bookVisit(
      database.db,
      {
        dateIso: SATURDAY,
        startsAt: SAT_11_00,
        ...customer,
        items: [{ typeId: gel.id, technician: "Wren", addOnIds: [] }],
      },
      { now, online: { maxUpcoming: 3, client: "203.0.113.9" } },
    );
    expect([online.ok, desk.ok, visit.ok]).toEqual([true, true, true]);
    const rows = await storedAppointments();
    const channel = (technician: string, startsAt: string) =>
      rows.find((row) => row.technician === technician && row.startsAt.toISOString() === startsAt)
        ?.channel;
    expect(channel("Wren", SAT_10_00)).toBe("online");
    expect(channel("Ivy", SAT_10_00)).toBe("staff");
    expect(channel("Wren", SAT_11_00)).toBe("online");
    expect(
      (await database.db.select().from(appointments).where(eq(appointments.channel, "staff")))
        .length,
    ).toBe(1);
  });
});
