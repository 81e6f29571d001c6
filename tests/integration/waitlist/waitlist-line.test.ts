// The waitlist (docs/product.md#waitlist) against a real database: a full day's line; a
// cancellation offers the freed time to the first in line whose preferred times it suits, by an
// email whose link books it if it is still free; while that offer is fresh nobody else is told,
// after it the next in line is; bad input is refused and stores nothing.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { cancelByCustomer } from "~/services/appointments/manage-link.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import {
  appointments,
  closedDays,
  emailOutbox,
  waitlistEntries,
} from "~/services/db/schema.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { joinWaitlist } from "~/services/waitlist/waitlist.server";
import { confirmPlace } from "~/services/waitlist/waitlist-confirm.server";
import { findOffer, takeOffer } from "~/services/waitlist/waitlist-link.server";
import { DEFAULT_OFFER_MS, offerFreedTimes } from "~/services/waitlist/waitlist-offers.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Thursday, April 30 2026, 10:00 AM in Chicago; the line is for Saturday. */
const now = new Date("2026-04-30T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SITE = "https://salon.example";
let wax: AppointmentTypeView;
/** The manage tokens of Saturday's bookings, by their label ("2:00 PM"). */
let tokens: Map<string, string>;

const items = () => [{ typeId: wax.id, technician: "any", addOnIds: [] }];
/** Joins, and confirms the place from the emailed link (it counts only then). */
async function join(name: string, email: string, periods: string[] = [], at = now) {
  const joined = await joinWaitlist(
    database.db,
    { dateIso: SATURDAY, name, email, periods },
    items(),
    { now: at },
  );
  const [confirm] = (await offers()).filter(
    (e) => e.toAddress === email.toLowerCase() && e.subject.startsWith("Confirm your place"),
  );
  const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirm?.textBody ?? "")?.[1];
  if (token) await confirmPlace(database.db, token, at);
  return joined;
}
const offers = () => database.db.select().from(emailOutbox).orderBy(emailOutbox.nextAttemptAt);
const offerEmails = async () =>
  (await offers()).filter((email) => email.subject.startsWith("A time has opened"));
const tokenOf = (text: string) => /\/waitlist\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

async function freeLabels(at = now): Promise<string[]> {
  const listed = await listVisitTimes(
    database.db,
    { dateIso: SATURDAY, items: oneService(wax.id) },
    { now: at },
  );
  return listed.ok ? listed.slots.map((slot) => slot.label) : [];
}

beforeEach(async () => {
  await seedCatalogueOnce(database.db);
  // Eyebrow Wax: Nina only, 15 minutes. Saturday is booked full.
  wax = await typeNamed(database.db, "Eyebrow Wax");
  tokens = new Map();
  const listed = await listVisitTimes(
    database.db,
    { dateIso: SATURDAY, items: oneService(wax.id) },
    { now },
  );
  for (const slot of listed.ok ? listed.slots : []) {
    const booked = await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: wax.id,
        startsAt: slot.startsAt,
        name: "Regular Guest",
        email: "regular@example.com",
      },
      { now, siteUrl: SITE },
    );
    if (booked.ok) tokens.set(slot.label, booked.manageToken);
  }
  expect(await freeLabels()).toEqual([]);
  await database.db.delete(emailOutbox);
});

async function cancel(label: string) {
  const cancelled = await cancelByCustomer(database.db, tokens.get(label), { now });
  expect(cancelled.ok).toBe(true);
}

