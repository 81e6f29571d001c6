// The schedule admin against a real database (PGlite here, PostgreSQL when TEST_DATABASE_URL is
// set): appointment types created, updated, duplicated and removed with the server's own checks;
// the day's list in salon time; cancelling frees the slot and queues the emails; and the route,
// behind the staff layout's middleware, refuses anyone without a staff session. Every server call passes a fixed `now` where the
// outcome depends on the date.
import { asc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { business } from "~/content/business";
import { oneService } from "~/domain/booking/visit-request";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { staffOnly } from "~/lib/staff-only.server";
import { action, loader } from "~/routes/scheduleadmin";
import {
  cancelAppointment,
  listAppointmentsOn,
} from "~/services/appointments/staff-schedule.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import {
  appointments,
  appointmentTypes,
  emailOutbox,
  staffActions,
} from "~/services/db/schema.server";
import { log } from "~/services/platform/logger.server";
import {
  createAppointmentType,
  duplicateAppointmentType,
  listAppointmentTypesForStaff,
  readAppointmentTypeForm,
  removeAppointmentType,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  // Refused requests are logged as warnings by the action (spec section 8); the tests run with
  // LOG_LEVEL=silent (vitest.config.ts).
  // The services below choose from this team (docs/product.md#team).
  await ensureTechnicians(database.db, ["Wren", "Ivy"]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Friday, May 1 2026, 10:00 AM in Chicago (CDT, UTC-5). */
const now = new Date("2026-05-01T15:00:00.000Z");
/** The next day: Saturday, open 10:00-19:00. */
const SATURDAY = "2026-05-02";
const SAT_10_00 = "2026-05-02T15:00:00.000Z";

/** The create form as a browser posts it (text fields and the checked weekdays). */
const form = {
  type: "Gel Manicure",
  category: "Manicure",
  startTime: "10:00",
  endTime: "19:00",
  durationMin: "45",
  price: "$50",
  description: "A long-lasting gel colour with cuticle care.",
  daysOfWeek: ["Saturday", "Monday"],
  technicians: "Wren, Ivy",
};

const customer = { name: "Grace Hopper", email: "grace@example.com" };

async function storedTypes() {
  return database.db.select().from(appointmentTypes).orderBy(asc(appointmentTypes.createdAt));
}

async function createType(overrides: Record<string, unknown> = {}) {
  const result = await createAppointmentType(database.db, { ...form, ...overrides }, { now });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.type;
}

async function book(typeId: string, overrides: Record<string, unknown> = {}) {
  const result = await bookAppointment(
    database.db,
    {
      dateIso: SATURDAY,
      typeId,
      startsAt: SAT_10_00,
      technician: "Wren",
      ...customer,
      ...overrides,
    },
    { now },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.appointment;
}

/** An .ics file's content lines, with RFC 5545 folding undone. */
function icsLines(content: string): string[] {
  return content.replace(/\r\n /g, "").split("\r\n");
}

describe("appointment types", () => {
  it("creates a type from the form, storing the weekdays comma-separated without spaces", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...form, daysOfWeek: undefined })) {
      if (typeof value === "string") body.set(name, value);
    }
    // Repeated checkboxes, and a hand-typed list with spaces, both end up the same.
    body.append("daysOfWeek", "Saturday");
    body.append("daysOfWeek", " Monday");
    const fromForm = await createAppointmentType(database.db, readAppointmentTypeForm(body), {
      now,
    });
    expect(fromForm).toMatchObject({ ok: true, type: { daysOfWeek: ["Monday", "Saturday"] } });
    await createType({ type: "Typed", daysOfWeek: "Tuesday, Monday ,  Sunday" });

    const rows = await storedTypes();
    expect(rows.map((row) => row.daysOfWeek)).toEqual(["Monday,Saturday", "Monday,Tuesday,Sunday"]);
    expect(rows[0]).toMatchObject({
      type: "Gel Manicure",
      category: "Manicure",
      startTime: "10:00",
      endTime: "19:00",
      durationMin: 45,
      price: "$50",
      technicians: ["Wren", "Ivy"],
    });
  });

  it.each([
    ["every field empty", Object.fromEntries(Object.keys(form).map((k) => [k, ""])), "type"],
    ["a duration of zero", { durationMin: "0" }, "durationMin"],
    ["a duration that is not a number", { durationMin: "soon" }, "durationMin"],
    ["a fractional duration", { durationMin: "22.5" }, "durationMin"],
    ["a duration off the 5-minute steps", { durationMin: "42" }, "durationMin"],
    ["a duration over 480 minutes", { durationMin: "485" }, "durationMin"],
    ["an end before the start", { startTime: "15:00", endTime: "11:00" }, "endTime"],
    ["an end equal to the start", { startTime: "11:00", endTime: "11:00" }, "endTime"],
    ["no weekday", { daysOfWeek: [] }, "daysOfWeek"],
    ["an unknown weekday", { daysOfWeek: ["Funday"] }, "daysOfWeek"],
    ["no technician", { technicians: " , " }, "technicians"],
    ["a price that is a word", { price: "free" }, "price"],
    ["a negative price", { price: "-$5" }, "price"],
    ["a price with three decimals", { price: "$5.555" }, "price"],
    ["a price over $99,999.99", { price: "$100,000" }, "price"],
    ["a type name over 80 characters", { type: "t".repeat(81) }, "type"],
    ["a description over 1000 characters", { description: "d".repeat(1001) }, "description"],
  ])("refuses %s with a field error and stores nothing", async (_case, overrides, field) => {
    const result = await createAppointmentType(database.db, { ...form, ...overrides }, { now });
    expect(result).toMatchObject({ ok: false, kind: "invalid" });
    if (result.ok || result.kind !== "invalid") throw new Error("expected field errors");
    expect(result.fieldErrors[field]).toEqual(expect.any(String));
    expect(await storedTypes()).toEqual([]);
  });

  it("marks every empty field at once", async () => {
    const empty = Object.fromEntries(Object.keys(form).map((key) => [key, ""]));
    const result = await createAppointmentType(database.db, empty, { now });
    if (result.ok || result.kind !== "invalid") throw new Error("expected field errors");
    expect(Object.keys(result.fieldErrors).sort()).toEqual(Object.keys(form).sort());
  });

  it("updates a type with the same checks, and answers not-found for an unknown id", async () => {
    const type = await createType();
    const later = new Date(now.getTime() + 60_000);
    const updated = await updateAppointmentType(
      database.db,
      type.id,
      { ...form, price: "$55", daysOfWeek: "Sunday , Friday" },
      { now: later },
    );
    expect(updated).toMatchObject({ ok: true, type: { id: type.id, price: "$55" } });
    const [row] = await storedTypes();
    expect(row).toMatchObject({ price: "$55", daysOfWeek: "Friday,Sunday", updatedAt: later });

    const refused = await updateAppointmentType(database.db, type.id, {
      ...form,
      price: "55 dollars",
    });
    expect(refused).toMatchObject({ ok: false, kind: "invalid", fieldErrors: { price: /\$50/ } });
    expect((await storedTypes())[0]?.price).toBe("$55");

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", undefined]) {
      expect(await updateAppointmentType(database.db, id, form)).toEqual({
        ok: false,
        kind: "not-found",
      });
    }
  });

  it("duplicates a type under a new id, listed right after its original", async () => {
    const original = await createType();
    const other = await createType({ type: "Zen Manicure" });
    const copy = await duplicateAppointmentType(database.db, original.id, { now });
    if (!copy.ok) throw new Error(JSON.stringify(copy));
    expect(copy.type.id).not.toBe(original.id);
    expect({ ...copy.type, id: original.id }).toEqual(original);

    const listed = await listAppointmentTypesForStaff(database.db);
    expect(listed.map((type) => type.id)).toEqual([original.id, copy.type.id, other.id]);
    expect(
      await duplicateAppointmentType(database.db, "00000000-0000-4000-8000-000000000000"),
    ).toEqual({ ok: false, kind: "not-found" });
  });

  it("removes a type; its appointments keep their type name and stay listed", async () => {
    const type = await createType();
    const appointment = await book(type.id);

    expect(await removeAppointmentType(database.db, type.id)).toEqual({
      ok: true,
      id: type.id,
      name: type.type,
    });
    expect(await storedTypes()).toEqual([]);
    const [row] = await database.db.select().from(appointments);
    expect(row).toMatchObject({ id: appointment.id, typeId: null, typeName: "Gel Manicure" });
    const listed = await listAppointmentsOn(database.db, SATURDAY);
    expect(listed).toMatchObject([{ id: appointment.id, typeName: "Gel Manicure" }]);

    expect(await removeAppointmentType(database.db, type.id)).toEqual({
      ok: false,
      kind: "not-found",
    });
  });
});

