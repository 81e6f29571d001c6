// 'Your appointment is booked' (docs/product.md#after-booking, docs/security.md#the-booked-cookie)
// through the production server: the booking's cookie shows it to the browser that booked, for
// 30 minutes, never from or into the page cache; the calendar file needs the cookie; a pending
// booking gets none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  shiftedClockEnv,
  startAppServer,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
const HEADING = "Your appointment is booked";
// One booking a day outright from one connection: the second is pending.
const ENV = { TRUST_PROXY: "1", ONLINE_BOOKINGS_PER_DAY: "1" };

let store: ServerStore;
let server: AppServer;
let slots: FreeSlot[];

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  const prepared = await store.open();
  try {
    await seedCatalogueOnce(prepared.db);
    slots = await findDistinctFreeSlots(prepared.db, 3);
  } finally {
    await prepared.close();
  }
  server = await startAppServer(store, ENV);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

const VISITOR = "198.18.1.1";

function get(path: string, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: {
      "User-Agent": BROWSER,
      "X-Forwarded-For": VISITOR,
      "Accept-Encoding": "identity",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

function book(slot: FreeSlot, email: string, from = { page: "/schedule", address: VISITOR }) {
  return fetch(`${server.url}${from.page}/book`, {
    method: "POST",
    body: new URLSearchParams({
      date: slot.dateIso,
      service: slot.typeId,
      technician: slot.technician,
      slot: slot.startsAt,
      name: "Maya Lin",
      email,
    }),
    headers: {
      Accept: "application/json",
      "User-Agent": BROWSER,
      "X-Forwarded-For": from.address,
    },
  });
}

describe("after booking", () => {
  let cookie = "";
  let everyone = "";

  it("sets a 30-minute HttpOnly cookie on /schedule for a confirmed booking", async () => {
    // The page everyone gets, kept in the cache before the booking.
    everyone = await (await get("/schedule")).text();
    expect(everyone).not.toContain(HEADING);

    const answer = await book(slots[0] as FreeSlot, "maya.booked@example.com");
    expect(answer.status).toBe(200);
    const set = answer.headers.get("Set-Cookie") ?? "";
    expect(set).toMatch(/^booked=[A-Za-z0-9_-]{43}; /);
    expect(set).toContain("Max-Age=1800");
    expect(set).toContain("Path=/schedule");
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Lax");
    cookie = set.split(";")[0] as string;
  });

  it("shows the booking only to the request carrying the cookie, bypassing the page cache", async () => {
    const mine = await get("/schedule", cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toContain("no-store");
    const html = await mine.text();
    expect(html).toContain(HEADING);
    expect(html).toContain("Add to Calendar");
    expect(html).toMatch(/href="\/manage\?token=[A-Za-z0-9_-]{43}"/);
    expect(html).toContain(slots[0]?.typeName);

    // Everyone else still gets the kept page, the same bytes as before.
    const other = await get("/schedule");
    expect(await other.text()).toBe(everyone);
    // A made-up token shows nothing.
    const forged = await get("/schedule", `booked=${"A".repeat(43)}`);
    expect(await forged.text()).not.toContain(HEADING);
  });

  it("answers 'Add to Calendar' with the booking's calendar file only with the cookie", async () => {
    const mine = await get("/schedule/calendar", cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    expect(mine.headers.get("Content-Disposition")).toContain("attachment");
    expect(mine.headers.get("Cache-Control")).toContain("no-store");
    const ics = await mine.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(slots[0]?.typeName);

    expect((await get("/schedule/calendar")).status).toBe(404);
    expect((await get("/schedule/calendar", `booked=${"A".repeat(43)}`)).status).toBe(404);
  });

  it("gives a pending booking no cookie", async () => {
    const second = slots[1] as FreeSlot;
    expect(second.dateIso).toBe(slots[0]?.dateIso);
    const answer = await book(second, "maya.second@example.com");
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { confirmation: { pending?: true } };
    expect(body.confirmation.pending).toBe(true);
    expect(answer.headers.get("Set-Cookie") ?? "").not.toContain("booked=");
  });

  it("shows a booking made on /es/schedule there, in Spanish: its date, times and links", async () => {
    const slot = slots[2] as FreeSlot;
    const spanish = { page: "/es/schedule", address: "198.18.1.2" };
    const answer = await book(slot, "lucia.booked@example.com", spanish);
    expect(answer.status).toBe(200);
    const set = answer.headers.get("Set-Cookie") ?? "";
    expect(set).toContain("Path=/es/schedule");
    const html = await (await get("/es/schedule", set.split(";")[0])).text();
    expect(html).toContain("Su cita está reservada");
    // The salon's day and time as es-US writes them, computed here on their own.
    const at = new Date(slot.startsAt);
    const zone = "America/Chicago";
    const day = new Intl.DateTimeFormat("es-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: zone,
    }).format(at);
    const time = new Intl.DateTimeFormat("es-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: zone,
    }).format(at);
    expect(html).toContain(day);
    expect(html).toContain(`de ${time} a `);
    expect(html).toMatch(/href="\/es\/manage\?token=[A-Za-z0-9_-]{43}"/);
    expect(html).not.toContain(" PM to ");
  });

  it("'Book Another' forgets the cookie and opens the empty form", async () => {
    const answer = await get("/schedule?another=1", cookie);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/schedule");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^booked=; Max-Age=0; Path=\/schedule/);
  });

  it("shows it for 30 minutes and no longer after, even with the cookie", async () => {
    await server.stop("SIGTERM");
    server = await startAppServer(store, { ...ENV, ...shiftedClockEnv(29 * 60_000) });
    expect(await (await get("/schedule", cookie)).text()).toContain(HEADING);
    await server.stop("SIGTERM");
    server = await startAppServer(store, { ...ENV, ...shiftedClockEnv(31 * 60_000) });
    const late = await get("/schedule", cookie);
    expect(await late.text()).not.toContain(HEADING);
    expect((await get("/schedule/calendar", cookie)).status).toBe(404);
  }, 180_000);
});
