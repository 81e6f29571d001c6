// A visit of several services against a real database (docs/product.md#visits): listed, booked
// as one visit of several appointments with one email and one calendar event, the services'
// clean-up minutes kept by the exclusion constraint itself, and two visitors racing for it.
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import {
  cancelByCustomer,
  findPastByManageToken,
  partsOfPastVisit,
  servicesOfPastVisit,
} from "~/services/appointments/manage-link.server";
import { moveByCustomer } from "~/services/appointments/move.server";
import { bookAppointment, bookVisit } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, appointmentTypes, emailOutbox } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { manicureAndPedicure, typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await seedCatalogueOnce(database.db);
});

/** Friday, May 1 2026, 10:00 AM in Chicago; the visits are on Saturday. */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SAT_10_00 = "2026-05-02T15:00:00.000Z";
const customer = { name: "Maya Lopez", email: "maya@example.com", phone: "(312) 555-0199" };

describe("a visit of several services", () => {
  it("lists a time with each service's technician and times, side by side, and the totals", async () => {
    const items = await manicureAndPedicure(database.db);
    const listed = await listVisitTimes(database.db, { dateIso: SATURDAY, items }, { now });
    if (!listed.ok) throw new Error(listed.error);
    const first = listed.slots[0];
    expect(first?.label).toBe("10:00 AM");
    expect(first?.visit).toEqual({
      parts: [
        {
          service: "Gel Manicure + Nail Art (per nail)",
          technician: "Mara",
          from: "10:00 AM",
          to: "10:55 AM",
          price: "$55+",
        },
        {
          service: "Classic Pedicure",
          technician: "Nina",
          from: "10:00 AM",
          to: "10:40 AM",
          price: "$45",
        },
      ],
      totalPrice: "$100+",
      totalMin: 55,
    });
  });

  it("books it as one visit: two appointments, one link, one email listing both with the total", async () => {
    const items = await manicureAndPedicure(database.db);
    const result = await bookVisit(
      database.db,
      { dateIso: SATURDAY, startsAt: SAT_10_00, technician: "any", ...customer, items },
      { now, siteUrl: "https://2x10.example", online: { maxUpcoming: 1 } },
    );
    expect(result.ok).toBe(true);
    const rows = await database.db
      .select()
      .from(appointments)
      .orderBy(asc(appointments.technician));
    expect(rows.map((r) => [r.technician, r.typeName, r.price, r.endsAt.toISOString()])).toEqual([
      ["Mara", "Gel Manicure + Nail Art (per nail)", "$55+", "2026-05-02T15:55:00.000Z"],
      ["Nina", "Classic Pedicure", "$45", "2026-05-02T15:40:00.000Z"],
    ]);
    expect(new Set(rows.map((r) => r.visitId)).size).toBe(1);
    expect(rows.filter((r) => r.manageTokenHash !== null)).toHaveLength(1);
    expect(rows[0]?.addOns).toEqual([
      expect.objectContaining({ name: "Nail Art (per nail)", price: "$5+", durationMin: 10 }),
    ]);

    const emails = await database.db.select().from(emailOutbox);
    expect(emails).toHaveLength(2);
    const confirmation = emails.find((email) => email.toAddress === customer.email);
    expect(confirmation?.subject).toContain("Saturday, May 2 2026 @ 10:00 AM with Mara and Nina");
    expect(confirmation?.textBody).toContain(
      "Gel Polish - Gel Manicure + Nail Art (per nail): 10:00 AM to 10:55 AM with Mara, $55+",
    );
    expect(confirmation?.textBody).toContain(
      "Pedicure - Classic Pedicure: 10:00 AM to 10:40 AM with Nina, $45",
    );
    expect(confirmation?.textBody).toContain("Total: $100+, 55 min");
    // By the customer's own name; the services done side by side say so, there and in the .ics.
    expect(confirmation?.textBody.startsWith("Hello Maya Lopez,\n\n")).toBe(true);
    const together =
      "Gel Manicure + Nail Art (per nail) with Mara, at the same time as Classic Pedicure with Nina";
    expect(confirmation?.textBody).toContain(`Your visit: ${together}`);
    const calendar = confirmation?.attachments?.[0]?.content ?? "";
    // Folded at 75 octets, its commas escaped (RFC 5545).
    expect(calendar.replace(/\r\n /g, "")).toContain(
      `DESCRIPTION:${together.replaceAll(",", "\\,")}.`,
    );
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(calendar).toContain("DTSTART:20260502T150000Z");
    expect(calendar).toContain("DTEND:20260502T155500Z");

    // A visit is one booking: with a limit of one, the next booking is refused.
    const pedicure = await typeNamed(database.db, "Classic Pedicure");
    const next = await bookAppointment(
      database.db,
      { dateIso: SATURDAY, typeId: pedicure.id, startsAt: "2026-05-02T18:00:00.000Z", ...customer },
      { now, online: { maxUpcoming: 1 } },
    );
    expect(next).toMatchObject({ ok: false, kind: "limit" });
  });

  it("has one technician do two services one after the other when asked for her for both", async () => {
    const manicure = await typeNamed(database.db, "Gel Manicure");
    const pedicure = await typeNamed(database.db, "Classic Pedicure");
    const items = [
      { typeId: manicure.id, technician: "Mara", addOnIds: [] },
      { typeId: pedicure.id, technician: "Mara", addOnIds: [] },
    ];
    const result = await bookVisit(
      database.db,
      { dateIso: SATURDAY, startsAt: SAT_10_00, ...customer, items },
      { now },
    );
    expect(
      result.ok && result.visit?.map((part) => [part.technician, part.startsAt.toISOString()]),
    ).toEqual([
      ["Mara", "2026-05-02T15:00:00.000Z"],
      ["Mara", "2026-05-02T15:45:00.000Z"],
    ]);
  });

  it("refuses an add-on that is not one, or a time no longer free, and stores nothing", async () => {
    const items = await manicureAndPedicure(database.db);
    const pedicure = await typeNamed(database.db, "Classic Pedicure");
    const notAnAddOn = [{ ...items[0], addOnIds: [pedicure.id] }] as typeof items;
    const refused = await bookVisit(
      database.db,
      { dateIso: SATURDAY, startsAt: SAT_10_00, ...customer, items: notAnAddOn },
      { now },
    );
    expect(refused).toMatchObject({ ok: false, kind: "unavailable" });
    const listed = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: notAnAddOn },
      { now },
    );
    expect(listed).toEqual({ ok: false, error: "Choose add-ons offered with the service." });

    // Mara, asked for, is busy at 10:00: the visit at 10:00 is no longer offered, nor booked.
    const manicure = await typeNamed(database.db, "Gel Manicure");
    await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: manicure.id,
        technician: "Mara",
        startsAt: SAT_10_00,
        ...customer,
        email: "other@example.com",
      },
      { now },
    );
    const withMara = [{ ...items[0], technician: "Mara" }, items[1]] as typeof items;
    const listedNow = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: withMara },
      { now },
    );
    expect(listedNow.ok && listedNow.slots[0]?.label).toBe("10:45 AM");
    const taken = await bookVisit(
      database.db,
      { dateIso: SATURDAY, startsAt: SAT_10_00, ...customer, items: withMara },
      { now },
    );
    expect(taken).toMatchObject({ ok: false, kind: "unavailable", reason: "taken" });
    expect(await database.db.select().from(appointments)).toHaveLength(1);
  });

  it("gives a time two visitors want to one of them only", async () => {
    const [manicure, pedicure] = await manicureAndPedicure(database.db);
    if (!manicure || !pedicure) throw new Error("two services");
    const items = [{ ...manicure, technician: "Mara" }, pedicure];
    const attempts = await Promise.all(
      ["a@example.com", "b@example.com", "c@example.com"].map((email) =>
        bookVisit(
          database.db,
          { dateIso: SATURDAY, startsAt: SAT_10_00, ...customer, email, items },
          { now },
        ),
      ),
    );
    // Mara and Nina were asked for: only one visit can have them at 10:00.
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
    const nina = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.technician, "Nina"));
    expect(nina).toHaveLength(1);
  });
});

