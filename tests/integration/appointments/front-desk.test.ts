// The front desk's 'Add Appointment' against a real database (docs/product.md#front-desk), through
// the /scheduleadmin action and the /scheduleadmin/times loader as React Router runs them behind
// the staff layout's middleware: a visit of several services and add-ons booked as one visit,
// with online booking's listing and refusals (docs/product.md#visits), nothing stored when refused;
// a caller booked by phone alone (no email to her from any path; her customers page, notes,
// forgetting and retention by phone); 'Existing customers' found by any part of a name, email or
// phone, for staff only.
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { visitParams } from "~/domain/booking/visit-request";
import { action } from "~/routes/scheduleadmin";
import { loader as lookupLoader } from "~/routes/scheduleadmin-customers";
import { loader as timesLoader } from "~/routes/scheduleadmin-times";
import { queueDueReminders } from "~/services/appointments/reminders.server";
import type { StaffTimesAnswer } from "~/services/appointments/staff-times.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, emailOutbox, staffActions } from "~/services/db/schema.server";
import {
  type CustomerLookupAnswer,
  findCustomers,
  readCustomer,
  saveCustomerNotes,
} from "~/services/staff/customers.server";
import { applyRetention, forgetCustomer } from "~/services/staff/retention.server";
import { manicureAndPedicure, typeNamed } from "../../support/seeded-catalogue";
import {
  asStaff,
  FIVE_DAYS_AHEAD as DAY,
  type StaffAnswer,
  setUpStaffDesk,
} from "../../support/staff-desk";

const desk = setUpStaffDesk();

function post(fields: [string, string][], as = desk.cookie) {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    // 'Book Appointment' unless the fields name another intent.
    body: new URLSearchParams(
      fields.some(([name]) => name === "intent") ? fields : [["intent", "book"], ...fields],
    ),
    headers: as ? { Cookie: as } : {},
  });
  return asStaff(desk.db, request, action as never, "/scheduleadmin") as Promise<StaffAnswer>;
}

async function times(
  query: [string, string][],
): Promise<{ status: number; body: StaffTimesAnswer }> {
  const request = new Request(
    `http://localhost/scheduleadmin/times?${new URLSearchParams(query)}`,
    {
      headers: { Cookie: desk.cookie },
    },
  );
  const answered = (await asStaff(
    desk.db,
    request,
    timesLoader as never,
    "/scheduleadmin/times",
  )) as Response;
  return { status: answered.status, body: (await answered.json()) as StaffTimesAnswer };
}

const stored = () => desk.db.select().from(appointments).orderBy(asc(appointments.startsAt));

describe("'Add Appointment' of a visit", () => {
  it("lists the visit's free times as online booking does, and books it as one visit", async () => {
    const items = await manicureAndPedicure(desk.db);
    const listed = await times([["date", DAY], ...visitParams(items)]);
    expect(listed.status).toBe(200);
    const online = await listVisitTimes(desk.db, { dateIso: DAY, items }, { ignoreHolds: true });
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
    expect(rows.map((row) => [row.typeName, row.technician, row.phone])).toEqual([
      ["Gel Manicure + Nail Art (per nail)", expect.any(String), "+13125550177"],
      ["Classic Pedicure", "Nina", "+13125550177"],
    ]);
    // One visit: one id, both at the chosen start (side by side), the manage link on the first.
    expect(new Set(rows.map((row) => row.visitId)).size).toBe(1);
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([slot.startsAt, slot.startsAt]);
    expect(rows.filter((row) => row.manageTokenHash !== null)).toHaveLength(1);
    // One confirmation and one notice for the whole visit, and one record of it.
    const emails = await desk.db.select().from(emailOutbox);
    expect(emails.map((email) => email.toAddress).sort()).toEqual(
      [expect.any(String), "rosa@example.com"].sort(),
    );
    const [record] = await desk.db.select().from(staffActions);
    expect(record?.action).toContain("Classic Pedicure with Nina");

    // Her time is gone from the listing with the same technicians; asking for it anyway is
    // refused and stores nothing more.
    const same = items.map((item, at) => ({ ...item, technician: rows[at]?.technician ?? "any" }));
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
    const [manicure, pedicure] = await manicureAndPedicure(desk.db);
    if (!manicure || !pedicure) throw new Error("no items");
    const customer: [string, string][] = [
      ["name", "Rosa Caller"],
      ["email", "rosa@example.com"],
    ];
    const listed = await times([["date", DAY], ...visitParams([manicure, pedicure])]);
    const slot = listed.body.ok ? listed.body.slots[0] : undefined;
    if (!slot) throw new Error(`no free time on ${DAY}`);
    // A technician who does not perform the service: the listing and the booking both refuse.
    const wrong = { ...pedicure, technician: "Jade" };
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
    expect(await desk.db.select().from(emailOutbox)).toEqual([]);
    expect(await desk.db.select().from(staffActions)).toEqual([]);
  });
});