describe("the waitlist", () => {
  it("offers a cancelled time to the first in line, whose link books it", async () => {
    expect(await join("Ana Diaz", "Ana@Example.com")).toMatchObject({
      ok: true,
      service: "Eyebrow Wax",
    });
    expect(await join("Bea Lund", "bea@example.com")).toMatchObject({ ok: true });
    // Nothing free: nobody is told anything.
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(0);

    await cancel("2:00 PM");
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(1);
    const [email, ...others] = await offerEmails();
    expect(others).toEqual([]);
    expect(email?.toAddress).toBe("ana@example.com");
    expect(email?.subject).toContain("Saturday, May 2 2026 @ 2:00 PM");
    expect(email?.textBody).toContain("Eyebrow Wax");
    const token = tokenOf(email?.textBody ?? "");
    expect(email?.textBody).toContain(`${SITE}/waitlist?token=${token}`);
    // Another look while the offer is fresh tells no one else.
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(0);

    expect(await findOffer(database.db, token)).toMatchObject({
      name: "Ana Diaz",
      service: "Eyebrow Wax",
      booked: false,
    });
    const taken = await takeOffer(database.db, token, { now, siteUrl: SITE });
    expect(taken).toMatchObject({
      ok: true,
      appointment: { name: "Ana Diaz", technician: "Nina" },
    });
    // Counted as a waitlist booking (docs/product.md#prices-and-payments).
    const [booked] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.email, "ana@example.com"));
    expect(booked?.channel).toBe("waitlist");
    expect(await findOffer(database.db, token)).toMatchObject({ booked: true });
    // The link books once.
    expect(await takeOffer(database.db, token, { now, siteUrl: SITE })).toEqual({
      ok: false,
      kind: "booked",
    });
    const confirmations = (await offers()).filter((e) => e.toAddress === "ana@example.com");
    expect(confirmations.map((e) => e.subject).join("\n")).toMatch(
      /Saturday, May 2 2026 @ 2:00 PM/,
    );
    expect(await freeLabels()).toEqual([]);
  });

  it("tells the next in line once the first's offer is stale, and the link of a taken time says so", async () => {
    await join("Ana Diaz", "ana@example.com");
    await join("Bea Lund", "bea@example.com");
    await cancel("2:00 PM");
    await offerFreedTimes(database.db, { now, siteUrl: SITE });
    const later = new Date(now.getTime() + DEFAULT_OFFER_MS + 1000);
    expect(await offerFreedTimes(database.db, { now: later, siteUrl: SITE })).toBe(1);
    const sent = await offerEmails();
    expect(sent.map((e) => e.toAddress)).toEqual(["ana@example.com", "bea@example.com"]);
    // Bea books it first; Ana's link then finds it taken and books nothing.
    const bea = tokenOf(sent[1]?.textBody ?? "");
    expect(await takeOffer(database.db, bea, { now: later, siteUrl: SITE })).toMatchObject({
      ok: true,
    });
    const ana = tokenOf(sent[0]?.textBody ?? "");
    expect(await takeOffer(database.db, ana, { now: later, siteUrl: SITE })).toMatchObject({
      ok: false,
      kind: "unavailable",
    });
    const booked = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.email, "ana@example.com"));
    expect(booked).toEqual([]);
  });

  it("offers a time only to someone whose preferred times it suits", async () => {
    await join("Ana Diaz", "ana@example.com", ["morning"]);
    await join("Bea Lund", "bea@example.com", ["afternoon", "evening"]);
    await cancel("2:00 PM");
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(1);
    expect((await offerEmails()).map((e) => e.toAddress)).toEqual(["bea@example.com"]);
  });

  it("keeps one place per email, as it was, and refuses bad input, storing nothing", async () => {
    await join("Ana Diaz", "ana@example.com");
    // Joining again (or someone typing her address) changes nothing.
    expect(await join("Mallory", "ANA@example.com", ["evening"])).toMatchObject({ ok: true });
    const line = await database.db.select().from(waitlistEntries);
    expect(line).toHaveLength(1);
    expect(line[0]).toMatchObject({ name: "Ana Diaz", periods: [], status: "waiting" });

    expect(await join("", "not-an-email", ["noon"])).toEqual({
      ok: false,
      fieldErrors: {
        name: "Required",
        email: "Enter a valid email address",
        periods: "Choose morning, afternoon or evening",
      },
    });
    const past = await joinWaitlist(
      database.db,
      { dateIso: "2026-04-29", name: "Cy", email: "cy@example.com", periods: [] },
      items(),
      { now },
    );
    expect(past).toMatchObject({ ok: false, fieldErrors: { dateIso: expect.any(String) } });
    const unknown = await joinWaitlist(
      database.db,
      { dateIso: SATURDAY, name: "Cy", email: "cy@example.com", periods: [] },
      [{ typeId: "no-such-service", technician: "any", addOnIds: [] }],
      { now },
    );
    expect(unknown).toMatchObject({ ok: false, reason: "unreadable" });
    const nobody = await joinWaitlist(
      database.db,
      { dateIso: SATURDAY, name: "Cy", email: "cy@example.com", periods: [] },
      [{ typeId: wax.id, technician: "Somebody Else", addOnIds: [] }],
      { now },
    );
    expect(nobody).toEqual({
      ok: false,
      reason: "unreadable",
      message: "Choose one of the service's workers.",
    });
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(1);
    expect(await findOffer(database.db, "x".repeat(43))).toBeUndefined();
    expect(await takeOffer(database.db, "nope")).toEqual({ ok: false, kind: "not-found" });
  });

  it("is only for a full day: not a day with a free time, a closed day, or a day the service is not offered", async () => {
    await cancel("2:00 PM");
    expect(await join("Ana Diaz", "ana@example.com")).toEqual({
      ok: false,
      reason: "not-full",
      message: "There are free times on this day: please choose one.",
    });
    const on = (dateIso: string) =>
      joinWaitlist(
        database.db,
        { dateIso, name: "Ana Diaz", email: "ana@example.com", periods: [] },
        items(),
        { now },
      );
    // Sunday, May 3: no waxing.
    expect(await on("2026-05-03")).toMatchObject({ ok: false, reason: "not-full" });
    await database.db.insert(closedDays).values({ date: "2026-05-04" });
    expect(await on("2026-05-04")).toEqual({
      ok: false,
      reason: "not-full",
      message: "We are closed on this day: please choose another.",
    });
    expect(await database.db.select().from(waitlistEntries)).toEqual([]);
  });

  it("puts someone whose offered time another guest took back in line, in their place, and offers them the next", async () => {
    await join("Ana Diaz", "ana@example.com");
    await join("Bea Lund", "bea@example.com");
    await cancel("2:00 PM");
    await offerFreedTimes(database.db, { now, siteUrl: SITE });
    const anaLink = tokenOf((await offerEmails())[0]?.textBody ?? "");
    // A guest books 2:00 PM from the public page before Ana opens her email.
    const guest = await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: wax.id,
        startsAt: "2026-05-02T19:00:00.000Z", // 2:00 PM in Chicago
        name: "Guest",
        email: "guest@example.com",
      },
      { now },
    );
    expect(guest.ok).toBe(true);
    // Another time frees: Ana, back in her place, is offered it (half an hour on: one offer per
    // address per 30 minutes, docs/security.md#waitlist); Bea waits.
    await cancel("4:00 PM");
    const halfHourOn = new Date(now.getTime() + 30 * 60_000);
    expect(await offerFreedTimes(database.db, { now: halfHourOn, siteUrl: SITE })).toBe(1);
    const sent = await offerEmails();
    expect(sent.map((e) => [e.toAddress, e.subject.slice(-7)])).toEqual([
      ["ana@example.com", "2:00 PM"],
      ["ana@example.com", "4:00 PM"],
    ]);
    // Her first link books nothing now, and says the time was taken.
    expect(await findOffer(database.db, anaLink)).toBeUndefined();
    const second = tokenOf(sent[1]?.textBody ?? "");
    expect(await takeOffer(database.db, second, { now: halfHourOn, siteUrl: SITE })).toMatchObject({
      ok: true,
    });
  });
});