describe("a visit through its manage link", () => {
  it("moves as a whole with its technicians, then cancels as a whole", async () => {
    const items = await manicureAndPedicure(database.db);
    const booked = await bookVisit(
      database.db,
      { dateIso: SATURDAY, startsAt: SAT_10_00, ...customer, items },
      { now },
    );
    if (!booked.ok) throw new Error("not booked");
    const token = booked.manageToken;
    const times = async () =>
      (await database.db.select().from(appointments).orderBy(asc(appointments.technician))).map(
        (r) => [r.technician, r.startsAt.toISOString(), r.endsAt.toISOString(), r.status],
      );

    // 1:00 PM: both services move, side by side again, with Mara and Nina.
    const moved = await moveByCustomer(
      database.db,
      token,
      { dateIso: SATURDAY, startsAt: "2026-05-02T18:00:00.000Z" },
      { now },
    );
    expect(moved.ok).toBe(true);
    expect(await times()).toEqual([
      ["Mara", "2026-05-02T18:00:00.000Z", "2026-05-02T18:55:00.000Z", "booked"],
      ["Nina", "2026-05-02T18:00:00.000Z", "2026-05-02T18:40:00.000Z", "booked"],
    ]);
    const movedMail = (await database.db.select().from(emailOutbox)).find((email) =>
      email.subject.startsWith("Moved: your appointment"),
    );
    expect(movedMail?.subject).toContain("@ 1:00 PM with Mara and Nina");

    // Nina is taken at 3:00 PM: moved there, her pedicure follows the manicure instead.
    const pedicure = await typeNamed(database.db, "Classic Pedicure");
    const other = { ...customer, email: "other@example.com" };
    const at = (iso: string, typeId: string, technician: string) =>
      bookAppointment(
        database.db,
        { dateIso: SATURDAY, typeId, technician, startsAt: iso, ...other },
        { now },
      );
    await at("2026-05-02T20:00:00.000Z", pedicure.id, "Nina");
    const later = await moveByCustomer(
      database.db,
      token,
      { dateIso: SATURDAY, startsAt: "2026-05-02T20:00:00.000Z" },
      { now },
    );
    expect(later.ok).toBe(true);
    expect((await times()).filter(([, , , status]) => status === "booked")).toEqual([
      ["Mara", "2026-05-02T20:00:00.000Z", "2026-05-02T20:55:00.000Z", "booked"],
      ["Nina", "2026-05-02T20:00:00.000Z", "2026-05-02T20:40:00.000Z", "booked"],
      ["Nina", "2026-05-02T20:55:00.000Z", "2026-05-02T21:35:00.000Z", "booked"],
    ]);

    // Mara is taken at 5:00 PM: the visit cannot move there, and nothing moves.
    const manicure = await typeNamed(database.db, "Gel Manicure");
    await at("2026-05-02T22:00:00.000Z", manicure.id, "Mara");
    const refused = await moveByCustomer(
      database.db,
      token,
      { dateIso: SATURDAY, startsAt: "2026-05-02T22:00:00.000Z" },
      { now },
    );
    expect(refused).toMatchObject({ ok: false, kind: "unavailable" });
    expect((await times()).filter(([, , , status]) => status === "booked")).toHaveLength(4);

    const cancelled = await cancelByCustomer(database.db, token, { now });
    expect(cancelled.ok).toBe(true);
    // The visit's two appointments; the other customer's stay.
    const statuses = (await times()).filter(([, , , status]) => status === "cancelled");
    expect(statuses).toHaveLength(2);
    expect((await times()).filter(([, , , status]) => status === "booked")).toHaveLength(2);
    // Its link then offers 'Book Again' with the same services and add-ons, any technician.
    const past = await findPastByManageToken(database.db, token, { now });
    if (!past) throw new Error("the cancelled visit's link finds nothing");
    expect(servicesOfPastVisit(await partsOfPastVisit(database.db, past))).toEqual(
      items.map((item) => ({ ...item, technician: "any" })),
    );
  });
});

