// Walk-ins at the front desk (docs/product.md#walk-ins), through the /scheduleadmin action as React
// Router runs it behind the staff layout's middleware, with the clock set (Date only) to Friday,
// May 1 2026, 2:17:30 PM in Chicago: the desk's times start at the current 5 minutes while a
// customer online still needs an hour's notice; 'Walk-in' books the chosen technician's next free
// minutes from now; only a signed-in staff member can; the database still refuses any overlap.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { action } from "~/routes/scheduleadmin";
import { listStaffTimes } from "~/services/appointments/staff-times.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, staffActions } from "~/services/db/schema.server";
import { createAppointmentType } from "~/services/salon/appointment-type-admin.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import { createAppointment, customerData } from "../../support/factories";
import { asStaff, type StaffAnswer } from "../../support/staff-desk";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
const FRIDAY = "2026-05-01";
/** A time of that Friday in Chicago (CDT, UTC-5), "14:15" -> 2:15 PM. */
const at = (time: string) => new Date(`${FRIDAY}T${time}:00-05:00`);
const NOW = new Date(`${FRIDAY}T14:17:30-05:00`);

let cookie = "";
let manicure = "";

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await ensureTechnicians(database.db, ["Wren", "Ivy", "Jade"]);
  const created = await createAppointmentType(database.db, {
    type: "Gel Manicure",
    category: "Manicure",
    startTime: "10:00",
    endTime: "18:00",
    durationMin: "45",
    price: "$50",
    description: "A long-lasting gel colour with cuticle care.",
    daysOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    technicians: "Wren, Ivy",
  });
  if (!created.ok) throw new Error(JSON.stringify(created));
  manicure = created.type.id;
  const staff = await createOrResetStaffUser(database.db, "desk@example.com", "long password 1");
  if (!staff.ok) throw new Error("no staff user");
  cookie = `${SESSION_COOKIE}=${await createSession(database.db, staff.user.id)}`;
});
afterEach(() => {
  vi.useRealTimers();
});

function post(fields: Record<string, string>, path = "/scheduleadmin", signedIn = true) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: signedIn ? { Cookie: cookie } : {},
  });
  return asStaff(database.db, request, action as never, "/scheduleadmin");
}

const walkIn = (technician: string, name = "Dora Lee") =>
  post({
    intent: "walk-in",
    service: manicure,
    technician,
    name,
    phone: "(312) 555-0142",
  }) as Promise<StaffAnswer>;

const booked = () =>
  database.db.select().from(appointments).where(eq(appointments.status, "booked"));

const labelsOf = (answer: { ok: boolean; slots?: { label: string }[] }) =>
  answer.ok ? (answer.slots ?? []).map((slot) => slot.label) : [];

describe("the front desk books from now on", () => {
  it("offers 'Add Appointment' times from the current 5 minutes, while online keeps the hour's notice", async () => {
    const items = [{ typeId: manicure, technician: "Wren", addOnIds: [] }];
    const desk = await listStaffTimes(database.db, { date: FRIDAY, moving: undefined, items });
    expect(labelsOf(desk).slice(0, 3)).toEqual(["2:15 PM", "2:30 PM", "2:45 PM"]);
    const online = await listVisitTimes(database.db, { dateIso: FRIDAY, items });
    expect(labelsOf(online)[0]).toBe("3:30 PM");

    const book = (slot: Date) =>
      post({
        intent: "book",
        date: FRIDAY,
        service: manicure,
        technician: "Wren",
        slot: slot.toISOString(),
        name: "Dora Lee",
        phone: "(312) 555-0142",
      }) as Promise<StaffAnswer>;
    // A quarter hour already gone is not "now".
    const past = await book(at("14:00"));
    expect(past.init.status).toBe(409);
    const now = await book(at("14:15"));
    expect(now.data).toMatchObject({ ok: true, message: "Booked Dora Lee at 2:15 PM with Wren." });
    expect((await booked()).map((row) => row.startsAt)).toEqual([at("14:15")]);
  });
});

