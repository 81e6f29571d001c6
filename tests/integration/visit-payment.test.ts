// 'Completed' asks 'Amount charged' and 'Tip' (docs/product.md#prices-and-payments), through the
// /scheduleadmin action as React Router runs it behind the staff layout's middleware: the amounts
// stored with the mark and the activity log's record in one transaction, corrected later, checked
// on the server (nothing saved when refused), each appointment of a visit with its own.
import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { visitParams } from "~/domain/booking/visit-request";
import { action } from "~/routes/scheduleadmin";
import { listVisit } from "~/services/booking/visit.server";
import { appointments, staffActions } from "~/services/db/schema.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession, SESSION_COOKIE, staffOnly } from "~/services/staff/session.server";
import { createTestDatabase, OPEN_TIMEOUT_MS, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let cookie: string;
beforeAll(async () => {
  database = await createTestDatabase();
}, OPEN_TIMEOUT_MS);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.reset();
  await seedCatalogueOnce(database.db);
  const created = await createOrResetStaffUser(database.db, "desk@example.com", "long password 1");
  if (!created.ok) throw new Error("no staff user");
  cookie = `${SESSION_COOKIE}=${await createSession(database.db, created.user.id)}`;
});

/** Five days ahead in the salon: past any minimum notice, inside the horizon (the clock is real). */
const DAY = salonDateOf(new Date(Date.now() + 5 * 86_400_000), SALON_TIME_ZONE);

type Answer = {
  data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
  init: { status: number };
};

/** As React Router runs a staff route: the staff layout's middleware (staffOnly), then the action. */
function post(fields: [string, string][]): Promise<Answer> {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
  const context = Object.assign(new RouterContextProvider(), {
    db: database.db,
    kickEmail: vi.fn(),
    clientAddress: "203.0.113.9",
    secure: false,
    siteUrl: "https://nails.example",
  });
  const args = {
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: "/scheduleadmin",
  };
  return Promise.resolve(
    staffOnly(args as Parameters<typeof staffOnly>[0], () =>
      Promise.resolve((action as (a: never) => unknown)(args as never) as Response),
    ),
  ).catch((thrown: unknown) => thrown) as Promise<Answer>;
}

/** A visit of Gel Manicure with Nail Art ($55+) and a Classic Pedicure ($45) with Nina. */
async function bookTwoServices() {
  const types = await listAppointmentTypes(database.db);
  const id = (name: string) => types.find((t) => t.type === name)?.id ?? "";
  const items = [
    { typeId: id("Gel Manicure"), worker: "any", addOnIds: [id("Nail Art (per nail)")] },
    { typeId: id("Classic Pedicure"), worker: "Nina", addOnIds: [] },
  ];
  const listed = await listVisit(database.db, { dateIso: DAY, items }, { ignoreHolds: true });
  const startsAt = listed.ok ? listed.slots[0]?.startsAt : undefined;
  if (!startsAt) throw new Error("no free time");
  // Booked at the front desk ('Add Appointment'), as a caller's visit.
  const booked = await post([
    ["intent", "book"],
    ["date", DAY],
    ...visitParams(items),
    ["slot", startsAt],
    ["name", "Ana Diaz"],
    ["email", "ana@example.com"],
  ]);
  if (!booked.data.ok) throw new Error(JSON.stringify(booked.data));
  // The manicure ("Gel Manicure + ...") first, whoever does it.
  return database.db.select().from(appointments).orderBy(desc(appointments.typeName));
}

const one = async (id: string) =>
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
/** The activity log's records of marks and amounts (the booking's own record aside). */
const log = async () =>
  (await database.db.select().from(staffActions))
    .map((row) => row.action)
    .filter((action) => !action.startsWith("Booked "));

