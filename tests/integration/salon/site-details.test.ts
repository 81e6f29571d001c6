// 'Business Details', 'Opening Hours' and 'Special Hours' on a real database (docs/product.md#the-site):
// what a wrong value is told, that it changes nothing, what the pages and the booking engine read
// afterwards, and which booked appointments the owner is told to call.
import { describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { detailsFormOf, hoursFormOf } from "~/domain/salon/site-forms";
import { bookAppointment } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { saveDetails, saveHours } from "~/services/salon/details-form.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import {
  bookedOutsideHours,
  holidaySuggestions,
  saveSpecialHours,
  usHolidays,
} from "~/services/salon/special-hours.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const now = new Date("2026-04-29T15:00:00.000Z"); // Wednesday 10:00 AM in Chicago
const SATURDAY = "2026-05-02";

async function currentForm(): Promise<Record<string, string>> {
  return detailsFormOf((await readSalonFacts(database.db)).details);
}

describe("Business Details", () => {
  it("refuses a phone that is not a US number, a social URL off its network, a bad email, and changes nothing", async () => {
    const before = await readSalonFacts(database.db);
    const form = await currentForm();
    const result = await saveDetails(database.db, {
      ...form,
      phone: "+44 20 7946 0958",
      instagramUrl: "https://evil.example.com/instagram.com/salon",
      facebookUrl: "http://www.facebook.com/salon",
      email: "not an email",
      state: "Illinois",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        phone: "Enter a US phone number, like (312) 555-0142",
        instagramUrl:
          "Enter the address of your Instagram page, starting https://www.instagram.com/",
        facebookUrl: "Enter the address of your Facebook page, starting https://www.facebook.com/",
        email: "Enter an email address, like hello@example.com",
        state: "Enter the state's two letters, like IL",
      },
    });
    expect(await readSalonFacts(database.db)).toEqual(before);
  });

  it("saves a US phone however it is written, shown as people write it, and a social page", async () => {
    const form = await currentForm();
    const saved = await saveDetails(database.db, {
      ...form,
      phone: "312.555.0123",
      instagramUrl: "https://www.instagram.com/twobyten",
      state: "il",
    });
    expect(saved.ok).toBe(true);
    const { details } = await readSalonFacts(database.db);
    expect(details.phone).toBe("(312) 555-0123");
    expect(details.phoneE164).toBe("+13125550123");
    expect(details.address.region).toBe("IL");
    expect(details.social).toContainEqual({
      network: "Instagram",
      url: "https://www.instagram.com/twobyten",
    });
  });
});

describe("Opening Hours", () => {
  it("keeps a midday break, refuses a day that closes before it opens, and the engine offers no time across the break", async () => {
    await seedCatalogueOnce(database.db);
    const { details } = await readSalonFacts(database.db);
    const form = hoursFormOf(details.hours);
    const refused = await saveHours(database.db, { ...form, "saturday-closes": "09:00" });
    expect(refused).toEqual({
      ok: false,
      fieldErrors: { "saturday-closes": "Closes after it opens" },
    });

    const saved = await saveHours(database.db, {
      ...form,
      "saturday-closes": "13:00",
      "saturday-opensAgain": "14:00",
      "saturday-closesAgain": "19:00",
      "sunday-closed": "on",
    });
    expect(saved.ok).toBe(true);
    const week = (await readSalonFacts(database.db)).details.hours;
    expect(week.Saturday).toEqual([
      { start: "10:00", end: "13:00" },
      { start: "14:00", end: "19:00" },
    ]);
    expect(week.Sunday).toBeUndefined();

    const type = (await listAppointmentTypes(database.db)).find((t) => t.durationMin === 60);
    if (!type) throw new Error("No 60-minute service in the seed");
    const listed = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      { now },
    );
    if (!listed.ok) throw new Error(listed.error);
    const labels = listed.slots.map((slot) => slot.label);
    expect(labels).toContain("12:00 PM");
    expect(labels).not.toContain("12:30 PM");
    expect(labels).not.toContain("1:00 PM");
    expect(labels).toContain("2:00 PM");
  });

  it("lists appointments already booked outside new hours, with their phone, and keeps them booked", async () => {
    await seedCatalogueOnce(database.db);
    const type = (await listAppointmentTypes(database.db)).find((t) => t.durationMin === 60);
    if (!type) throw new Error("No 60-minute service in the seed");
    const booked = await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: type.id,
        startsAt: "2026-05-02T22:00:00.000Z", // 5:00 PM
        technician: "any",
        name: "Late Lena",
        email: "lena@example.com",
        phone: "(312) 555-0111",
      },
      { now },
    );
    expect(booked.ok).toBe(true);
    expect(
      await bookedOutsideHours(database.db, await readSalonFacts(database.db, now), now),
    ).toEqual([]);

    await saveSpecialHours(database.db, undefined, {
      from: SATURDAY,
      opens: "10:00",
      closes: "15:00",
      note: "Christmas Eve",
    });
    const outside = await bookedOutsideHours(
      database.db,
      await readSalonFacts(database.db, now),
      now,
    );
    expect(outside.map((a) => [a.name, a.phone])).toEqual([["Late Lena", "(312) 555-0111"]]);
  });
});

describe("Special Hours", () => {
  it("refuses a range that ends before it starts, and hours that close before they open", async () => {
    expect(
      await saveSpecialHours(database.db, undefined, {
        from: SATURDAY,
        to: "2026-05-01",
        closed: "on",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { to: "Ends on or after the first day" } });
    expect(
      await saveSpecialHours(database.db, undefined, {
        from: SATURDAY,
        opens: "15:00",
        closes: "10:00",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { closes: "Closes after it opens" } });
    expect((await readSalonFacts(database.db)).special).toEqual([]);
  });

  it("suggests the coming US holidays that no special hours cover", () => {
    expect(usHolidays(2026).map((h) => h.dateIso)).toEqual([
      "2026-01-01",
      "2026-05-25",
      "2026-07-04",
      "2026-09-07",
      "2026-11-26",
      "2026-12-24",
      "2026-12-25",
      "2026-12-31",
    ]);
    const covered = [{ fromDate: "2026-12-24", toDate: "2026-12-26" }];
    expect(holidaySuggestions("2026-11-27", covered).map((h) => h.name)).toEqual([
      "New Year's Eve",
      "New Year's Day",
    ]);
  });
});