describe("'Walk-in'", () => {
  it("books the technician's next free minutes starting now, with a name and a phone", async () => {
    // Ivy is busy until 3:15 PM; Wren is free.
    await createAppointment(database.db, {
      technician: "Ivy",
      startsAt: at("14:30"),
      endsAt: at("15:15"),
    });
    const wren = await walkIn("Wren");
    expect(wren.data).toMatchObject({ ok: true, message: "Booked Dora Lee at 2:15 PM with Wren." });
    const ivy = await walkIn("Ivy", "Ana Diaz");
    expect(ivy.data).toMatchObject({ ok: true, message: "Booked Ana Diaz at 3:15 PM with Ivy." });
    // Wren's next free minutes are now after Dora Lee's 45.
    const again = await walkIn("Wren", "Kim Park");
    expect(again.data).toMatchObject({
      ok: true,
      message: "Booked Kim Park at 3:00 PM with Wren.",
    });

    const dora = (await booked()).find((row) => row.name === "Dora Lee");
    expect(dora).toMatchObject({
      technician: "Wren",
      typeName: "Gel Manicure",
      startsAt: at("14:15"),
      endsAt: at("15:00"),
      phone: "+13125550142",
      email: null,
      channel: "staff",
    });
    const log = (await database.db.select().from(staffActions)).map((row) => row.action);
    expect(log).toContain("Booked Dora Lee as a walk-in at 2:15 PM: Gel Manicure with Wren");
  });

  it("says why nothing was booked: no phone, not her service, no time left today", async () => {
    const noPhone = (await post({
      intent: "walk-in",
      service: manicure,
      technician: "Wren",
      name: "Dora Lee",
      phone: "",
    })) as StaffAnswer;
    expect(noPhone.init.status).toBe(400);
    expect(noPhone.data.fieldErrors).toEqual({ phone: "Enter the customer's phone number." });

    const jade = await walkIn("Jade");
    expect(jade.init.status).toBe(409);
    expect(jade.data.message).toBe("Not booked: Jade does not perform this service.");

    // At 5:20 PM a 45-minute manicure no longer ends by the service's 6:00 PM.
    vi.setSystemTime(at("17:20"));
    const late = await walkIn("Wren");
    expect(late.init.status).toBe(409);
    expect(late.data.message).toBe(
      "Not booked: Wren has no free time left today for this service.",
    );
    expect(await booked()).toEqual([]);
  });

  it("is refused without a staff session: a page request goes to /login, a data request gets 401", async () => {
    const fields = {
      intent: "walk-in",
      service: manicure,
      technician: "Wren",
      name: "Dora Lee",
      phone: "(312) 555-0142",
    };
    const page = await post(fields, "/scheduleadmin", false);
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/login");
    const data = (await post(fields, "/scheduleadmin.data", false)) as StaffAnswer;
    expect(data.init.status).toBe(401);
    expect(await booked()).toEqual([]);
  });

  it("never overlaps: two walk-ins at once for one technician take one after the other, and the database refuses an overlapping row", async () => {
    const [first, second] = await Promise.all([walkIn("Wren"), walkIn("Wren", "Ana Diaz")]);
    expect([first.data.ok, second.data.ok]).toEqual([true, true]);
    const starts = (await booked()).map((row) => row.startsAt.getTime()).sort();
    expect(starts).toEqual([at("14:15").getTime(), at("15:00").getTime()]);

    const overlapping = createAppointment(database.db, {
      technician: "Wren",
      customer: customerData(),
      startsAt: at("14:30"),
      endsAt: at("15:15"),
    });
    // The exclusion constraint's refusal (23P01), not any other failure.
    await expect(overlapping).rejects.toMatchObject({ cause: { code: "23P01" } });
    expect(await booked()).toHaveLength(2);
  });
});
