// Booking against a real database (PGlite here, PostgreSQL when TEST_DATABASE_URL is set): the
// first-start catalogue seed, the slot list, confirm-time recomputation, the outbox emails in the
// booking's transaction, and the exclusion constraint under 50 simultaneous confirms.
// Every call passes a fixed `now`: the tests never depend on the real date.
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { oneService } from "~/domain/booking/visit-request";
import { bookAppointment } from "~/services/booking/booking.server";
import {
  busyDaysSql,
  busyOfDays,
  busyOn,
  dayBounds,
  type TechnicianBusyDay,
} from "~/services/booking/busy-times.server";
import { arriveEarlyText } from "~/services/booking/visit-lines.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, appointmentTypes, emailOutbox } from "~/services/db/schema.server";
import {
  type AppointmentTypeView,
  listAppointmentTypes,
} from "~/services/salon/appointment-types.server";
import { catalogueRows, seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Friday, May 1 2026, 10:00 AM in Chicago (CDT, UTC-5). */
const now = new Date("2026-05-01T15:00:00.000Z");
const options = { now };
/** The next day: Saturday, open 10:00-19:00. */
const SATURDAY = "2026-05-02";
/** Saturday 10:00 AM CDT, as the slot list and the confirm form write it. */
const SAT_10_00 = "2026-05-02T15:00:00.000Z";

// From the seed (catalogue-seed.server.ts): Manicure has three technicians, Waxing only Nina.
const THREE_TECHNICIAN_TYPE = "Reg Mani/Pedi"; // Mara, Lena, Sofia; 75 min; $70
const ONE_TECHNICIAN_TYPE = "Eyebrow Wax"; // Nina; 15 min; $18

const customer = { name: "Maya Lopez", email: "maya@example.com", phone: "(312) 555-0199" };

async function seededType(name: string): Promise<AppointmentTypeView> {
  await seedCatalogueOnce(database.db);
  return typeNamed(database.db, name);
}

function request(type: AppointmentTypeView, overrides: Record<string, unknown> = {}) {
  return {
    dateIso: SATURDAY,
    typeId: type.id,
    startsAt: SAT_10_00,
    technician: "any",
    ...customer,
    ...overrides,
  };
}

async function storedRows() {
  return {
    appointments: await database.db
      .select()
      .from(appointments)
      .orderBy(asc(appointments.technician)),
    emails: await database.db.select().from(emailOutbox),
  };
}

/** An appointment written straight to the table, past the booking code. */
const row = (technician: string, from: string, to: string, status: "booked" | "cancelled") => ({
  name: "Direct Insert",
  email: "direct@example.com",
  typeName: "Classic Manicure",
  category: "Manicure",
  technician,
  startsAt: new Date(from),
  endsAt: new Date(to),
  priceCents: 3500,
  channel: "staff" as const,
  status,
});

/** An .ics file's content lines, with RFC 5545 folding undone. */
function icsLines(content: string): string[] {
  return content.replace(/\r\n /g, "").split("\r\n");
}

describe("seedCatalogueOnce", () => {
  it("seeds the salon's services once, with 'Reg Mani/Pedi' listed first", async () => {
    expect(await seedCatalogueOnce(database.db)).toBe(true);
    expect(await seedCatalogueOnce(database.db)).toBe(false);

    const types = await listAppointmentTypes(database.db);
    expect(types).toHaveLength(catalogueRows().length);
    expect(types[0]?.type).toBe("Reg Mani/Pedi");
    // The rest by category, then by name (byte order: the test databases use the C collation).
    const rest = types.slice(1).map((t) => [t.category, t.type] as const);
    const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    expect(rest).toEqual([...rest].sort((a, b) => byteOrder(a[0], b[0]) || byteOrder(a[1], b[1])));
    const salonOpens = business.hours.map((h) => h.opens).sort()[0] ?? "";
    const salonCloses =
      business.hours
        .map((h) => h.closes)
        .sort()
        .at(-1) ?? "";
    for (const type of types) {
      expect(type.technicians.length).toBeGreaterThan(0);
      expect(type.daysOfWeek.length).toBeGreaterThan(0);
      expect(type.startTime >= salonOpens, type.type).toBe(true);
      expect(type.endTime <= salonCloses, type.type).toBe(true);
      expect(type.price).toMatch(/^\$\d+\+?$/);
    }
    expect(types.find((t) => t.type === THREE_TECHNICIAN_TYPE)).toMatchObject({
      category: "Manicure",
      durationMin: 75,
      price: "$70",
      technicians: ["Mara", "Lena", "Sofia"],
    });
  });

  it("seeds once when several processes start together, and never brings back a removed type", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => seedCatalogueOnce(database.db)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    await database.db.delete(appointmentTypes).where(eq(appointmentTypes.type, "Lip Wax"));
    expect(await seedCatalogueOnce(database.db)).toBe(false);
    const names = (await listAppointmentTypes(database.db)).map((t) => t.type);
    expect(names).toHaveLength(catalogueRows().length - 1);
    expect(names).not.toContain("Lip Wax");
  });
});