/** A single service's free time on DAY, as 'Add Appointment' lists it. */
async function freeTime(serviceId: string, technician = "any"): Promise<string> {
  const listed = await times([
    ["date", DAY],
    ["service", serviceId],
    ["technician", technician],
  ]);
  const slot = listed.body.ok ? listed.body.slots[0] : undefined;
  if (!slot) throw new Error(`no free time on ${DAY}`);
  return slot.startsAt;
}

describe("'Add Appointment' of one service", () => {
  it("says in words why a time is refused, and stores nothing", async () => {
    const pedicure = await typeNamed(desk.db, "Classic Pedicure");
    const slot = await freeTime(pedicure.id);
    const ask = (startsAt: string, technician = "any") =>
      post([
        ["date", DAY],
        ["service", pedicure.id],
        ["technician", technician],
        ["slot", startsAt],
        ["name", "Rosa Caller"],
        ["phone", "312.555.0177"],
      ]);
    const offGrid = new Date(Date.parse(slot) + 7 * 60_000).toISOString();
    const refused = await ask(offGrid);
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toBe("Not booked: appointments start on the quarter hour.");
    // Jade does not do pedicures.
    const notHers = await ask(slot, "Jade");
    expect(notHers.init.status).toBe(409);
    expect(notHers.data.message).toBe("Not booked: Jade does not perform this service.");
    expect(await stored()).toEqual([]);
  });
});

const SALON_EMAIL = "hello@2x10nails.example.com";
const customerEmails = async () =>
  (await desk.db.select().from(emailOutbox)).filter((row) => row.toAddress !== SALON_EMAIL);

