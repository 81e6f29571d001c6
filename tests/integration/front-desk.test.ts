// The front desk's 'Add Appointment' against a real database (docs/product.md#front-desk), through
// the /scheduleadmin action and the /scheduleadmin/times loader as React Router runs them behind
// the staff layout's middleware: a visit of several services and add-ons booked as one visit,
// with online booking's listing and refusals (docs/product.md#visits), nothing stored when refused.
import { asc } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { visitParams } from "~/domain/booking/visit-request";
import { action } from "~/routes/scheduleadmin";
import { loader as timesLoader } from "~/routes/scheduleadmin-times";
import type { StaffTimesAnswer } from "~/services/appointments/staff-times.server";
import { listVisit } from "~/services/booking/visit.server";
import { appointments, emailOutbox, staffActions } from "~/services/db/schema.server";
import {
  type AppointmentTypeView,
  listAppointmentTypes,
} from "~/services/salon/appointment-types.server";
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

/** Five days ahead in the salon: past any minimum notice, inside the horizon (the action's clock is real). */
const DAY = salonDateOf(new Date(Date.now() + 5 * 86_400_000), SALON_TIME_ZONE);

type Answer = {
  data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
  init: { status: number };
};

/** As React Router runs a staff route: the staff layout's middleware (staffOnly), then `run`. */
function asStaff(request: Request, run: (args: never) => unknown, pattern: string) {
  const context = Object.assign(new RouterContextProvider(), {
    db: database.db,
    kickEmail: vi.fn(),
    clientAddress: "203.0.113.9",
    secure: false,
    siteUrl: "https://nails.example",
  });
  const args = { request, context, params: {}, url: new URL(request.url), pattern };
  return Promise.resolve(
    staffOnly(args as Parameters<typeof staffOnly>[0], () =>
      Promise.resolve(run(args as never) as Response),
    ),
  ).catch((thrown: unknown) => thrown);
}

function post(fields: [string, string][], as = cookie) {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams([["intent", "book"], ...fields]),
    headers: as ? { Cookie: as } : {},
  });
  return asStaff(request, action as never, "/scheduleadmin") as Promise<Answer>;
}

async function times(
  query: [string, string][],
): Promise<{ status: number; body: StaffTimesAnswer }> {
  const request = new Request(
    `http://localhost/scheduleadmin/times?${new URLSearchParams(query)}`,
    {
      headers: { Cookie: cookie },
    },
  );
  const answered = (await asStaff(
    request,
    timesLoader as never,
    "/scheduleadmin/times",
  )) as Response;
  return { status: answered.status, body: (await answered.json()) as StaffTimesAnswer };
}

async function type(name: string): Promise<AppointmentTypeView> {
  const found = (await listAppointmentTypes(database.db)).find((t) => t.type === name);
  if (!found) throw new Error(`The seed has no type named ${name}`);
  return found;
}

/** Gel Manicure with Nail Art, and a Classic Pedicure with Nina: side by side in the seed. */
async function manicureAndPedicure() {
  const manicure = await type("Gel Manicure");
  const nailArt = await type("Nail Art (per nail)");
  const pedicure = await type("Classic Pedicure");
  return [
    { typeId: manicure.id, worker: "any", addOnIds: [nailArt.id] },
    { typeId: pedicure.id, worker: "Nina", addOnIds: [] },
  ];
}

const stored = () => database.db.select().from(appointments).orderBy(asc(appointments.startsAt));