describe("listVisitTimes of one service", () => {
  it("lists Saturday's slots of a service from opening until it must end by closing", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const result = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      options,
    );
    if (!result.ok) throw new Error(result.error);
    // Saturday closes at 19:00 and the service takes 75 minutes: the last start is 5:45 PM.
    expect(result.slots[0]).toEqual({
      label: "10:00 AM",
      startsAt: SAT_10_00,
      freeTechnicians: ["Mara", "Lena", "Sofia"],
    });
    expect(result.slots.at(-1)?.label).toBe("5:45 PM");
    expect(result.slots).toHaveLength(32);
  });

  it("respects the minimum notice on the day itself", async () => {
    const type = await seededType(ONE_TECHNICIAN_TYPE);
    const result = await listVisitTimes(
      database.db,
      { dateIso: "2026-05-01", items: oneService(type.id, "any") },
      options,
    );
    if (!result.ok) throw new Error(result.error);
    // Friday 10:00 AM now, one hour's notice; Waxing ends at 18:00.
    expect(result.slots[0]?.label).toBe("11:00 AM");
    expect(result.slots.at(-1)?.label).toBe("5:45 PM");
  });

  it("no longer offers a one-technician service's slot once it is booked", async () => {
    const type = await seededType(ONE_TECHNICIAN_TYPE);
    const labels = async () => {
      const result = await listVisitTimes(
        database.db,
        { dateIso: SATURDAY, items: oneService(type.id) },
        options,
      );
      if (!result.ok) throw new Error(result.error);
      return result.slots.map((slot) => slot.label);
    };
    expect((await labels()).slice(0, 3)).toEqual(["10:00 AM", "10:15 AM", "10:30 AM"]);
    expect((await labels()).at(-1)).toBe("5:45 PM");

    const booked = await bookAppointment(database.db, request(type), options);
    expect(booked.ok).toBe(true);
    // 15 minutes: the next slot starts as this one ends, and stays bookable.
    expect((await labels()).slice(0, 2)).toEqual(["10:15 AM", "10:30 AM"]);
  });

  it("keeps a three-technician slot open with the technicians still free", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    expect((await bookAppointment(database.db, request(type), options)).ok).toBe(true);
    const any = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id) },
      options,
    );
    if (!any.ok) throw new Error(any.error);
    expect(any.slots[0]).toMatchObject({ label: "10:00 AM", freeTechnicians: ["Lena", "Sofia"] });
    // Mara is busy 10:00-11:15: asked for by name, her first slot is 11:15 AM.
    const mara = await listVisitTimes(
      database.db,
      { dateIso: SATURDAY, items: oneService(type.id, "Mara") },
      options,
    );
    if (!mara.ok) throw new Error(mara.error);
    expect(mara.slots[0]).toMatchObject({ label: "11:15 AM", freeTechnicians: ["Mara"] });
  });

  it("answers a bad date, an unknown service or a technician not of the service with an error", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const cases = [
      { dateIso: "2026-02-30", items: oneService(type.id) },
      { dateIso: SATURDAY, items: oneService("00000000-0000-4000-8000-000000000000") },
      { dateIso: SATURDAY, items: oneService("not-an-id") },
      { dateIso: SATURDAY, items: oneService(type.id, "Nina") },
    ];
    for (const input of cases) {
      const result = await listVisitTimes(database.db, input, options);
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error: expect.any(String) });
    }
  });
});

