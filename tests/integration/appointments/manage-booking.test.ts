// The customer's manage link, closed days and reminders against a real database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL). Every call passes a fixed `now`.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import {
  cancelByCustomer,
  findByManageToken,
  findPastByManageToken,
} from "~/services/appointments/manage-link.server";
import { moveByCustomer } from "~/services/appointments/move.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { hashManageToken, newManageToken } from "~/services/booking/manage-token.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, emailOutbox, specialHours } from "~/services/db/schema.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { addClosedDay, listClosedDays } from "~/services/salon/closed-days.server";
import { deleteSpecialHours, saveSpecialHours } from "~/services/salon/special-hours.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Wednesday, April 29 2026, 10:00 AM in Chicago (CDT, UTC-5): three days before. */
const booked = new Date("2026-04-29T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SAT_10_00 = "2026-05-02T15:00:00.000Z";
const SAT_14_00 = "2026-05-02T19:00:00.000Z";
const SUNDAY = "2026-05-03";
const SUN_11_00 = "2026-05-03T16:00:00.000Z";
const hours = (n: number) => n * 3_600_000;
const customer = { name: "Maya Lopez", email: "maya@example.com", phone: "(312) 555-0199" };

async function seededType(name: string): Promise<AppointmentTypeView> {
  await seedCatalogueOnce(database.db);
  return typeNamed(database.db, name);
}

async function book(type: AppointmentTypeView, startsAt = SAT_10_00, technician = "any") {
  const result = await bookAppointment(
    database.db,
    {
      dateIso: startsAt.startsWith("2026-05-03") ? SUNDAY : SATURDAY,
      typeId: type.id,
      startsAt,
      technician,
      ...customer,
    },
    { now: booked, siteUrl: "https://salon.example" },
  );
  if (!result.ok) throw new Error(`Booking failed: ${JSON.stringify(result)}`);
  return result;
}

const outbox = () => database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.subject));

/** The emails queued since `before` (a list from outbox()). */
async function newEmails(before: { id: string }[]) {
  const seen = new Set(before.map((email) => email.id));
  return (await outbox()).filter((email) => !seen.has(email.id));
}

function icsLines(content: string): string[] {
  return content.replace(/\r\n /g, "").split("\r\n");
}

