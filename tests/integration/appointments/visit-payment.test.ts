// 'Completed' asks 'Amount charged' and 'Tip' (docs/product.md#prices-and-payments), through the
// /scheduleadmin action as React Router runs it behind the staff layout's middleware: the amounts
// stored with the mark and the activity log's record in one transaction, corrected later, checked
// on the server (nothing saved when refused), each appointment of a visit with its own, or the
// whole visit at once ('Complete Visit': an amount each or one total, one tip).
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { visitParams } from "~/domain/booking/visit-request";
import { action } from "~/routes/scheduleadmin";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, staffActions } from "~/services/db/schema.server";
import { manicureAndPedicure } from "../../support/seeded-catalogue";
import {
  asStaff,
  FIVE_DAYS_AHEAD as DAY,
  type StaffAnswer,
  setUpStaffDesk,
} from "../../support/staff-desk";

const desk = setUpStaffDesk();

function post(fields: [string, string][]): Promise<StaffAnswer> {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: desk.cookie },
  });
  return asStaff(desk.db, request, action as never, "/scheduleadmin") as Promise<StaffAnswer>;
}

/** A visit of Gel Manicure with Nail Art ($55+) and a Classic Pedicure ($45) with Nina. */
async function bookTwoServices() {
  const items = await manicureAndPedicure(desk.db);
  const listed = await listVisitTimes(desk.db, { dateIso: DAY, items }, { ignoreHolds: true });
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
  return desk.db.select().from(appointments).orderBy(desc(appointments.typeName));
}

const one = async (id: string) =>
  (await desk.db.select().from(appointments).where(eq(appointments.id, id)))[0];
/** The activity log's records of marks and amounts (the booking's own record aside). */
const log = async () =>
  (await desk.db.select().from(staffActions))
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
    expect(first.data).toMatchObject({ ok: true, message: "Marked Ana Diaz Completed" });
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
    expect(corrected.data).toMatchObject({ ok: true, message: "Saved Ana Diaz's amounts." });
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

describe("'Complete Visit': every service of a visit in one dialog, with one tip", () => {
  it("marks both services with an amount each; the tip is split by what each was charged", async () => {
    const [manicure, pedicure] = await bookTwoServices();
    if (!manicure || !pedicure) throw new Error("no visit");
    const answer = await post([
      ["intent", "complete-visit"],
      ["id", pedicure.id],
      ["split", "each"],
      [`charged-${manicure.id}`, "60"],
      [`charged-${pedicure.id}`, "$40"],
      ["tip", "10"],
    ]);
    expect(answer.data).toMatchObject({ ok: true, message: "Marked Ana Diaz Completed" });
    expect(await one(manicure.id)).toMatchObject({
      visitStatus: "completed",
      chargedCents: 6000,
      tipCents: 600,
    });
    expect(await one(pedicure.id)).toMatchObject({
      visitStatus: "completed",
      chargedCents: 4000,
      tipCents: 400,
    });
    expect(await log()).toEqual([
      expect.stringMatching(
        /^Marked Ana Diaz's visit of .* completed: Gel Manicure.* charged \$60\.00, Classic Pedicure with Nina charged \$40\.00; tip \$10\.00$/,
      ),
    ]);
  });

  it("splits one total by the services' prices, to the cent", async () => {
    const [manicure, pedicure] = await bookTwoServices();
    if (!manicure || !pedicure) throw new Error("no visit");
    // $55+ and $45: $120 is $66.00 and $54.00; the $7.01 tip follows the amounts.
    const answer = await post([
      ["intent", "complete-visit"],
      ["id", manicure.id],
      ["split", "total"],
      ["total", "120"],
      ["tip", "7.01"],
    ]);
    expect(answer.data.ok).toBe(true);
    expect(await one(manicure.id)).toMatchObject({ chargedCents: 6600, tipCents: 386 });
    expect(await one(pedicure.id)).toMatchObject({ chargedCents: 5400, tipCents: 315 });
  });

  it("refuses an unreadable amount beside its field and saves nothing for any service", async () => {
    const [manicure, pedicure] = await bookTwoServices();
    if (!manicure || !pedicure) throw new Error("no visit");
    const answer = await post([
      ["intent", "complete-visit"],
      ["id", manicure.id],
      ["split", "each"],
      [`charged-${manicure.id}`, "60"],
      [`charged-${pedicure.id}`, "forty"],
      ["tip", "5"],
    ]);
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      [`charged-${pedicure.id}`]: "Enter dollars and cents, like 45 or 45.50",
    });
    for (const id of [manicure.id, pedicure.id]) {
      expect(await one(id)).toMatchObject({ visitStatus: null, chargedCents: null });
    }
    expect(await log()).toEqual([]);
  });
});