describe("listAppointmentsOn", () => {
  async function insert(name: string, startsAt: string, extra: Record<string, unknown> = {}) {
    const start = new Date(startsAt);
    await database.db.insert(appointments).values({
      name,
      email: `${name.toLowerCase()}@example.com`,
      phone: null,
      typeName: "Manicure",
      category: "Manicure",
      technician: name,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      priceCents: 3500,
      channel: "staff" as const,
      ...extra,
    });
  }

  it("lists the salon day's booked appointments in start order, in salon time, with 'No Phone'", async () => {
    // Saturday May 2 in Chicago runs from 05:00Z to 05:00Z the next day (CDT).
    await insert("Late", "2026-05-03T00:30:00.000Z", { phone: "(312) 555-0100" }); // 7:30 PM
    await insert("Early", "2026-05-02T15:00:00.000Z"); // 10:00 AM
    await insert("Noon", "2026-05-02T17:00:00.000Z", { status: "cancelled" });
    await insert("Friday", "2026-05-02T04:30:00.000Z"); // Friday 11:30 PM in Chicago
    await insert("Sunday", "2026-05-03T05:00:00.000Z"); // Sunday midnight in Chicago

    const listed = await listAppointmentsOn(database.db, SATURDAY);
    expect(
      listed.map(({ name, startLabel, phone, phoneLabel }) => ({
        name,
        startLabel,
        phone,
        phoneLabel,
      })),
    ).toEqual([
      { name: "Early", startLabel: "10:00 AM", phone: null, phoneLabel: "No Phone" },
      {
        name: "Late",
        startLabel: "7:30 PM",
        phone: "(312) 555-0100",
        phoneLabel: "(312) 555-0100",
      },
    ]);
    expect(await listAppointmentsOn(database.db, "2026-02-30")).toEqual([]);
  });

  it("follows the salon's calendar on a daylight-saving day", async () => {
    // Sunday March 8 2026: clocks go forward at 2 AM, so the day starts at 06:00Z (CST).
    await insert("Before", "2026-03-08T05:30:00.000Z"); // Saturday 11:30 PM CST
    await insert("Morning", "2026-03-08T15:00:00.000Z"); // 10:00 AM CDT
    const listed = await listAppointmentsOn(database.db, "2026-03-08");
    expect(listed.map((a) => [a.name, a.startLabel])).toEqual([["Morning", "10:00 AM"]]);
  });
});