describe("'Completed' with 'Amount charged' and 'Tip'", () => {
  it("stores each appointment's own amount and tip with the mark, and logs it in the same change", async () => {
    const [manicure, pedicure] = await bookTwoServices();
    if (!manicure || !pedicure) throw new Error("no visit");
    expect([manicure.price, pedicure.price]).toEqual(["$55+", "$45"]);
    // The front desk's booking is counted as such (docs/product.md#prices-and-payments).
    expect([manicure.channel, pedicure.channel]).toEqual(["staff", "staff"]);
    const first = await post([
      ["intent", "visit"],
      ["id", manicure.id],
      ["status", "completed"],
      ["charged", "62.50"],
      ["tip", "$10"],
    ]);
    expect(first.data).toMatchObject({ ok: true, message: "Marked Completed." });
    const second = await post([
      ["intent", "visit"],
      ["id", pedicure.id],
      ["status", "completed"],
      ["charged", "45"],
      ["tip", ""],
    ]);
    expect(second.data.ok).toBe(true);
    expect(await one(manicure.id)).toMatchObject({
      visitStatus: "completed",
      chargedCents: 6250,
      tipCents: 1000,
      priceCents: 5500,
    });
    expect(await one(pedicure.id)).toMatchObject({
      visitStatus: "completed",
      chargedCents: 4500,
      tipCents: 0,
    });
    expect(await log()).toEqual([
      expect.stringMatching(
        /^Marked Ana Diaz's visit of .* completed: charged \$62\.50, tip \$10\.00$/,
      ),
      expect.stringMatching(/completed: charged \$45\.00, tip \$0\.00$/),
    ]);
  });

  it.each([
    ["an empty amount", "", "5", "charged", "Enter the amount charged, like 45 or 45.50"],
    ["a negative amount", "-5", "5", "charged", "Cannot be negative"],
    ["a word", "fifty", "5", "charged", "Enter dollars and cents, like 45 or 45.50"],
    ["three decimals", "45.505", "5", "charged", "Enter dollars and cents, like 45 or 45.50"],
    ["an amount over $99,999.99", "100000", "5", "charged", "At most $99,999.99"],
    ["a negative tip", "45", "-1", "tip", "Cannot be negative"],
    ["a tip that is a word", "45", "some", "tip", "Enter dollars and cents, like 45 or 45.50"],
  ])(
    "refuses %s with a message beside the field, and saves nothing",
    async (_case, charged, tip, field, message) => {
      const [manicure] = await bookTwoServices();
      if (!manicure) throw new Error("no visit");
      const answer = await post([
        ["intent", "visit"],
        ["id", manicure.id],
        ["status", "completed"],
        ["charged", charged],
        ["tip", tip],
      ]);
      expect(answer.init.status).toBe(400);
      expect(answer.data.fieldErrors?.[field]).toBe(message);
      expect(await one(manicure.id)).toMatchObject({
        visitStatus: null,
        chargedCents: null,
        tipCents: null,
      });
      expect(await log()).toEqual([]);
    },
  );

  it("corrects the amounts later ('payment'), keeping when it was marked; only a completed visit", async () => {
    const [manicure, pedicure] = await bookTwoServices();
    if (!manicure || !pedicure) throw new Error("no visit");
    await post([
      ["intent", "visit"],
      ["id", manicure.id],
      ["status", "completed"],
      ["charged", "55"],
      ["tip", "5"],
    ]);
    const marked = (await one(manicure.id))?.visitMarkedAt;
    const corrected = await post([
      ["intent", "payment"],
      ["id", manicure.id],
      ["charged", "60"],
      ["tip", "12.25"],
    ]);
    expect(corrected.data).toMatchObject({ ok: true, message: "Amounts saved." });
    expect(await one(manicure.id)).toMatchObject({
      visitStatus: "completed",
      chargedCents: 6000,
      tipCents: 1225,
      visitMarkedAt: marked,
    });
    expect((await log())[1]).toMatch(
      /^Corrected Ana Diaz's visit of .*: charged \$60\.00, tip \$12\.25$/,
    );

    const refused = await post([
      ["intent", "payment"],
      ["id", manicure.id],
      ["charged", "-60"],
      ["tip", "0"],
    ]);
    expect(refused.data.fieldErrors).toEqual({ charged: "Cannot be negative" });
    expect(await one(manicure.id)).toMatchObject({ chargedCents: 6000, tipCents: 1225 });

    // The pedicure is not marked Completed: there is nothing to correct.
    const notCompleted = await post([
      ["intent", "payment"],
      ["id", pedicure.id],
      ["charged", "45"],
      ["tip", "0"],
    ]);
    expect(notCompleted.init.status).toBe(404);
    expect(await one(pedicure.id)).toMatchObject({ chargedCents: null, tipCents: null });
    expect(await log()).toHaveLength(2);
  });

  it("without amounts (no script) charges the booked price; clearing the mark clears them", async () => {
    const [manicure] = await bookTwoServices();
    if (!manicure) throw new Error("no visit");
    await post([
      ["intent", "visit"],
      ["id", manicure.id],
      ["status", "completed"],
    ]);
    expect(await one(manicure.id)).toMatchObject({ chargedCents: 5500, tipCents: 0 });
    await post([
      ["intent", "visit"],
      ["id", manicure.id],
      ["status", "clear"],
    ]);
    expect(await one(manicure.id)).toMatchObject({
      visitStatus: null,
      chargedCents: null,
      tipCents: null,
    });
  });
});