describe("clean-up minutes after a service", () => {
  it("are kept free by the listing and by the exclusion constraint itself", async () => {
    const wax = await typeNamed(database.db, "Eyebrow Wax"); // Nina, 15 min
    await database.db
      .update(appointmentTypes)
      .set({ bufferMin: 15 })
      .where(eq(appointmentTypes.id, wax.id));
    const booked = await bookAppointment(
      database.db,
      { dateIso: SATURDAY, typeId: wax.id, startsAt: SAT_10_00, ...customer },
      { now },
    );
    expect(booked.ok).toBe(true);
    const [row] = await database.db.select().from(appointments);
    expect(row?.blockedUntil.toISOString()).toBe("2026-05-02T15:30:00.000Z");

    const listed = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(wax.id) },
      { now },
    );
    const labels = listed.ok ? listed.slots.map((slot) => slot.label) : [];
    // 10:15 falls in the clean-up; 9:45 is before opening; 10:30 is free.
    expect(labels.slice(0, 2)).toEqual(["10:30 AM", "10:45 AM"]);

    // Written past the booking code, a booking inside the clean-up is still refused.
    const insert = database.db.execute(sql`
      insert into appointments (name, email, type_name, category, technician, starts_at, ends_at, price_cents, channel)
      values ('Direct', 'direct@example.com', 'Lip Wax', 'Waxing', 'Nina',
        '2026-05-02T15:20:00Z', '2026-05-02T15:30:00Z', 1200, 'staff')`);
    await expect(insert).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23P01" }),
    });
  });
});
