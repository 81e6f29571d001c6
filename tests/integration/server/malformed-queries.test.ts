// Queries that answered 500 before the central reading of queries (issue 36,
// docs/security.md#queries), each through the production server: now 400, or the page with a
// field error where the page has one. Found by an attack review and a seeded sweep.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { type SeededServer, startSeededServer } from "../../support/seeded-server";

let seeded: SeededServer;
let clients = 0;
const soon = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 7);

beforeAll(async () => {
  seeded = await startSeededServer();
}, 120_000);

afterAll(async () => {
  await seeded?.stop();
});

/** A request from a client address of its own (the server trusts X-Forwarded-For here). */
function ask(path: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
  clients += 1;
  const headers: Record<string, string> = {
    "X-Forwarded-For": `198.51.100.${clients}`,
    "Sec-Fetch-Site": "same-origin",
  };
  if (init.cookie) headers.Cookie = init.cookie;
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  return fetch(`${seeded.server.url}${path}`, {
    method: body ? "POST" : "GET",
    headers,
    body,
    redirect: "manual",
  });
}

const service = () => seeded.serviceId;

describe("the public booking's queries", () => {
  it("answers a date in year 9999 with 400", async () => {
    const times = await ask(`/schedule/times?date=9999-12-31&service=${service()}`);
    expect(times.status).toBe(400);
    expect(await times.json()).toEqual({ ok: false, error: "Choose a date." });
    const page = await ask(`/schedule?date=9999-12-31&service=${service()}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Address not understood");
  });

  it("answers a hold on a date in year 9999 with 400", async () => {
    const hold = await ask("/schedule/hold", {
      form: { date: "9999-12-31", slot: "9999-12-31T15:00:00.000Z", service: service() },
    });
    expect(hold.status).toBe(400);
    expect(await hold.json()).toEqual({ ok: false, message: "Choose a time." });
  });

  it("answers a NUL in the technician with 400", async () => {
    const times = await ask(`/schedule/times?date=${soon}&service=${service()}&technician=%00`);
    expect(times.status).toBe(400);
    expect(await times.json()).toMatchObject({ ok: false });
    expect((await ask(`/schedule?date=${soon}&service=${service()}&technician=%00`)).status).toBe(
      400,
    );
  });

  it("answers the manage link with a date in year 9999, or a NUL in the technician, with 400", async () => {
    const token = seeded.manageToken;
    expect((await ask(`/manage?token=${token}`)).status).toBe(200);
    expect((await ask(`/manage?token=${token}&date=9999-12-31`)).status).toBe(400);
    expect((await ask(`/manage?token=${token}&technician=%00`)).status).toBe(400);
  });
});

describe("the staff pages' queries", () => {
  const staff = (path: string) => ask(path, { cookie: seeded.staffCookie });

  it("answers a NUL in a customer's email, phone, search or 'forgotten' with 400", async () => {
    expect((await staff("/customers?email=%00")).status).toBe(400);
    expect((await staff("/customers?phone=%00")).status).toBe(400);
    expect((await staff("/customers?q=%00")).status).toBe(400);
    expect((await staff("/customers?forgotten=%00")).status).toBe(400);
    expect((await staff("/customers?q=ana")).status).toBe(200);
  });

  it("answers the schedule with a far date or a NUL in the technician with 400", async () => {
    expect((await staff("/scheduleadmin?date=9999-12-31")).status).toBe(400);
    expect((await staff("/scheduleadmin?technician=%00")).status).toBe(400);
    expect((await staff("/scheduleadmin?date=0100-01-01&technician=Mara")).status).toBe(400);
    expect((await staff(`/scheduleadmin?date=${soon}&technician=Mara`)).status).toBe(200);
  });

  it("answers the schedule's free times with a far date or a NUL in the technician with 400", async () => {
    const far = await staff(`/scheduleadmin/times?date=9999-12-31&service=${service()}`);
    expect(far.status).toBe(400);
    expect(await far.json()).toEqual({ ok: false, error: "Choose a date." });
    const nul = await staff(
      `/scheduleadmin/times?date=${soon}&service=${service()}&technician=%00`,
    );
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ ok: false });
  });

  it("answers the customer lookup with a NUL with 400", async () => {
    const lookup = await staff("/scheduleadmin/customers?q=%00");
    expect(lookup.status).toBe(400);
    expect(await lookup.json()).toMatchObject({ ok: false });
  });
});

describe("the owner's reports", () => {
  const owner = (path: string) => ask(path, { cookie: seeded.ownerCookie });
  const far = "period=custom&from=9999-12-01&to=9999-12-31";
  const early = "period=custom&from=0100-01-01&to=0100-01-31";

  it("shows a period in year 9999 or 100 with the dates' field errors", async () => {
    for (const query of [far, early]) {
      const page = await owner(`/reports?${query}`);
      expect(page.status, query).toBe(200);
      const html = await page.text();
      expect(html).toContain("Choose the first day");
      expect(html).toContain("Choose the last day");
      const data = await owner(`/reports.data?${query}`);
      expect(data.status, query).toBe(200);
      expect(await data.text()).toContain("Choose the first day");
    }
  });

  it("answers its CSV for such a period with 400", async () => {
    for (const query of [far, early]) {
      const csv = await owner(`/reports/csv?table=technicians&${query}`);
      expect(csv.status, query).toBe(400);
      expect(await csv.text()).toBe("No such table or period.");
    }
  });
});
