// The free times of the staff's 'Add Appointment' and 'Move' dialogs (/scheduleadmin/times:
// app/routes/scheduleadmin-times.ts, app/services/appointments/staff-times.server.ts) against a
// real database: behind the staff layout's middleware, as React Router runs it; the same times the
// dialogs offered when the /scheduleadmin loader listed them (online booking's listing, the moved
// appointment's own time counting as free); a malformed query answered 400, never 500.
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { oneService } from "~/domain/booking/visit-request";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { staffOnly } from "~/lib/staff-only.server";
import { loader } from "~/routes/scheduleadmin-times";
import {
  listStaffTimes,
  readStaffTimesQuery,
  type StaffTimesAnswer,
} from "~/services/appointments/staff-times.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { createAppointmentType } from "~/services/salon/appointment-type-admin.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
beforeEach(async () => {
  await ensureTechnicians(database.db, ["Wren", "Ivy"]);
});

const EVERY_DAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** Three days ahead in the salon: past any minimum notice, inside the horizon. */
const DAY = salonDateOf(new Date(Date.now() + 3 * 86_400_000), SALON_TIME_ZONE);
/** Friday, May 1 2026, 10:00 AM in Chicago (CDT, UTC-5), and the next day, a Saturday. */
const now = new Date("2026-05-01T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SAT_10_00 = "2026-05-02T15:00:00.000Z";

/** A 45-minute service that only Wren performs, offered every day. */
async function wrenOnly() {
  const created = await createAppointmentType(
    database.db,
    {
      type: "Gel Manicure",
      category: "Manicure",
      startTime: "10:00",
      endTime: "18:00",
      durationMin: "45",
      price: "$50",
      description: "A long-lasting gel colour with cuticle care.",
      daysOfWeek: EVERY_DAY,
      technicians: "Wren",
    },
    { now },
  );
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created.type;
}

async function book(typeId: string, dateIso: string, startsAt: string, options = {}) {
  const input = { dateIso, typeId, startsAt, technician: "Wren", name: "Grace Hopper" };
  const result = await bookAppointment(
    database.db,
    { ...input, email: "grace@example.com" },
    options,
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.appointment;
}

async function staffCookie() {
  const created = await createOrResetStaffUser(database.db, "owner@example.com", "long password 1");
  if (!created.ok) throw new Error("no staff user");
  return `${SESSION_COOKIE}=${await createSession(database.db, created.user.id)}`;
}

/** As React Router runs the route: the staff layout's middleware (staffOnly), then the loader. */
function ask(path: string, query: Record<string, string>, cookie?: string): Promise<unknown> {
  const request = new Request(`http://localhost${path}?${new URLSearchParams(query)}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const context = Object.assign(new RouterContextProvider(), { db: database.db });
  const args = { request, context, params: {}, url: new URL(request.url), pattern: path };
  const run = () => loader(args as unknown as Parameters<typeof loader>[0]);
  return Promise.resolve(staffOnly(args as Parameters<typeof staffOnly>[0], run)).catch(
    (thrown: unknown) => thrown,
  );
}

async function answerOf(response: unknown) {
  expect(response).toBeInstanceOf(Response);
  const answered = response as Response;
  expect(answered.headers.get("Cache-Control")).toBe("no-store");
  return { status: answered.status, body: (await answered.json()) as StaffTimesAnswer };
}

const startsOf = (answer: StaffTimesAnswer) =>
  answer.ok ? answer.slots.map((s) => s.startsAt) : [];

describe("/scheduleadmin/times without a staff session", () => {
  it("redirects a page request to /login and answers a data request 401, listing nothing", async () => {
    const type = await wrenOnly();
    const query = { date: DAY, service: type.id, technician: "any" };
    const forged = `${SESSION_COOKIE}=${"A".repeat(43)}`;
    for (const cookie of [undefined, forged]) {
      const page = await ask("/scheduleadmin/times", query, cookie);
      expect(page).toBeInstanceOf(Response);
      expect((page as Response).status).toBe(302);
      expect((page as Response).headers.get("Location")).toBe("/login");

      const data = (await ask("/scheduleadmin/times.data", query, cookie)) as {
        data: unknown;
        init: { status: number; headers: Record<string, string> };
      };
      expect(data.init.status).toBe(401);
      expect(data.init.headers["Cache-Control"]).toBe("no-store");
      expect(JSON.stringify(data.data)).not.toContain("startsAt");
    }
  });
});

describe("/scheduleadmin/times for staff", () => {
  it("lists the dialogs' free times: a booked time is gone, a moved appointment's own time stays", async () => {
    const cookie = await staffCookie();
    const type = await wrenOnly();
    const before = await answerOf(
      await ask("/scheduleadmin/times", { date: DAY, service: type.id }, cookie),
    );
    expect(before.status).toBe(200);
    const first = startsOf(before.body)[0];
    if (!first) throw new Error(`no free time on ${DAY}`);
    const booked = await book(type.id, DAY, first);

    const adding = await answerOf(
      await ask(
        "/scheduleadmin/times",
        { date: DAY, service: type.id, technician: "Wren" },
        cookie,
      ),
    );
    expect(adding.status).toBe(200);
    expect(startsOf(adding.body)).not.toContain(first);
    const moving = await answerOf(
      await ask(
        "/scheduleadmin/times",
        { date: DAY, service: type.id, technician: "any", moving: booked.id },
        cookie,
      ),
    );
    expect(startsOf(moving.body)).toContain(first);

    // What the /scheduleadmin loader handed the dialogs: online booking's listing, as is.
    for (const [answer, excludeId] of [
      [adding.body, undefined],
      [moving.body, booked.id],
    ] as const) {
      const listed = await listVisitTimes(database.db, {
        dateIso: DAY,
        items: oneService(type.id),
        excludeIds: excludeId ? [excludeId] : [],
      });
      if (!listed.ok) throw new Error(listed.error);
      expect(answer).toEqual({
        ok: true,
        slots: listed.slots.map(({ label, startsAt }) => ({ label, startsAt })),
      });
    }
  });

  it("answers a malformed query 400 with the reason, and a service or technician it cannot list 400", async () => {
    const cookie = await staffCookie();
    const type = await wrenOnly();
    const bad: Record<string, string>[] = [
      {},
      { service: type.id },
      { date: "2026-02-30", service: type.id },
      { date: "tomorrow", service: type.id },
      { date: DAY },
      { date: DAY, service: "' OR '1'='1" },
      { date: DAY, service: type.id, moving: "not-a-uuid" },
      { date: DAY, service: type.id, technician: "W".repeat(500) },
      { date: DAY, service: crypto.randomUUID() },
      { date: DAY, service: type.id, technician: "Ivy" },
    ];
    for (const query of bad) {
      const { status, body } = await answerOf(await ask("/scheduleadmin/times", query, cookie));
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body).toEqual({ ok: false, error: expect.any(String) });
    }
  });
});

describe("listStaffTimes", () => {
  it("keeps online booking's rules on a fixed clock: the booked time missing, the moved one free", async () => {
    const type = await wrenOnly();
    const appointment = await book(type.id, SATURDAY, SAT_10_00, { now });
    const read = (query: Record<string, string>) => {
      const parsed = readStaffTimesQuery(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(parsed.error);
      return listStaffTimes(database.db, parsed.query, { now });
    };
    const adding = await read({ date: SATURDAY, service: type.id, technician: "" });
    expect(adding.ok && adding.slots[0]).toEqual({
      label: "10:45 AM",
      startsAt: "2026-05-02T15:45:00.000Z",
    });
    const moving = await read({ date: SATURDAY, service: type.id, moving: appointment.id });
    expect(startsOf(moving)[0]).toBe(SAT_10_00);
    expect(startsOf(moving)).toHaveLength(startsOf(adding).length + 3);
  });
});
