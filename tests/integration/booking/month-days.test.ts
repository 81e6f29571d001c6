// The booking form's month (docs/product.md#month-calendar) against a real database: each
// bookable day of the month is closed (a salon closed day), off (the service is not offered that
// weekday), free or full for the chosen service; past days and days past the horizon are absent.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SALON_TIME_ZONE, zonedDateTime } from "~/domain/booking/time-zone";
import { monthDays } from "~/services/booking/month-days.server";
import { appointments, closedDays } from "~/services/db/schema.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await seedCatalogueOnce(database.db);
});

/** Wednesday, May 13 2026, 10:00 AM in Chicago. */
const now = new Date("2026-05-13T15:00:00.000Z");

async function waxItems() {
  // Eyebrow Wax: Nina only, Monday to Saturday.
  const wax = (await listAppointmentTypes(database.db)).find((t) => t.type === "Eyebrow Wax");
  if (!wax) throw new Error("no Eyebrow Wax");
  return [{ typeId: wax.id, technician: "any", addOnIds: [] }];
}

describe("the month's days", () => {
  it("marks closed days, days the service is not offered, full days and days with a free time", async () => {
    await database.db.insert(closedDays).values({ date: "2026-05-25", note: "Memorial Day" });
    // Nina is booked from before opening to after closing on Friday the 15th.
    await database.db.insert(appointments).values({
      name: "Bridal Party",
      email: "bridal@example.com",
      typeName: "Eyebrow Wax",
      category: "Waxing",
      technician: "Nina",
      startsAt: zonedDateTime("2026-05-15", "09:00", SALON_TIME_ZONE),
      endsAt: zonedDateTime("2026-05-15", "21:00", SALON_TIME_ZONE),
      priceCents: 1800,
      channel: "staff" as const,
    });
    const answer = await monthDays(
      database.db,
      { month: "2026-05", items: await waxItems() },
      { now },
    );
    if (!answer.ok) throw new Error(answer.error);
    // From today (the 13th) to the month's end; the past is not bookable.
    expect(Object.keys(answer.days)).toHaveLength(19);
    expect(answer.days["2026-05-12"]).toBeUndefined();
    expect(answer.days).toMatchObject({
      "2026-05-13": "free",
      "2026-05-14": "free",
      "2026-05-15": "full",
      "2026-05-17": "off",
      "2026-05-25": "closed",
      "2026-05-26": "free",
    });
  });

  it("counts bookings that follow one over midnight UTC (the day's times are stored per UTC day, merged)", async () => {
    // Friday the 22nd: Lena booked without a gap from 9:00 AM to 9:00 PM in three parts; the
    // second runs over midnight UTC (7:00 PM in Chicago), the third lies wholly in the next UTC day.
    const at = (time: string) => zonedDateTime("2026-05-22", time, SALON_TIME_ZONE);
    const part = (from: string, to: string) => ({
      name: `Customer ${from}`,
      email: "customer@example.com",
      typeName: "Acrylic Removal",
      category: "Acrylic",
      technician: "Lena",
      startsAt: at(from),
      endsAt: at(to),
      priceCents: 1800,
      channel: "staff" as const,
    });
    const [, , last] = await database.db
      .insert(appointments)
      .values([part("09:00", "18:30"), part("18:30", "19:30"), part("19:30", "21:00")])
      .returning();
    // Acrylic Removal: 30 minutes, until 8:00 PM.
    const removal = (await listAppointmentTypes(database.db)).find(
      (t) => t.type === "Acrylic Removal",
    );
    const items = [{ typeId: removal?.id ?? "", technician: "Lena", addOnIds: [] }];
    const mark = async () => {
      const answer = await monthDays(database.db, { month: "2026-05", items }, { now });
      return answer.ok ? answer.days["2026-05-22"] : answer.error;
    };
    expect(await mark()).toBe("full");
    // Without the third part, 7:30 PM is free.
    await database.db.delete(appointments).where(eq(appointments.id, last?.id ?? ""));
    expect(await mark()).toBe("free");
  });

  it("without a service, says only which days are closed; refuses a month that is not one", async () => {
    await database.db.insert(closedDays).values({ date: "2026-05-25" });
    // A technician's day off closes nothing for the salon.
    await database.db.insert(closedDays).values({ date: "2026-05-26", technician: "Nina" });
    const answer = await monthDays(database.db, { month: "2026-05", items: [] }, { now });
    expect(answer.ok && answer.days["2026-05-25"]).toBe("closed");
    expect(answer.ok && answer.days["2026-05-26"]).toBe("open");
    expect(answer.ok && new Set(Object.values(answer.days))).toEqual(new Set(["open", "closed"]));
    // Beyond the booking horizon (180 days): nothing bookable.
    expect(await monthDays(database.db, { month: "2027-06", items: [] }, { now })).toEqual({
      ok: true,
      days: {},
    });
    expect(await monthDays(database.db, { month: "2026-13", items: [] }, { now })).toEqual({
      ok: false,
      error: "Choose a month.",
    });
  });

  it("answers a month again from memory until a day of it changes", async () => {
    const items = await waxItems();
    const ask = () => monthDays(database.db, { month: "2026-05", items }, { now });
    const first = await ask();
    expect(first.ok && first.days["2026-05-26"]).toBe("free");
    expect(await ask()).toBe(first);
    // Nina booked the whole of the 26th: that day's version moves, and the answer with it.
    await database.db.insert(appointments).values({
      name: "Bridal Party",
      email: "bridal@example.com",
      typeName: "Eyebrow Wax",
      category: "Waxing",
      technician: "Nina",
      startsAt: zonedDateTime("2026-05-26", "09:00", SALON_TIME_ZONE),
      endsAt: zonedDateTime("2026-05-26", "21:00", SALON_TIME_ZONE),
      priceCents: 1800,
      channel: "staff" as const,
    });
    const after = await ask();
    expect(after).not.toBe(first);
    expect(after.ok && after.days["2026-05-26"]).toBe("full");
    // A closed day touches every day's version.
    await database.db.insert(closedDays).values({ date: "2026-05-27" });
    const closed = await ask();
    expect(closed.ok && closed.days["2026-05-27"]).toBe("closed");
  });
});
