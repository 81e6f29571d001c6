// Holding a chosen time (docs/product.md#holds) against a real database: while one visitor holds
// a time, no one else is offered it or can book it; it ends with their booking, their release or
// its expiry; one hold per visitor; two visitors choosing the same time at once, one holds it.
import { beforeEach, describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { bookAppointment } from "~/services/booking/booking.server";
import { placeHold, releaseHold } from "~/services/booking/holds.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { slotHolds } from "~/services/db/schema.server";
import { bookingPolicy } from "~/services/platform/env.server";
import {
  type AppointmentTypeView,
  listAppointmentTypes,
} from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await seedCatalogueOnce(database.db);
});

/** Friday, May 1 2026, 10:00 AM in Chicago; the times are on Saturday. */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SAT_10_00 = new Date("2026-05-02T15:00:00.000Z");
const SAT_11_00 = new Date("2026-05-02T16:00:00.000Z");
const ANA = "a".repeat(64);
const BEA = "b".repeat(64);

async function wax(): Promise<AppointmentTypeView> {
  // Eyebrow Wax: Nina only, 15 minutes.
  return typeNamed(database.db, "Eyebrow Wax");
}

const waxItems = (type: AppointmentTypeView) => [
  { typeId: type.id, technician: "any", addOnIds: [] },
];

async function labelsFor(holder: string | undefined, at = now) {
  const type = await wax();
  const listed = await listVisitTimes(
    database.db,
    { dateIso: SATURDAY, items: oneService(type.id) },
    { now: at, holder },
  );
  return listed.ok ? listed.slots.map((slot) => slot.label) : [];
}

describe("a held time", () => {
  it("is not offered to anyone else, nor bookable by them, until it expires", async () => {
    const type = await wax();
    const held = await placeHold(
      database.db,
      ANA,
      { dateIso: SATURDAY, startsAt: SAT_10_00, items: waxItems(type) },
      { now },
    );
    expect(held).toEqual({ ok: true, expiresAt: new Date(now.getTime() + bookingPolicy().holdMs) });
    expect(await labelsFor(BEA)).not.toContain("10:00 AM");
    expect(await labelsFor(undefined)).not.toContain("10:00 AM");
    // The visitor holding it still sees it.
    expect(await labelsFor(ANA)).toContain("10:00 AM");

    const refused = await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: type.id,
        startsAt: SAT_10_00.toISOString(),
        name: "Bea",
        email: "bea@example.com",
      },
      { now, holder: BEA },
    );
    expect(refused).toMatchObject({ ok: false, kind: "unavailable", reason: "taken" });

    // Expired: offered again, without any write.
    const later = new Date(held.ok ? held.expiresAt.getTime() + 1000 : 0);
    expect(await labelsFor(BEA, later)).toContain("10:00 AM");
  });

  it("ends with the holder's booking, or their release", async () => {
    const type = await wax();
    const hold = (holder: string, startsAt: Date) =>
      placeHold(
        database.db,
        holder,
        { dateIso: SATURDAY, startsAt, items: waxItems(type) },
        { now },
      );
    await hold(ANA, SAT_10_00);
    const booked = await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: type.id,
        startsAt: SAT_10_00.toISOString(),
        name: "Ana",
        email: "ana@example.com",
      },
      { now, holder: ANA },
    );
    expect(booked.ok).toBe(true);
    expect(await database.db.select().from(slotHolds)).toEqual([]);

    await hold(ANA, SAT_11_00);
    expect(await labelsFor(BEA)).not.toContain("11:00 AM");
    await releaseHold(database.db, ANA);
    expect(await labelsFor(BEA)).toContain("11:00 AM");
  });

  it("is one per visitor: a new choice lets the old time go", async () => {
    const type = await wax();
    for (const startsAt of [SAT_10_00, SAT_11_00]) {
      await placeHold(
        database.db,
        ANA,
        { dateIso: SATURDAY, startsAt, items: waxItems(type) },
        { now },
      );
    }
    const labels = await labelsFor(BEA);
    expect(labels).toContain("10:00 AM");
    expect(labels).not.toContain("11:00 AM");
    expect(await database.db.select().from(slotHolds)).toHaveLength(1);
  });

  it("goes to one of two visitors choosing it at the same moment", async () => {
    const type = await wax();
    const results = await Promise.all(
      [ANA, BEA, "c".repeat(64)].map((holder) =>
        placeHold(
          database.db,
          holder,
          { dateIso: SATURDAY, startsAt: SAT_10_00, items: waxItems(type) },
          { now },
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("of a visit holds each of its technicians", async () => {
    const types = await listAppointmentTypes(database.db);
    const id = (name: string) => types.find((t) => t.type === name)?.id ?? "";
    const items = [
      { typeId: id("Gel Manicure"), technician: "Mara", addOnIds: [] },
      { typeId: id("Classic Pedicure"), technician: "Nina", addOnIds: [] },
    ];
    const held = await placeHold(
      database.db,
      ANA,
      { dateIso: SATURDAY, startsAt: SAT_10_00, items },
      { now },
    );
    expect(held.ok).toBe(true);
    const rows = await database.db.select().from(slotHolds);
    expect(rows.map((row) => row.technician).sort()).toEqual(["Mara", "Nina"]);
    const forBea = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items },
      { now, holder: BEA },
    );
    expect(forBea.ok && forBea.slots[0]?.label).toBe("10:45 AM");
    const forAna = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items },
      { now, holder: ANA },
    );
    expect(forAna.ok && forAna.slots[0]?.label).toBe("10:00 AM");
  });
});