describe("cancelAppointment", () => {
  it("frees the slot at once and queues the customer's cancellation and the salon's notice", async () => {
    const type = await createType({ technicians: "Wren" });
    const labels = async () => {
      const result = await listVisitTimes(
        database.db,
        { dateIso: SATURDAY, items: oneService(type.id) },
        { now },
      );
      if (!result.ok) throw new Error(result.error);
      return result.slots.map((slot) => slot.label);
    };
    const appointment = await book(type.id);
    expect(await labels()).not.toContain("10:00 AM");

    const cancelled = await cancelAppointment(database.db, appointment.id, {
      now,
      cancelledBy: "owner@example.com",
    });
    expect(cancelled).toMatchObject({ ok: true, appointment: { id: appointment.id } });
    const [row] = await database.db.select().from(appointments);
    expect(row).toMatchObject({ status: "cancelled", cancelledAt: now });
    expect(await labels()).toContain("10:00 AM");
    expect(await listAppointmentsOn(database.db, SATURDAY)).toEqual([]);
    // The constraint lets the same technician be booked at that time again.
    await book(type.id, { name: "Ada Lovelace", email: "ada@example.com" });

    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like 'Cancelled%'`);
    expect(emails).toHaveLength(2);
    const toCustomer = emails.find((email) => email.toAddress === customer.email);
    const notice = emails.find((email) => email.toAddress === business.email);
    const dateString = "Saturday, May 2 2026 @ 10:00 AM with Wren";
    expect(toCustomer?.subject).toContain(dateString);
    expect(toCustomer?.textBody).toContain("has been cancelled");
    expect(toCustomer?.htmlBody).toContain(dateString);
    expect(notice?.textBody).toContain("No Phone");
    expect(notice?.textBody).toContain("Cancelled by: owner@example.com");
    expect(notice?.replyTo).toBe(customer.email);
    for (const email of [toCustomer, notice]) {
      const [ics] = email?.attachments ?? [];
      expect(ics?.contentType).toContain("method=PUBLISH");
      const lines = icsLines(ics?.content ?? "");
      expect(lines).toContain("METHOD:PUBLISH");
      expect(lines).toContain(`UID:${appointment.id}@2x10nails`);
      expect(lines).toContain("SEQUENCE:1");
      expect(lines).toContain("STATUS:CANCELLED");
      expect(lines).toContain("DTSTART:20260502T150000Z");
    }
  });

  it("refuses a second cancel, an appointment that has started and an unknown id", async () => {
    const type = await createType();
    const appointment = await book(type.id);
    const started = new Date(new Date(SAT_10_00).getTime() + 60_000);
    expect(await cancelAppointment(database.db, appointment.id, { now: started })).toEqual({
      ok: false,
      kind: "not-cancellable",
    });
    expect((await cancelAppointment(database.db, appointment.id, { now })).ok).toBe(true);
    expect(await cancelAppointment(database.db, appointment.id, { now })).toEqual({
      ok: false,
      kind: "not-cancellable",
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "x", 42]) {
      expect(await cancelAppointment(database.db, id, { now })).toEqual({
        ok: false,
        kind: "not-found",
      });
    }
  });

  it("cancels and queues its emails together or not at all", async () => {
    const type = await createType();
    const appointment = await book(type.id);
    await database.db.execute(
      sql.raw(
        `alter table email_outbox add constraint test_refuse_notice check (subject not like 'Cancelled: Gel%')`,
      ),
    );
    try {
      await expect(cancelAppointment(database.db, appointment.id, { now })).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table email_outbox drop constraint test_refuse_notice`);
    }
    const [row] = await database.db.select().from(appointments);
    expect(row?.status).toBe("booked");
    expect(await database.db.select().from(emailOutbox)).toHaveLength(2); // the booking's two
  });
});