describe("bookAppointment", () => {
  it("stores the server's type, price, duration and technician, whatever the browser sends", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const result = await bookAppointment(
      database.db,
      request(type, {
        price: "$1",
        durationMin: 5,
        endsAt: "2026-05-02T15:05:00.000Z",
        typeName: "Free Everything",
        category: "Bargains",
        status: "cancelled",
      }),
      options,
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    const expected = {
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      typeName: "Reg Mani/Pedi",
      category: "Manicure",
      technician: "Mara", // "Any available": the first free technician of the service
      startsAt: new Date(SAT_10_00),
      endsAt: new Date("2026-05-02T16:15:00.000Z"), // 75 minutes
      price: "$70",
    };
    expect(result.appointment).toMatchObject(expected);

    const stored = await storedRows();
    expect(stored.appointments).toHaveLength(1);
    expect(stored.appointments[0]).toMatchObject({
      ...expected,
      id: result.appointment.id,
      typeId: type.id,
      status: "booked",
    });
  });

  it("queues the customer's confirmation and the salon's notice with the date string and an .ics", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const result = await bookAppointment(database.db, request(type), options);
    expect(result.ok).toBe(true);

    const { emails } = await storedRows();
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: now });
    }
    const dateString = "Saturday, May 2 2026 @ 10:00 AM with Mara";
    // The salon's details as the database keeps them (the first-start seed here).
    const salon = (await readSalonFacts(database.db)).details;
    const confirmation = emails.find((email) => email.toAddress === customer.email);
    const notice = emails.find((email) => email.toAddress === salon.email);
    expect(confirmation?.subject).toContain(dateString);
    expect(confirmation?.textBody).toContain(dateString);
    expect(confirmation?.textBody).toContain(arriveEarlyText(salon));
    expect(confirmation?.textBody).toContain("arrive 10 minutes before your confirmed time");
    // Greeted by the name they gave.
    expect(confirmation?.textBody.startsWith("Hello Maya Lopez,\n\n")).toBe(true);
    expect(confirmation?.htmlBody).toContain("Hello Maya Lopez,");
    expect(confirmation?.htmlBody).toContain(dateString);
    expect(confirmation?.replyTo).toBe(salon.email);
    expect(notice?.textBody).toContain(dateString);
    expect(notice?.textBody).toContain(customer.email);
    expect(notice?.textBody).toContain(customer.phone);
    expect(notice?.replyTo).toBe(customer.email);

    for (const email of [confirmation, notice]) {
      expect(email?.attachments).toHaveLength(1);
      const [ics] = email?.attachments ?? [];
      expect(ics?.filename).toMatch(/\.ics$/);
      expect(ics?.contentType).toContain("text/calendar");
      const lines = icsLines(ics?.content ?? "");
      // 10:00-11:15 in Chicago (CDT, UTC-5) as UTC instants, whatever zone reads the file.
      expect(lines).toContain("DTSTART:20260502T150000Z");
      expect(lines).toContain("DTEND:20260502T161500Z");
      expect(lines.some((line) => line.includes("TZID"))).toBe(false);
      expect(lines).toContain(`SUMMARY:Reg Mani/Pedi at ${salon.name}`);
      expect(lines).toContain(
        `LOCATION:${salon.name}\\, 1410 N Milwaukee Ave\\, Chicago\\, IL 60622`,
      );
    }
  });

  it("writes the appointment and its emails together or not at all", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    // The database refuses the transaction's last write (the salon's notice): the appointment and
    // the confirmation written before it must go too.
    await database.db.execute(
      sql.raw(
        `alter table email_outbox add constraint test_refuse_notice check (to_address <> '${business.email}')`,
      ),
    );
    try {
      await expect(bookAppointment(database.db, request(type), options)).rejects.toMatchObject({
        cause: { message: expect.stringContaining("test_refuse_notice") },
      });
    } finally {
      await database.db.execute(sql`alter table email_outbox drop constraint test_refuse_notice`);
    }
    expect(await storedRows()).toEqual({ appointments: [], emails: [] });
  });

  it.each([
    ["an empty name", { name: "  " }, { kind: "invalid", fieldErrors: { name: "Required" } }],
    [
      "a bad email",
      { email: "maya@" },
      { kind: "invalid", fieldErrors: { email: "Enter a valid email address" } },
    ],
    [
      "a bad phone",
      { phone: "call me" },
      { kind: "invalid", fieldErrors: { phone: "Use digits, spaces and + ( ) - . only" } },
    ],
    [
      "no time at all",
      { startsAt: "" },
      { kind: "invalid", fieldErrors: { startsAt: "Choose a time" } },
    ],
    [
      "an unknown service",
      { typeId: "00000000-0000-4000-8000-000000000000" },
      { kind: "unavailable", reason: "no-such-service" },
    ],
    ["a malformed service id", { typeId: "x" }, { kind: "unavailable", reason: "no-such-service" }],
    [
      "a time off the 15-minute grid",
      { startsAt: "2026-05-02T15:05:00.000Z" },
      { kind: "unavailable", reason: "not-on-step" },
    ],
    [
      "a time in the past",
      { dateIso: "2026-04-30", startsAt: "2026-04-30T15:00:00.000Z" },
      { kind: "unavailable", reason: "too-soon" },
    ],
    [
      "a time within the minimum notice",
      { dateIso: "2026-05-01", startsAt: "2026-05-01T15:30:00.000Z" },
      { kind: "unavailable", reason: "too-soon" },
    ],
    [
      "a time that would end after closing",
      // Saturday 6:00 PM + 75 minutes > 7:00 PM closing.
      { startsAt: "2026-05-02T23:00:00.000Z" },
      { kind: "unavailable", reason: "outside-hours" },
    ],
    [
      "a time on another date than the one chosen",
      { dateIso: "2026-05-03" },
      { kind: "unavailable", reason: "not-on-this-day" },
    ],
    [
      "a technician who does not do this service",
      { technician: "Nina" },
      { kind: "unavailable", reason: "taken" },
    ],
  ])("refuses %s and writes nothing", async (_case, overrides, expected) => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const result = await bookAppointment(database.db, request(type, overrides), options);
    expect(result).toEqual({ ok: false, ...expected });
    expect(await storedRows()).toEqual({ appointments: [], emails: [] });
  });

  it("books the technician the visitor asked for, and only while that technician is free", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const sofia = await bookAppointment(
      database.db,
      request(type, { technician: "Sofia" }),
      options,
    );
    expect(sofia).toMatchObject({ ok: true, appointment: { technician: "Sofia" } });

    const again = await bookAppointment(
      database.db,
      request(type, { technician: "Sofia" }),
      options,
    );
    expect(again).toEqual({ ok: false, kind: "unavailable", reason: "taken" });
    // Sofia is busy until 11:15; her next appointment may start then.
    const later = await bookAppointment(
      database.db,
      request(type, { technician: "Sofia", startsAt: "2026-05-02T16:15:00.000Z" }),
      options,
    );
    expect(later).toMatchObject({ ok: true, appointment: { technician: "Sofia" } });

    const { emails } = await storedRows();
    const confirmations = emails.filter((email) => email.toAddress === customer.email);
    expect(confirmations.map((email) => email.subject).sort()).toEqual([
      expect.stringContaining("Saturday, May 2 2026 @ 10:00 AM with Sofia"),
      expect.stringContaining("Saturday, May 2 2026 @ 11:15 AM with Sofia"),
    ]);
  });

  it("assigns 'Any available' to each free technician in turn, then says the slot is taken", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const technicians: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await bookAppointment(database.db, request(type), options);
      if (!result.ok) throw new Error(JSON.stringify(result));
      technicians.push(result.appointment.technician);
    }
    expect(technicians).toEqual(["Mara", "Lena", "Sofia"]);
    expect(await bookAppointment(database.db, request(type), options)).toEqual({
      ok: false,
      kind: "unavailable",
      reason: "taken",
    });
    // Omitting the technician means "Any available" too.
    expect(
      await bookAppointment(database.db, request(type, { technician: undefined }), options),
    ).toEqual({ ok: false, kind: "unavailable", reason: "taken" });
  });

  it("stores exactly one of 50 simultaneous confirms of a one-technician slot", async () => {
    const type = await seededType(ONE_TECHNICIAN_TYPE);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        bookAppointment(
          database.db,
          request(type, { name: `Customer ${i}`, email: `customer${i}@example.com` }),
          options,
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const losers = results.filter((result) => !result.ok);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser).toEqual({ ok: false, kind: "unavailable", reason: "taken" });
    }
    const stored = await storedRows();
    expect(stored.appointments).toHaveLength(1);
    expect(stored.appointments[0]).toMatchObject({
      technician: "Nina",
      startsAt: new Date(SAT_10_00),
    });
    // Only the winner's two emails: a lost race leaves nothing behind.
    expect(stored.emails).toHaveLength(2);
    expect(stored.emails.map((email) => email.toAddress).sort()).toEqual(
      [stored.appointments[0]?.email, business.email].sort(),
    );
  }, 60_000);

  it("stores one appointment per technician of 50 simultaneous 'Any available' confirms of a three-technician slot", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        bookAppointment(
          database.db,
          request(type, { name: `Customer ${i}`, email: `customer${i}@example.com` }),
          options,
        ),
      ),
    );
    const winners = results.flatMap((result) => (result.ok ? [result.appointment.technician] : []));
    expect(winners.sort()).toEqual(["Lena", "Mara", "Sofia"]);
    for (const loser of results.filter((result) => !result.ok)) {
      expect(loser).toEqual({ ok: false, kind: "unavailable", reason: "taken" });
    }
    const stored = await storedRows();
    expect(stored.appointments.map((row) => row.technician)).toEqual(["Lena", "Mara", "Sofia"]);
    expect(stored.emails).toHaveLength(6);
  }, 60_000);
});