describe("the manage link", () => {
  it("is a 256-bit token emailed once; only its hash is stored", async () => {
    const type = await seededType("Reg Mani/Pedi");
    const { appointment, manageToken } = await book(type);
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row?.manageTokenHash).toBe(hashManageToken(manageToken));
    expect(JSON.stringify(row)).not.toContain(manageToken);
    const confirmation = (await outbox()).find((email) => email.toAddress === customer.email);
    expect(confirmation?.textBody).toContain(`https://salon.example/manage?token=${manageToken}`);
    expect(confirmation?.htmlBody).toContain(`https://salon.example/manage?token=${manageToken}`);
  });

  it("opens the appointment; a wrong, malformed or used-up token finds nothing", async () => {
    const type = await seededType("Reg Mani/Pedi");
    const { appointment, manageToken } = await book(type);
    expect((await findByManageToken(database.db, manageToken, { now: booked }))?.id).toBe(
      appointment.id,
    );
    for (const wrong of [newManageToken(), "", "x".repeat(43), `${manageToken}x`, 42, null]) {
      expect(await findByManageToken(database.db, wrong, { now: booked })).toBeUndefined();
    }
    // Over: the appointment has ended.
    expect(
      await findByManageToken(database.db, manageToken, { now: new Date(appointment.endsAt) }),
    ).toBeUndefined();
    // Cancelled by the staff: the link stops working.
    await cancelAppointment(database.db, appointment.id, { now: booked });
    expect(await findByManageToken(database.db, manageToken, { now: booked })).toBeUndefined();
  });

  it("moves to another free time: the old time is free, both emails carry the new time", async () => {
    const type = await seededType("Eyebrow Wax"); // Nina only
    const { appointment, manageToken } = await book(type);
    const before = await outbox();
    const moved = await moveByCustomer(
      database.db,
      manageToken,
      { dateIso: SATURDAY, technician: "any", startsAt: SAT_14_00 },
      { now: booked },
    );
    expect(moved.ok).toBe(true);
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row?.startsAt.toISOString()).toBe(SAT_14_00);
    expect(row?.sequence).toBe(1);
    expect(row?.status).toBe("booked");

    const slots = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now: booked },
    );
    if (!slots.ok) throw new Error(slots.error);
    const starts = slots.slots.map((s) => s.startsAt);
    expect(starts).toContain(SAT_10_00);
    expect(starts).not.toContain(SAT_14_00);

    const emails = await newEmails(before);
    expect(emails.map((e) => e.toAddress).sort()).toEqual(
      ["hello@2x10nails.example.com", customer.email].sort(),
    );
    const toCustomer = emails.find((e) => e.toAddress === customer.email);
    expect(toCustomer?.subject).toContain("Saturday, May 2 2026 @ 2:00 PM with Nina");
    expect(toCustomer?.textBody).toContain("Was: Saturday, May 2 2026 @ 10:00 AM with Nina");
    const ics = icsLines(toCustomer?.attachments[0]?.content ?? "");
    expect(ics).toContain(`UID:${appointment.id}@2x10nails`);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("DTSTART:20260502T190000Z");
  });

  it("refuses a taken time, a closed day and the current time, changing nothing", async () => {
    const type = await seededType("Eyebrow Wax");
    const mine = await book(type);
    await book(type, SAT_14_00);
    for (const [startsAt, kind] of [
      [SAT_14_00, "unavailable"],
      [SAT_10_00, "same-time"],
    ] as const) {
      const result = await moveByCustomer(
        database.db,
        mine.manageToken,
        { dateIso: SATURDAY, technician: "any", startsAt },
        { now: booked },
      );
      expect(result).toMatchObject({ ok: false, kind });
    }
    await saveSpecialHours(database.db, undefined, { from: SUNDAY, closed: "on" });
    expect(
      await moveByCustomer(
        database.db,
        mine.manageToken,
        { dateIso: SUNDAY, technician: "any", startsAt: SUN_11_00 },
        { now: booked },
      ),
    ).toMatchObject({ ok: false, kind: "unavailable", reason: "closed" });
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, mine.appointment.id));
    expect(row?.startsAt.toISOString()).toBe(SAT_10_00);
    expect(row?.sequence).toBe(0);
  });

  it("moves one service to the technician the customer chose, at its own time too", async () => {
    const type = await seededType("Gel Manicure");
    const [hers, other] = type.technicians;
    if (!hers || !other) throw new Error("Gel Manicure has fewer than two technicians");
    const mine = await book(type, SAT_10_00, hers);
    const move = (technician: string, startsAt = SAT_10_00) =>
      moveByCustomer(
        database.db,
        mine.manageToken,
        { dateIso: SATURDAY, technician, startsAt },
        { now: booked },
      );
    // Its own time with "any" or its own technician is no move.
    expect(await move("any")).toEqual({ ok: false, kind: "same-time" });
    expect(await move(hers)).toEqual({ ok: false, kind: "same-time" });
    // Someone who does not do the service is never free.
    expect(await move("Nobody", SAT_14_00)).toEqual({
      ok: false,
      kind: "unavailable",
      reason: "taken",
    });
    expect(await move(other)).toMatchObject({
      ok: true,
      appointment: { technician: other },
      previous: { technician: hers },
    });
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, mine.appointment.id));
    expect([row?.technician, row?.startsAt.toISOString(), row?.sequence]).toEqual([
      other,
      SAT_10_00,
      1,
    ]);
  });

  it("cancels with both emails and a cancelled calendar event; the link then finds nothing", async () => {
    const type = await seededType("Reg Mani/Pedi");
    const { appointment, manageToken } = await book(type);
    const before = await outbox();
    const result = await cancelByCustomer(database.db, manageToken, { now: booked });
    expect(result.ok).toBe(true);
    const emails = await newEmails(before);
    expect(emails).toHaveLength(2);
    const notice = emails.find((e) => e.toAddress !== customer.email);
    expect(notice?.textBody).toContain("The customer cancelled this appointment");
    const ics = icsLines(emails[0]?.attachments[0]?.content ?? "");
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(`UID:${appointment.id}@2x10nails`);
    expect(await cancelByCustomer(database.db, manageToken, { now: booked })).toEqual({
      ok: false,
      kind: "not-found",
    });
    const slots = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now: booked },
    );
    expect(slots.ok && slots.slots.some((s) => s.startsAt === SAT_10_00)).toBe(true);
    // The link still shows what it was ('Book Again'), and changes nothing any more.
    expect(await findByManageToken(database.db, manageToken, { now: booked })).toBeUndefined();
    expect(await findPastByManageToken(database.db, manageToken, { now: booked })).toMatchObject({
      id: appointment.id,
      cancelled: true,
    });
  });

  it("shows a visit that is over as over, not as found; a forgotten one as nothing", async () => {
    const type = await seededType("Reg Mani/Pedi");
    const { appointment, manageToken } = await book(type);
    const during = new Date(Date.parse(SAT_10_00) + 60_000);
    const after = new Date(appointment.endsAt.getTime() + 1);
    expect(await findPastByManageToken(database.db, manageToken, { now: during })).toBeUndefined();
    expect(await findByManageToken(database.db, manageToken, { now: after })).toBeUndefined();
    expect(await findPastByManageToken(database.db, manageToken, { now: after })).toMatchObject({
      id: appointment.id,
      cancelled: false,
    });
    await database.db
      .update(appointments)
      .set({ manageTokenHash: null })
      .where(eq(appointments.id, appointment.id));
    expect(await findPastByManageToken(database.db, manageToken, { now: after })).toBeUndefined();
  });

  it("ends online changes at the cut-off (24 hours by default)", async () => {
    const type = await seededType("Reg Mani/Pedi");
    const { appointment, manageToken } = await book(type);
    const lastMoment = new Date(new Date(SAT_10_00).getTime() - hours(24));
    const tooLate = new Date(lastMoment.getTime() + 1);
    expect(await cancelByCustomer(database.db, manageToken, { now: tooLate })).toEqual({
      ok: false,
      kind: "too-late",
    });
    expect(
      await moveByCustomer(
        database.db,
        manageToken,
        { dateIso: SATURDAY, technician: "any", startsAt: SAT_14_00 },
        { now: tooLate },
      ),
    ).toEqual({ ok: false, kind: "too-late" });
    // Still visible (to show the phone number) until it is over.
    expect((await findByManageToken(database.db, manageToken, { now: tooLate }))?.id).toBe(
      appointment.id,
    );
    // A shorter cut-off setting allows it.
    expect(
      (await cancelByCustomer(database.db, manageToken, { now: tooLate, cutoffMs: hours(2) })).ok,
    ).toBe(true);
  });
});