describe("the /scheduleadmin route", () => {
  type ActionArgs = Parameters<typeof action>[0];
  type Answer = {
    data: { ok: boolean; fieldErrors?: Record<string, string> };
    init: { status: number };
  };

  const context = () =>
    Object.assign(new RouterContextProvider(), {
      db: database.db,
      kickEmail: vi.fn(),
      clientAddress: "203.0.113.9",
      secure: false,
    });

  type RouteArgs = ActionArgs & Parameters<typeof loader>[0];

  /** As React Router runs a staff route: the staff layout's middleware (staffOnly), then `run`. */
  function asStaffRoute(request: Request, run: (args: RouteArgs) => unknown) {
    const args = {
      request,
      context: context(),
      params: {},
      url: new URL(request.url),
      pattern: "/scheduleadmin",
    };
    return Promise.resolve(
      staffOnly(args, () => Promise.resolve(run(args as RouteArgs) as Response)),
    ).catch((thrown: unknown) => thrown);
  }

  function post(fields: Record<string, string | string[]>, cookie?: string) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    const request = new Request("http://localhost/scheduleadmin", {
      method: "POST",
      body,
      headers: cookie ? { Cookie: cookie } : {},
    });
    return asStaffRoute(request, action);
  }

  async function staffCookie() {
    const created = await createOrResetStaffUser(
      database.db,
      "owner@example.com",
      "long password 1",
    );
    if (!created.ok) throw new Error("no staff user");
    return `${SESSION_COOKIE}=${await createSession(database.db, created.user.id)}`;
  }

  async function futureAppointment() {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const [row] = await database.db
      .insert(appointments)
      .values({
        ...customer,
        typeName: "Gel Manicure",
        category: "Manicure",
        technician: "Wren",
        startsAt: start,
        endsAt: new Date(start.getTime() + 45 * 60_000),
        priceCents: 5000,
        channel: "staff" as const,
      })
      .returning();
    if (!row) throw new Error("no row");
    return row;
  }

  it("refuses an anonymous request with a redirect to /login and changes nothing", async () => {
    const appointment = await futureAppointment();
    const requests: Record<string, string | string[]>[] = [
      { intent: "create", ...form },
      { intent: "cancel", id: appointment.id },
    ];
    for (const fields of requests) {
      const thrown = await post(fields);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe("/login");
    }
    // A forged cookie is no session either.
    const forged = await post({ intent: "create", ...form }, `${SESSION_COOKIE}=${"A".repeat(43)}`);
    expect((forged as Response).headers.get("Location")).toBe("/login");

    expect(await storedTypes()).toEqual([]);
    const [row] = await database.db.select().from(appointments);
    expect(row?.status).toBe("booked");
    expect(await database.db.select().from(emailOutbox)).toEqual([]);

    const request = new Request("http://localhost/scheduleadmin");
    const page = await asStaffRoute(request, loader);
    expect((page as Response).headers.get("Location")).toBe("/login");
  });

  it("answers a staff member's intents: written, refused with field errors, or not found", async () => {
    const cookie = await staffCookie();
    const created = (await post({ intent: "create", ...form }, cookie)) as Answer;
    expect(created.init.status).toBe(200);
    expect(created.data).toMatchObject({ ok: true, intent: "create", id: expect.any(String) });

    const refused = (await post({ intent: "create", ...form, durationMin: "7" }, cookie)) as Answer;
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { durationMin: expect.any(String) },
    });

    const missing = (await post({ intent: "remove", id: crypto.randomUUID() }, cookie)) as Answer;
    expect(missing.init.status).toBe(404);
    const unknown = (await post({ intent: "explode" }, cookie)) as Answer;
    expect(unknown.init.status).toBe(400);
    expect(await storedTypes()).toHaveLength(1);

    const appointment = await futureAppointment();
    const cancelled = (await post({ intent: "cancel", id: appointment.id }, cookie)) as Answer;
    expect(cancelled.data).toMatchObject({ ok: true, intent: "cancel" });
    const again = (await post({ intent: "cancel", id: appointment.id }, cookie)) as Answer;
    expect(again.init.status).toBe(409);
  });

  it("refuses a no-show before the appointment's start, says why and saves nothing", async () => {
    const cookie = await staffCookie();
    const appointment = await futureAppointment();
    const early = (await post(
      { intent: "visit", id: appointment.id, status: "no_show" },
      cookie,
    )) as Answer & { data: { message?: string } };
    expect(early.init.status).toBe(409);
    expect(early.data).toMatchObject({
      ok: false,
      intent: "visit",
      message: "No-show can be marked only once the appointment has started.",
    });
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ visitStatus: null, visitMarkedAt: null });
    expect(await database.db.select().from(staffActions)).toEqual([]);
    // 'Arrived' is its day's mark, before the start too.
    const arrived = (await post(
      { intent: "visit", id: appointment.id, status: "arrived" },
      cookie,
    )) as Answer;
    expect(arrived.data).toMatchObject({ ok: true, intent: "visit" });
  });

  it("refuses a move to a technician who does not perform the service, saying so; nothing moves", async () => {
    const cookie = await staffCookie();
    const type = await createType();
    await ensureTechnicians(database.db, ["Nia"]);
    const appointment = await futureAppointment();
    const refused = (await post(
      {
        intent: "move",
        id: appointment.id,
        date: SATURDAY,
        service: type.id,
        technician: "Nia",
        slot: SAT_10_00,
      },
      cookie,
    )) as Answer & { data: { message?: string } };
    expect(refused.init.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      intent: "move",
      message: "Not moved: Nia does not perform this service.",
    });
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ technician: "Wren", startsAt: appointment.startsAt, sequence: 0 });
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it("logs an unexpected failure and answers 500, writing nothing", async () => {
    const cookie = await staffCookie();
    const appointment = await futureAppointment();
    const logged = vi.spyOn(log, "error");
    await database.db.execute(
      sql.raw(`alter table email_outbox add constraint test_refuse_all check (false) not valid`),
    );
    try {
      const answer = (await post({ intent: "cancel", id: appointment.id }, cookie)) as Answer;
      expect(answer.init.status).toBe(500);
      expect(answer.data).toMatchObject({ ok: false });
    } finally {
      await database.db.execute(sql`alter table email_outbox drop constraint test_refuse_all`);
    }
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ intent: "cancel", err: expect.any(Error) }),
      "Schedule admin action failed",
    );
    const [row] = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row?.status).toBe("booked");
  });
});
