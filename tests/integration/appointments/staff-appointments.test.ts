// The staff's daily work on an appointment (app/services/appointments/staff-appointments.server.ts) against a
// real database: moving it to another time, technician and service under online booking's rules, with
// the customer's calendar update; correcting the customer; marking what happened.

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { moveAppointmentByStaff } from "~/services/appointments/move.server";
import {
  editAppointmentCustomer,
  markVisit,
} from "~/services/appointments/staff-appointments.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { appointments, emailOutbox } from "~/services/db/schema.server";
import { createAppointmentType } from "~/services/salon/appointment-type-admin.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await ensureTechnicians(database.db, ["Wren", "Ivy"]);
});

/** Friday, May 1 2026, 10:00 AM in Chicago (CDT, UTC-5). */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SAT_10_00 = "2026-05-02T15:00:00.000Z";
const SAT_11_00 = "2026-05-02T16:00:00.000Z";

const typeForm = {
  category: "Manicure",
  startTime: "10:00",
  endTime: "19:00",
  price: "$50",
  description: "A calm manicure.",
  daysOfWeek: ["Saturday"],
  technicians: "Wren, Ivy",
};

async function type(name: string, durationMin: number, price = "$50") {
  const result = await createAppointmentType(
    database.db,
    { ...typeForm, type: name, durationMin: String(durationMin), price },
    { now },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.type;
}

async function book(
  typeId: string,
  technician: string,
  startsAt = SAT_10_00,
  email = "grace@example.com",
) {
  const result = await bookAppointment(
    database.db,
    { dateIso: SATURDAY, typeId, startsAt, technician, name: "Grace Hopper", email },
    { now },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.appointment;
}

const stored = async (id: string) =>
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];

describe("moving an appointment (staff)", () => {
  it("moves it to another time, technician and service; the customer gets the new time and a calendar update", async () => {
    const gel = await type("Gel Manicure", 45);
    const spa = await type("Spa Manicure", 60, "$65");
    const booked = await book(gel.id, "Wren");
    const result = await moveAppointmentByStaff(
      database.db,
      booked.id,
      { date: SATURDAY, service: spa.id, technician: "Ivy", slot: SAT_11_00 },
      { now },
    );
    expect(result.ok).toBe(true);
    expect(await stored(booked.id)).toMatchObject({
      typeId: spa.id,
      typeName: "Spa Manicure",
      price: "$65",
      technician: "Ivy",
      startsAt: new Date(SAT_11_00),
      endsAt: new Date("2026-05-02T17:00:00.000Z"),
      sequence: 1,
      status: "booked",
    });
    const moved = (await database.db.select().from(emailOutbox)).filter((email) =>
      email.subject.startsWith("Moved:"),
    );
    expect(moved).toHaveLength(1);
    expect(moved[0]?.toAddress).toBe("grace@example.com");
    expect(moved[0]?.subject).toContain("11:00 AM with Ivy");
    const ics = moved[0]?.attachments[0]?.content ?? "";
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(`UID:${booked.id}`);
    // The old time is free: another customer takes Wren's 10:00 AM.
    await book(gel.id, "Wren", SAT_10_00, "next@example.com");
  });

  it("keeps its own time free to itself, refuses a time taken by another, and changes nothing then", async () => {
    const gel = await type("Gel Manicure", 45);
    const first = await book(gel.id, "Wren");
    const other = await book(gel.id, "Ivy", SAT_11_00, "other@example.com");
    // Same time, same technician, longer service: its own time does not count as busy.
    const longer = await type("Long Gel", 60);
    const same = await moveAppointmentByStaff(
      database.db,
      first.id,
      { date: SATURDAY, service: longer.id, technician: "Wren", slot: SAT_10_00 },
      { now },
    );
    expect(same.ok).toBe(true);
    const before = await stored(first.id);
    const taken = await moveAppointmentByStaff(
      database.db,
      first.id,
      { date: SATURDAY, service: gel.id, technician: "Ivy", slot: SAT_11_00 },
      { now },
    );
    expect(taken).toEqual({ ok: false, kind: "unavailable", reason: "taken" });
    // A technician who does not perform the service is said to be so, and nothing moves.
    await ensureTechnicians(database.db, ["Nia"]);
    expect(
      await moveAppointmentByStaff(
        database.db,
        first.id,
        { date: SATURDAY, service: gel.id, technician: "Nia", slot: SAT_11_00 },
        { now },
      ),
    ).toEqual({ ok: false, kind: "unavailable", reason: "not-their-service" });
    expect(await stored(first.id)).toEqual(before);
    expect((await stored(other.id))?.technician).toBe("Ivy");
    // A cancelled appointment is not moved; a bad form is marked.
    await cancelAppointment(database.db, other.id, { now });
    expect(
      await moveAppointmentByStaff(
        database.db,
        other.id,
        { date: SATURDAY, service: gel.id, technician: "Ivy", slot: SAT_11_00 },
        { now },
      ),
    ).toEqual({ ok: false, kind: "not-found" });
    expect(
      await moveAppointmentByStaff(
        database.db,
        first.id,
        { date: "nope", service: gel.id },
        { now },
      ),
    ).toMatchObject({ ok: false, kind: "invalid", fieldErrors: { dateIso: "Enter a valid date" } });
  });
});

describe("the customer's details and the visit (staff)", () => {
  it("corrects the name, email and phone under the booking form's rules", async () => {
    const gel = await type("Gel Manicure", 45);
    const booked = await book(gel.id, "Wren");
    expect(
      await editAppointmentCustomer(database.db, booked.id, {
        name: "Grace B. Hopper",
        email: "grace.hopper@example.com",
        phone: "(312) 555-0123",
      }),
    ).toEqual({ ok: true });
    // Stored in one form (docs/product.md#phone-numbers).
    expect(await stored(booked.id)).toMatchObject({
      name: "Grace B. Hopper",
      email: "grace.hopper@example.com",
      phone: "+13125550123",
    });
    // Not a phone number: a message beside the field, and nothing changes.
    expect(
      await editAppointmentCustomer(database.db, booked.id, {
        name: "Grace Hopper",
        email: "grace.hopper@example.com",
        phone: "555-01",
      }),
    ).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: { phone: "Enter a valid phone number, like (312) 555-0101" },
    });
    expect(await stored(booked.id)).toMatchObject({
      name: "Grace B. Hopper",
      phone: "+13125550123",
    });
    const refused = await editAppointmentCustomer(database.db, booked.id, {
      name: "Grace\nURGENT: pay here",
      email: "not an email",
    });
    expect(refused).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { name: expect.any(String), email: expect.any(String) },
    });
    expect((await stored(booked.id))?.name).toBe("Grace B. Hopper");
  });

  it("marks arrived, completed or no-show, and clears it; refuses anything else", async () => {
    const gel = await type("Gel Manicure", 45);
    const booked = await book(gel.id, "Wren");
    // Saturday 10:05 AM: it has started.
    const started = new Date("2026-05-02T15:05:00.000Z");
    expect(await markVisit(database.db, booked.id, "no_show", { now: started })).toEqual({
      ok: true,
      status: "no_show",
      name: booked.name,
      startsAt: booked.startsAt,
    });
    expect(await stored(booked.id)).toMatchObject({
      visitStatus: "no_show",
      visitMarkedAt: started,
    });
    expect(await markVisit(database.db, booked.id, "clear", { now })).toMatchObject({
      ok: true,
      status: null,
    });
    expect(await stored(booked.id)).toMatchObject({ visitStatus: null, visitMarkedAt: null });
    expect(await markVisit(database.db, booked.id, "paid", { now })).toEqual({
      ok: false,
      kind: "invalid",
    });
    expect(await markVisit(database.db, "nope", "arrived", { now })).toEqual({
      ok: false,
      kind: "not-found",
    });
  });

  it("refuses a no-show before the appointment's start and saves nothing; arrived is fine then", async () => {
    const gel = await type("Gel Manicure", 45);
    const booked = await book(gel.id, "Wren");
    // Saturday 9:59 AM: a minute before its start.
    const early = new Date("2026-05-02T14:59:00.000Z");
    expect(await markVisit(database.db, booked.id, "no_show", { now: early })).toEqual({
      ok: false,
      kind: "not-started",
    });
    expect(await stored(booked.id)).toMatchObject({ visitStatus: null, visitMarkedAt: null });
    expect(await markVisit(database.db, booked.id, "arrived", { now: early })).toMatchObject({
      ok: true,
      status: "arrived",
    });
    // From its start on, it is accepted.
    const atStart = new Date(SAT_10_00);
    expect(await markVisit(database.db, booked.id, "no_show", { now: atStart })).toMatchObject({
      ok: true,
      status: "no_show",
    });
    expect(await markVisit(database.db, crypto.randomUUID(), "no_show", { now })).toEqual({
      ok: false,
      kind: "not-found",
    });
  });
});