describe("closed days", () => {
  it("special hours closed all day offer no slot and refuse a booking; deleted, the slots come back", async () => {
    const type = await seededType("Reg Mani/Pedi");
    const added = await saveSpecialHours(database.db, undefined, {
      from: SATURDAY,
      closed: "on",
      note: "Staff training",
    });
    expect(added.ok).toBe(true);
    const slots = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now: booked },
    );
    expect(slots).toMatchObject({ ok: true, slots: [] });
    const refused = await bookAppointment(
      database.db,
      { dateIso: SATURDAY, typeId: type.id, startsAt: SAT_10_00, technician: "any", ...customer },
      { now: booked },
    );
    expect(refused).toEqual({ ok: false, kind: "unavailable", reason: "closed" });
    expect(await database.db.select().from(appointments)).toHaveLength(0);

    // Open again: the slots come back.
    const [entry] = await database.db.select().from(specialHours);
    expect((await deleteSpecialHours(database.db, entry?.id)).ok).toBe(true);
    const reopened = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now: booked },
    );
    expect(reopened.ok && reopened.slots.length).toBeGreaterThan(0);
  });

  it("special hours of a shorter day end its times at the special closing", async () => {
    const type = await seededType("Reg Mani/Pedi");
    await saveSpecialHours(database.db, undefined, {
      from: SATURDAY,
      opens: "10:00",
      closes: "15:00",
      note: "Christmas Eve",
    });
    const slots = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now: booked },
    );
    if (!slots.ok) throw new Error(slots.error);
    const ends = slots.slots.map((slot) => Date.parse(slot.startsAt) + type.durationMin * 60_000);
    expect(slots.slots.length).toBeGreaterThan(0);
    expect(Math.max(...ends)).toBeLessThanOrEqual(Date.parse("2026-05-02T20:00:00Z")); // 3:00 PM CDT
  });

  it("a technician's day off removes only that technician; booked customers are listed for staff", async () => {
    const type = await seededType("Reg Mani/Pedi"); // Mara, Lena, Sofia
    const existing = await book(type, SAT_10_00, "Mara");
    const added = await addClosedDay(
      database.db,
      { date: SATURDAY, technician: "Mara" },
      { today: "2026-04-29", technicians: type.technicians },
    );
    if (!added.ok) throw new Error("not added");
    expect(added.day.affected.map((a) => a.id)).toEqual([existing.appointment.id]);
    const mara = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id, "Mara") },
      { now: booked },
    );
    expect(mara).toMatchObject({ ok: true, slots: [] });
    const any = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now: booked },
    );
    if (!any.ok) throw new Error(any.error);
    expect(any.slots.length).toBeGreaterThan(0);
    expect(any.slots.every((slot) => !slot.freeTechnicians.includes("Mara"))).toBe(true);

    const listed = await listClosedDays(database.db, "2026-04-29");
    expect(listed).toHaveLength(1);
    expect(listed[0]?.affected[0]?.email).toBe(customer.email);
  });

  it("refuses past dates, unknown technicians, bad dates and duplicates, storing nothing", async () => {
    const options = { today: "2026-04-29", technicians: ["Mara"] };
    expect(await addClosedDay(database.db, { date: "2026-04-28" }, options)).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await addClosedDay(database.db, { date: "2026-02-30" }, options)).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(
      await addClosedDay(database.db, { date: SATURDAY, technician: "Zoe" }, options),
    ).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { technician: expect.any(String) },
    });
    expect(await listClosedDays(database.db, "2026-01-01")).toHaveLength(0);
    // The whole salon closes in Special Hours, not here.
    expect(await addClosedDay(database.db, { date: SATURDAY }, options)).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { technician: expect.any(String) },
    });
    const mara = { date: SATURDAY, technician: "Mara" };
    expect((await addClosedDay(database.db, mara, options)).ok).toBe(true);
    expect(await addClosedDay(database.db, mara, options)).toEqual({
      ok: false,
      kind: "exists",
    });
    expect(await listClosedDays(database.db, "2026-01-01")).toHaveLength(1);
  });
});