describe("the upcoming-bookings limit of one customer (docs/product.md#booking-limit)", () => {
  const limited = { now, online: { maxUpcoming: 3 } };
  /** Saturday at 10:00 AM plus `half` half hours, as the slot list writes it. */
  const saturdayAt = (half: number) =>
    new Date(new Date(SAT_10_00).getTime() + half * 30 * 60_000).toISOString();

  it("refuses a customer's booking past the limit, storing and emailing nothing", async () => {
    const type = await seededType(ONE_TECHNICIAN_TYPE);
    for (let half = 0; half < 3; half++) {
      const result = await bookAppointment(
        database.db,
        request(type, { startsAt: saturdayAt(half) }),
        limited,
      );
      expect(result.ok).toBe(true);
    }
    const before = await storedRows();
    expect(
      await bookAppointment(database.db, request(type, { startsAt: saturdayAt(3) }), limited),
    ).toEqual({ ok: false, kind: "limit", maxUpcoming: 3 });
    expect(await storedRows()).toEqual(before);
    // Another customer books that very time.
    const other = request(type, {
      startsAt: saturdayAt(3),
      email: "ana@example.com",
      phone: undefined,
    });
    expect((await bookAppointment(database.db, other, limited)).ok).toBe(true);
  });

  it("counts one customer's bookings by email (case aside) or by phone (digits, a leading US 1 aside)", async () => {
    const type = await seededType(ONE_TECHNICIAN_TYPE);
    const book = (half: number, who: Record<string, unknown>) =>
      bookAppointment(database.db, request(type, { startsAt: saturdayAt(half), ...who }), limited);
    expect((await book(0, { email: "maya@example.com", phone: "(312) 555-0199" })).ok).toBe(true);
    expect((await book(1, { email: "MAYA@Example.com ", phone: undefined })).ok).toBe(true);
    expect((await book(2, { email: "maya.work@example.com", phone: "+1 312.555.0199" })).ok).toBe(
      true,
    );
    // Her email matches the first two, her phone the first and the third: three upcoming.
    expect(await book(3, { email: "maya@example.com", phone: "312 555 0199" })).toMatchObject({
      kind: "limit",
    });
    // Another phone and email is another customer; a phone too short to name anyone ("0") is no
    // key, so it does not join every customer whose phone has a 0.
    expect((await book(3, { email: "zoe@example.com", phone: "(312) 555-0198" })).ok).toBe(true);
    expect((await book(4, { email: "ivy@example.com", phone: "0" })).ok).toBe(true);
  });

  it("does not count cancelled or past appointments, and does not limit staff", async () => {
    const type = await seededType(ONE_TECHNICIAN_TYPE);
    await database.db.insert(appointments).values([
      {
        ...row("Nina", "2026-04-30T15:00:00Z", "2026-04-30T15:15:00Z", "booked"),
        email: customer.email,
      },
      {
        ...row("Nina", "2026-05-04T15:00:00Z", "2026-05-04T15:15:00Z", "cancelled"),
        email: customer.email,
      },
      {
        ...row("Nina", "2026-05-05T15:00:00Z", "2026-05-05T15:15:00Z", "cancelled"),
        email: customer.email,
      },
      {
        ...row("Nina", "2026-05-06T15:00:00Z", "2026-05-06T15:15:00Z", "cancelled"),
        email: customer.email,
      },
    ]);
    for (let half = 0; half < 3; half++) {
      const result = await bookAppointment(
        database.db,
        request(type, { startsAt: saturdayAt(half) }),
        limited,
      );
      expect(result.ok).toBe(true);
    }
    // Staff (not `online`) book a fourth and a fifth for the customer who phoned.
    for (let half = 3; half < 5; half++) {
      const result = await bookAppointment(
        database.db,
        request(type, { startsAt: saturdayAt(half) }),
        options,
      );
      expect(result.ok).toBe(true);
    }
  });

  it("holds under 10 simultaneous bookings of one customer on different technicians and times", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    const technicians = ["Mara", "Lena", "Sofia"];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        bookAppointment(
          database.db,
          request(type, {
            technician: technicians[i % 3],
            startsAt: saturdayAt(3 * Math.floor(i / 3)),
          }),
          limited,
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok && result.kind === "limit")).toHaveLength(7);
    const stored = await database.db.select().from(appointments);
    expect(stored).toHaveLength(3);
  });
});