describe("a caller booked by phone alone", () => {
  it("is stored without an email, and no email to her is queued by booking, moving, cancelling or reminding", async () => {
    const manicure = await typeNamed(desk.db, "Gel Manicure");
    const slot = await freeTime(manicure.id, "Mara");
    const booked = await post([
      ["date", DAY],
      ["service", manicure.id],
      ["technician", "Mara"],
      ["slot", slot],
      ["name", "Pat Phoneonly"],
      ["email", ""],
      ["phone", "(312) 555-0166"],
    ]);
    expect(booked.init.status).toBe(200);
    const [row] = await stored();
    expect(row).toMatchObject({ email: null, phone: "+13125550166", name: "Pat Phoneonly" });
    if (!row) throw new Error("not stored");
    // The salon's notice goes (it lists her phone); nothing to her.
    const notices = await desk.db.select().from(emailOutbox);
    expect(notices.map((email) => email.toAddress)).toEqual([SALON_EMAIL]);
    expect(notices[0]?.replyTo).toBeNull();
    expect(notices[0]?.textBody).toContain("(312) 555-0166");

    // Moved by staff: no email to her.
    const later = await freeTime(manicure.id, "Lena");
    const moved = await post([
      ["intent", "move"],
      ["id", row.id],
      ["date", DAY],
      ["service", manicure.id],
      ["technician", "Lena"],
      ["slot", later],
    ]);
    expect(moved.data).toMatchObject({ ok: true });
    expect(await stored()).toMatchObject([{ technician: "Lena", email: null }]);
    expect(await customerEmails()).toEqual([]);

    // Her reminder is due, as is that of a customer with an email booked beside her: only the
    // other's is queued.
    const withEmail = await post([
      ["date", DAY],
      ["service", manicure.id],
      ["technician", "Sofia"],
      ["slot", later],
      ["name", "Eve Emailed"],
      ["email", "eve@example.com"],
    ]);
    expect(withEmail.data).toMatchObject({ ok: true });
    await desk.db.delete(emailOutbox);
    const startsAt = new Date(later);
    const queued = await queueDueReminders(desk.db, {
      now: new Date(startsAt.getTime() - 2 * 3_600_000),
      leadMs: 24 * 3_600_000,
    });
    expect(queued).toBe(1);
    expect((await customerEmails()).map((email) => email.toAddress)).toEqual(["eve@example.com"]);
    await desk.db.delete(emailOutbox);

    // Cancelled: the salon's notice, nothing to her.
    const cancelled = await post([
      ["intent", "cancel"],
      ["id", row.id],
    ]);
    expect(cancelled.data).toMatchObject({ ok: true });
    expect(await customerEmails()).toEqual([]);
    const all = await desk.db.select().from(emailOutbox);
    expect(all.every((email) => email.toAddress === SALON_EMAIL)).toBe(true);
  });

  it("books a visit with a phone and no email; neither refused with the message beside them, nothing saved", async () => {
    const items = await manicureAndPedicure(desk.db);
    const listed = await times([["date", DAY], ...visitParams(items)]);
    const slot = listed.body.ok ? listed.body.slots[0]?.startsAt : undefined;
    if (!slot) throw new Error(`no free time on ${DAY}`);
    const visit: [string, string][] = [["date", DAY], ...visitParams(items), ["slot", slot]];

    for (const contact of [
      [],
      [
        ["email", ""],
        ["phone", "  "],
      ],
    ] as [string, string][][]) {
      const refused = await post([...visit, ["name", "Nobody Given"], ...contact]);
      expect(refused.init.status).toBe(400);
      expect(refused.data.fieldErrors).toEqual({ contact: "Enter an email or a phone number." });
    }
    const single = await post([
      ["date", DAY],
      ["service", items[0]?.typeId ?? ""],
      ["slot", slot],
      ["name", "Nobody Given"],
    ]);
    expect(single.data.fieldErrors).toEqual({ contact: "Enter an email or a phone number." });
    expect(await stored()).toEqual([]);
    expect(await desk.db.select().from(emailOutbox)).toEqual([]);

    const booked = await post([...visit, ["name", "Pat Phoneonly"], ["phone", "312 555 0166"]]);
    expect(booked.data).toMatchObject({ ok: true });
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.email === null && row.phone === "+13125550166")).toBe(true);
    expect(await customerEmails()).toEqual([]);
  });

  it("has a customers page by phone: found, notes kept, forgotten on request, and retention forgets her visits", async () => {
    const manicure = await typeNamed(desk.db, "Gel Manicure");
    const slot = await freeTime(manicure.id);
    await post([
      ["date", DAY],
      ["service", manicure.id],
      ["slot", slot],
      ["name", "Pat Phoneonly"],
      ["phone", "312-555-0166"],
    ]);
    const [match] = await findCustomers(desk.db, "555-0166");
    expect(match).toMatchObject({ key: "tel:+13125550166", email: null, name: "Pat Phoneonly" });
    const page = await readCustomer(desk.db, "tel:+13125550166");
    expect(page).toMatchObject({ email: null, phones: ["+13125550166"], name: "Pat Phoneonly" });
    expect(page?.appointments).toHaveLength(1);
    expect(
      await saveCustomerNotes(desk.db, "tel:+13125550166", "Short square, no acetone.", "desk"),
    ).toEqual({ ok: true });
    expect((await readCustomer(desk.db, "tel:+13125550166"))?.notes?.note).toBe(
      "Short square, no acetone.",
    );
    // Upcoming: not forgotten yet. Once her visit is past, 'Forget Customer' forgets her.
    expect(await forgetCustomer(desk.db, "tel:+13125550166")).toMatchObject({
      ok: false,
      kind: "upcoming",
    });
    const afterVisit = new Date(Date.parse(slot) + 86_400_000);
    expect(await forgetCustomer(desk.db, "tel:+13125550166", afterVisit)).toMatchObject({
      ok: true,
      appointments: 1,
    });
    expect(await readCustomer(desk.db, "tel:+13125550166")).toBeUndefined();
    expect((await stored())[0]).toMatchObject({ name: "Forgotten customer", phone: null });

    // Retention: a phone-only visit three years old loses her details too.
    await post([
      ["date", DAY],
      ["service", manicure.id],
      ["slot", await freeTime(manicure.id)],
      ["name", "Old Caller"],
      ["phone", "312-555-0155"],
    ]);
    await applyRetention(desk.db, new Date(Date.parse(slot) + 4 * 366 * 86_400_000));
    expect(await readCustomer(desk.db, "tel:+13125550155")).toBeUndefined();
  });
});