describe("'Add Appointment' of a visit", () => {
  it("lists the visit's free times as online booking does, and books it as one visit", async () => {
    const items = await manicureAndPedicure();
    const listed = await times([["date", DAY], ...visitParams(items)]);
    expect(listed.status).toBe(200);
    const online = await listVisit(database.db, { dateIso: DAY, items }, { ignoreHolds: true });
    if (!online.ok || !listed.body.ok) throw new Error("no listing");
    expect(listed.body.slots).toEqual(
      online.slots.map(({ label, startsAt }) => ({ label, startsAt })),
    );
    const slot = listed.body.slots[0];
    if (!slot) throw new Error(`no free time on ${DAY}`);

    const customer: [string, string][] = [
      ["name", "Rosa Caller"],
      ["email", "rosa@example.com"],
      ["phone", "312.555.0177"],
    ];
    const booked = await post([
      ["date", DAY],
      ...visitParams(items),
      ["slot", slot.startsAt],
      ...customer,
    ]);
    expect(booked.init.status).toBe(200);
    expect(booked.data).toMatchObject({ ok: true, dateIso: DAY });

    const rows = await stored();
    expect(rows.map((row) => [row.typeName, row.worker, row.phone])).toEqual([
      ["Gel Manicure + Nail Art (per nail)", expect.any(String), "+13125550177"],
      ["Classic Pedicure", "Nina", "+13125550177"],
    ]);
    // One visit: one id, both at the chosen start (side by side), the manage link on the first.
    expect(new Set(rows.map((row) => row.visitId)).size).toBe(1);
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([slot.startsAt, slot.startsAt]);
    expect(rows.filter((row) => row.manageTokenHash !== null)).toHaveLength(1);
    // One confirmation and one notice for the whole visit, and one record of it.
    const emails = await database.db.select().from(emailOutbox);
    expect(emails.map((email) => email.toAddress).sort()).toEqual(
      [expect.any(String), "rosa@example.com"].sort(),
    );
    const [record] = await database.db.select().from(staffActions);
    expect(record?.action).toContain("Classic Pedicure with Nina");

    // Her time is gone from the listing with the same technicians; asking for it anyway is
    // refused and stores nothing more.
    const same = items.map((item, at) => ({ ...item, worker: rows[at]?.worker ?? "any" }));
    const after = await times([["date", DAY], ...visitParams(same)]);
    expect(after.body.ok && after.body.slots.map((s) => s.startsAt)).not.toContain(slot.startsAt);
    const again = await post([
      ["date", DAY],
      ...visitParams(same),
      ["slot", slot.startsAt],
      ...customer,
    ]);
    expect(again.init.status).toBe(409);
    expect(again.data.message).toMatch(/no longer free for every service/);
    expect(await stored()).toHaveLength(2);
  });

  it("refuses what online booking refuses, saying why, and stores nothing", async () => {
    const [manicure, pedicure] = await manicureAndPedicure();
    if (!manicure || !pedicure) throw new Error("no items");
    const customer: [string, string][] = [
      ["name", "Rosa Caller"],
      ["email", "rosa@example.com"],
    ];
    const listed = await times([["date", DAY], ...visitParams([manicure, pedicure])]);
    const slot = listed.body.ok ? listed.body.slots[0] : undefined;
    if (!slot) throw new Error(`no free time on ${DAY}`);
    // A technician who does not perform the service: the listing and the booking both refuse.
    const wrong = { ...pedicure, worker: "Jade" };
    const refusedTimes = await times([["date", DAY], ...visitParams([manicure, wrong])]);
    expect(refusedTimes).toEqual({
      status: 400,
      body: { ok: false, error: "Choose one of the service's workers." },
    });
    const refused = await post([
      ["date", DAY],
      ...visitParams([manicure, wrong]),
      ["slot", slot.startsAt],
      ...customer,
    ]);
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toMatch(/not offered together/);
    // A time off the grid, and a malformed service id.
    const offGrid = new Date(Date.parse(slot.startsAt) + 7 * 60_000).toISOString();
    const notOnGrid = await post([
      ["date", DAY],
      ...visitParams([manicure, pedicure]),
      ["slot", offGrid],
      ...customer,
    ]);
    expect(notOnGrid.init.status).toBe(409);
    const badId = await times([
      ["date", DAY],
      ...visitParams([manicure, { ...pedicure, typeId: "x" }]),
    ]);
    expect(badId.status).toBe(400);
    expect(await stored()).toEqual([]);
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
    expect(await database.db.select().from(staffActions)).toEqual([]);
  });
});