describe("the appointments_no_overlap exclusion constraint", () => {
  it("refuses an overlapping appointment of the same technician, whatever the application does", async () => {
    await database.db
      .insert(appointments)
      .values(row("Mara", "2026-05-02T15:00:00Z", "2026-05-02T16:00:00Z", "booked"));

    await expect(
      database.db
        .insert(appointments)
        .values(row("Mara", "2026-05-02T15:30:00Z", "2026-05-02T16:30:00Z", "booked")),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
    await expect(
      database.db
        .insert(appointments)
        .values(row("Mara", "2026-05-02T14:00:00Z", "2026-05-02T17:00:00Z", "booked")),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });

    // Back to back (half-open ranges), another technician at the same time, and cancelled rows are fine.
    await database.db
      .insert(appointments)
      .values([
        row("Mara", "2026-05-02T16:00:00Z", "2026-05-02T17:00:00Z", "booked"),
        row("Mara", "2026-05-02T14:00:00Z", "2026-05-02T15:00:00Z", "booked"),
        row("Lena", "2026-05-02T15:00:00Z", "2026-05-02T16:00:00Z", "booked"),
        row("Mara", "2026-05-02T15:15:00Z", "2026-05-02T15:45:00Z", "cancelled"),
      ]);
    expect(await database.db.$count(appointments)).toBe(5);

    // A cancelled appointment cannot come back over a booked one.
    await expect(
      database.db
        .update(appointments)
        .set({ status: "booked" })
        .where(eq(appointments.status, "cancelled")),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
  });
});

describe("the two readers of busy times (busy-times.server.ts)", () => {
  it("agree: the appointments themselves and technician_busy_days give the same intervals", async () => {
    const type = await seededType(THREE_TECHNICIAN_TYPE);
    // Saturday in Chicago runs from 05:00Z to 05:00Z the next day, over two UTC days.
    await database.db.insert(appointments).values([
      row("Mara", "2026-05-01T17:00:00Z", "2026-05-01T18:00:00Z", "booked"), // Friday only
      row("Mara", "2026-05-02T04:00:00Z", "2026-05-02T05:00:00Z", "booked"), // ends as Saturday starts
      row("Lena", "2026-05-02T04:00:00Z", "2026-05-02T06:00:00Z", "booked"), // over the day's start
      row("Mara", "2026-05-02T17:00:00Z", "2026-05-02T18:00:00Z", "booked"),
      row("Sofia", "2026-05-02T17:00:00Z", "2026-05-02T18:00:00Z", "cancelled"),
      row("Sofia", "2026-05-02T23:30:00Z", "2026-05-03T00:30:00Z", "booked"), // over UTC midnight
      row("Lena", "2026-05-03T04:30:00Z", "2026-05-03T05:30:00Z", "booked"), // over the day's end
      row("Mara", "2026-05-03T05:00:00Z", "2026-05-03T06:00:00Z", "booked"), // starts as it ends
      row("Nina", "2026-05-02T17:00:00Z", "2026-05-02T18:00:00Z", "booked"), // not a technician of it
    ]);
    const technicians = sql`array[${sql.join(
      type.technicians.map((technician) => sql`${technician}`),
      sql`, `,
    )}]::text[]`;
    const bounds = dayBounds(SATURDAY);
    const result = await database.db.execute(
      sql`select ${busyDaysSql(technicians, sql`${bounds.start.slice(0, 10)}`, sql`${bounds.end.slice(0, 10)}`)} as busy`,
    );
    const { rows } = result as unknown as { rows: { busy: TechnicianBusyDay[] | null }[] };
    const byKey = (
      a: { technician: string; startMs: number },
      b: { technician: string; startMs: number },
    ) => a.technician.localeCompare(b.technician) || a.startMs - b.startMs;
    const fromDays = busyOfDays(rows[0]?.busy ?? null, bounds).sort(byKey);
    const fromAppointments = (await busyOn(database.db, SATURDAY, type.technicians)).sort(byKey);

    expect(fromDays).toEqual(fromAppointments);
    expect(fromAppointments.map((busy) => busy.technician)).toEqual([
      "Lena",
      "Lena",
      "Mara",
      "Sofia",
    ]);
    // The listing reads technician_busy_days; a move's listing (an id to leave out) the appointments.
    const elsewhere = "00000000-0000-4000-8000-000000000000";
    for (const technician of ["any", "Mara", "Lena", "Sofia"]) {
      const input = { dateIso: SATURDAY, items: oneService(type.id, technician) };
      expect(await listVisitTimes(database.db, input, options)).toEqual(
        await listVisitTimes(database.db, { ...input, excludeIds: [elsewhere] }, options),
      );
    }
  });
});