describe("'Existing customers' lookup", () => {
  async function lookup(q: string, as = desk.cookie) {
    const request = new Request(
      `http://localhost/scheduleadmin/customers?${new URLSearchParams({ q })}`,
      {
        headers: as ? { Cookie: as } : {},
      },
    );
    return asStaff(desk.db, request, lookupLoader as never, "/scheduleadmin/customers");
  }
  const names = async (q: string) => {
    const answered = (await lookup(q)) as Response;
    expect(answered.status).toBe(200);
    expect(answered.headers.get("Cache-Control")).toBe("no-store");
    const body = (await answered.json()) as CustomerLookupAnswer;
    return body.ok ? body.customers.map((customer) => customer.name) : [];
  };

  it("finds a customer by part of her phone in any format, by name and by email", async () => {
    const manicure = await typeNamed(desk.db, "Gel Manicure");
    for (const [name, email, phone] of [
      ["Maya Lopez", "maya@example.com", "312.555.0101"],
      ["Pat Phoneonly", "", "(773) 555-0199"],
    ] as const) {
      const answer = await post([
        ["date", DAY],
        ["service", manicure.id],
        ["slot", await freeTime(manicure.id)],
        ["name", name],
        ["email", email],
        ["phone", phone],
      ]);
      expect(answer.data).toMatchObject({ ok: true });
    }
    for (const typed of [
      "312-555",
      "5550101",
      "(312) 555",
      "+1 312 555 01",
      "maya",
      "MAYA@EXAMPLE",
    ]) {
      expect(await names(typed), typed).toEqual(["Maya Lopez"]);
    }
    for (const typed of ["773-555", "5550199", "phoneonly"]) {
      expect(await names(typed), typed).toEqual(["Pat Phoneonly"]);
    }
    const answered = (await lookup("5550199")) as Response;
    expect(await answered.json()).toEqual({
      ok: true,
      customers: [
        { key: "tel:+17735550199", name: "Pat Phoneonly", email: null, phone: "+17735550199" },
      ],
    });
    expect(await names("x")).toEqual([]);
  });

  it("is refused without a staff session: a redirect to /login, or 401 for a data request", async () => {
    const page = await lookup("maya", "");
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/login");
    const request = new Request("http://localhost/scheduleadmin/customers.data?q=maya");
    const data = (await asStaff(
      desk.db,
      request,
      lookupLoader as never,
      "/scheduleadmin/customers",
    )) as {
      init: { status: number };
      data: unknown;
    };
    expect(data.init.status).toBe(401);
    expect(JSON.stringify(data.data)).not.toContain("maya");
  });
});
