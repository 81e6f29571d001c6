// Booking a day out for good (issue 31, docs/product.md#pending-bookings): one client (an IPv4
// address or IPv6 /64) books at most two visits of a salon day outright; its next ones are
// pending, kept 15 minutes for the customer to confirm from an emailed link, then released; six
// of one day in all. Before, 22 bookings with a new email each (20 from one address) in 4.3 s
// filled a Wednesday for every service, until staff cancelled them one by one.
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { listAppointmentsOn } from "~/services/appointments/staff-schedule.server";
import { bookAppointment } from "~/services/booking/booking.server";
import {
  confirmPending,
  findPending,
  releaseLapsedPending,
} from "~/services/booking/pending-bookings.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, emailOutbox } from "~/services/db/schema.server";
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

/** Friday, May 1 2026, 10:00 AM in Chicago; the bookings are on Saturday. */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const CLIENT = "2001:db8:3:1::/64";
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

/** An online booking of `type` at the first free time, by a new customer each time. */
async function bookOnline(type: AppointmentTypeView, n: number, client = CLIENT, at = now) {
  const listed = await listVisitTimes(
    database.db,
    { dateIso: SATURDAY, items: oneService(type.id) },
    { now: at },
  );
  const slot = listed.ok ? listed.slots[0] : undefined;
  if (!slot) return { ok: false as const, kind: "none" as const };
  return bookAppointment(
    database.db,
    {
      dateIso: SATURDAY,
      typeId: type.id,
      startsAt: slot.startsAt,
      name: `Guest ${n}`,
      email: `guest${n}@example.com`,
    },
    { now: at, siteUrl: "https://salon.example", online: { maxUpcoming: 6, client } },
  );
}

const subjectsTo = async (email: string) =>
  (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map(
    (row) => row.subject,
  );

/** The token in the confirm email to `email`. */
async function confirmToken(email: string): Promise<string> {
  const [row] = await database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(asc(emailOutbox.createdAt));
  const token = /\/schedule\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(row?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no confirm link to ${email}`);
  return token;
}

describe("one client's online bookings of one day", () => {
  it("books two outright; the third is pending until confirmed from the email; staff see it marked", async () => {
    const wax = await typeNamed(database.db, "Eyebrow Wax");
    for (const n of [1, 2]) {
      const booked = await bookOnline(wax, n);
      expect(booked).toMatchObject({ ok: true });
      expect("pendingUntil" in booked && booked.pendingUntil).toBeFalsy();
    }
    const third = await bookOnline(wax, 3);
    expect(third).toMatchObject({ ok: true, pendingUntil: minutes(15) });
    // Only the request to confirm: no confirmation, no notice to the salon yet.
    expect(await subjectsTo("guest3@example.com")).toEqual([
      expect.stringMatching(/^Please confirm your booking at 2 x 10 Nails & Spa: /),
    ]);
    const staffDay = await listAppointmentsOn(database.db, SATURDAY);
    expect(staffDay.map((a) => [a.name, a.pending])).toEqual([
      ["Guest 1", false],
      ["Guest 2", false],
      ["Guest 3", true],
    ]);

    const token = await confirmToken("guest3@example.com");
    expect((await findPending(database.db, token, minutes(5)))?.state).toBe("pending");
    const confirmed = await confirmPending(database.db, token, {
      siteUrl: "https://salon.example",
      now: minutes(5),
    });
    expect(confirmed.ok).toBe(true);
    expect(await subjectsTo("guest3@example.com")).toContainEqual(
      expect.stringMatching(/^Your appointment at 2 x 10 Nails & Spa: /),
    );
    expect(await confirmPending(database.db, token, { now: minutes(6) })).toEqual({
      ok: false,
      kind: "confirmed",
    });
    // Confirmed: kept for good, released by nothing.
    expect(await releaseLapsedPending(database.db, minutes(60))).toBe(0);
    expect((await listAppointmentsOn(database.db, SATURDAY)).every((a) => !a.pending)).toBe(true);
  });

  it("frees a pending booking's time 15 minutes on when it is not confirmed; the link then says so", async () => {
    const wax = await typeNamed(database.db, "Eyebrow Wax");
    await bookOnline(wax, 1);
    await bookOnline(wax, 2);
    const third = await bookOnline(wax, 3);
    const heldStart = third.ok ? third.appointment.startsAt : undefined;
    const labels = async (at: Date) => {
      const listed = await listVisitTimes(
        database.db,
        { dateIso: SATURDAY, items: oneService(wax.id) },
        { now: at },
      );
      return listed.ok ? listed.slots.map((slot) => slot.startsAt) : [];
    };
    expect(await labels(minutes(14))).not.toContain(heldStart?.toISOString());
    expect(await releaseLapsedPending(database.db, minutes(14))).toBe(0);
    expect(await releaseLapsedPending(database.db, minutes(15))).toBe(1);
    expect(await labels(minutes(16))).toContain(heldStart?.toISOString());
    const token = await confirmToken("guest3@example.com");
    expect(await confirmPending(database.db, token, { now: minutes(16) })).toEqual({
      ok: false,
      kind: "lapsed",
    });
  });

  it("replays the attack: 22 bookings from one client keep 2 for good, 4 for 15 minutes, refuse 16", async () => {
    const types = await listAppointmentTypes(database.db);
    const services = types.filter((type) => !type.addOn && type.daysOfWeek.includes("Saturday"));
    const results: Awaited<ReturnType<typeof bookOnline>>[] = [];
    for (let n = 0; n < 22; n += 1) {
      results.push(await bookOnline(services[n % services.length] as AppointmentTypeView, n));
    }
    const count = (test: (r: (typeof results)[number]) => boolean) => results.filter(test).length;
    expect(count((r) => r.ok && !("pendingUntil" in r && r.pendingUntil))).toBe(2);
    expect(count((r) => r.ok && "pendingUntil" in r && r.pendingUntil !== undefined)).toBe(4);
    expect(count((r) => !r.ok && r.kind === "day-limit")).toBe(16);
    // Another client, or the same on another day, is not affected.
    const wax = await typeNamed(database.db, "Eyebrow Wax");
    expect((await bookOnline(wax, 100, "198.51.100.20")).ok).toBe(true);
    // Unconfirmed, the four go after 15 minutes: the day keeps only what was really booked.
    expect(await releaseLapsedPending(database.db, minutes(16))).toBe(4);
    const left = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.status, "booked"));
    expect(left).toHaveLength(3);
  });
});
