// The islands' posts (docs/decisions/014-islands.md): /schedule/book and /contact/send answer
// the booking and contact forms as JSON, with the same checks and messages as the pages' own
// actions, through the production server. What they stored is read after the server stops.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDaysIso,
  SALON_TIME_ZONE,
  salonDateOf,
  weekdayOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import {
  appointments,
  contactEntries,
  pageViews,
  waitlistEntries,
} from "~/services/db/schema.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";
import { rowsWithEmail, type TableWithEmail } from "../../support/stored-rows";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

let store: ServerStore;
let server: AppServer;
let slots: FreeSlot[];
let fullDay: string;
let waxId: string;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  const prepared = await store.open();
  try {
    await seedCatalogueOnce(prepared.db);
    slots = await findDistinctFreeSlots(prepared.db, 2);
    // A day Nina is booked from opening to closing: Eyebrow Wax (hers alone) is full then.
    fullDay = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 50);
    if (weekdayOf(fullDay) === "Sunday") fullDay = addDaysIso(fullDay, 1);
    const wax = (await listAppointmentTypes(prepared.db)).find((t) => t.type === "Eyebrow Wax");
    waxId = wax?.id ?? "";
    await prepared.db.insert(appointments).values({
      name: "Bridal Party",
      email: "bridal@example.com",
      typeName: "Eyebrow Wax",
      category: "Waxing",
      technician: "Nina",
      startsAt: zonedDateTime(fullDay, "09:00", SALON_TIME_ZONE),
      endsAt: zonedDateTime(fullDay, "21:00", SALON_TIME_ZONE),
      priceCents: 1800,
      channel: "staff" as const,
    });
  } finally {
    await prepared.close();
  }
  server = await startAppServer(store, { TRUST_PROXY: "1" });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

let address = 0;
/** Posts as the island's fetch does, each from its own address (the limits stay out of it). */
async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      Accept: "application/json",
      "User-Agent": BROWSER,
      "X-Forwarded-For": `198.18.0.${++address}`,
    },
  });
  return {
    status: response.status,
    type: response.headers.get("Content-Type") ?? "",
    cache: response.headers.get("Cache-Control") ?? "",
    // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the server answered.
    body: (await response.json()) as any,
  };
}

const booking = (slot: FreeSlot, email: string) => ({
  date: slot.dateIso,
  service: slot.typeId,
  technician: slot.technician,
  slot: slot.startsAt,
  name: "Island Guest",
  email,
  phone: "(312) 555-0123",
});

const message = (email: string) => ({
  name: "Ana Ruiz",
  email,
  reason: "Question",
  message: "Do you take walk-ins?",
  website: "",
});

describe("/schedule/book", () => {
  it("books a free time and answers the confirmation as JSON, never cached", async () => {
    const slot = slots[0] as FreeSlot;
    const answer = await post("/schedule/book", booking(slot, "island-booked@example.com"));
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.cache).toBe("no-store");
    expect(answer.body.ok).toBe(true);
    expect(answer.body.confirmation.email).toBe("island-booked@example.com");
    expect(answer.body.confirmation.service).toBe(slot.typeName);
    expect(answer.body.confirmation.dateString).toMatch(/^\w+day, \w+ \d{1,2} \d{4} @ .+ with /);
  });

  it("refuses the same time again, with that day's times still free, which leave it out", async () => {
    const slot = slots[0] as FreeSlot;
    const answer = await post("/schedule/book", booking(slot, "island-late@example.com"));
    expect(answer.status).toBe(409);
    expect(answer.body.ok).toBe(false);
    expect(answer.body.message).toContain("that time was just taken");
    expect(Array.isArray(answer.body.slots)).toBe(true);
    const offered = (answer.body.slots as Array<{ startsAt: string }>).map((s) => s.startsAt);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(slot.startsAt);
  });

  it("answers a wrong field with its message and books nothing", async () => {
    const answer = await post("/schedule/book", booking(slots[1] as FreeSlot, "not-an-email"));
    expect(answer.status).toBe(400);
    expect(answer.body.ok).toBe(false);
    expect(typeof answer.body.fieldErrors.email).toBe("string");
    expect(answer.body.slots).toBeUndefined();
  });

  it("is only for posting: a GET is refused without a server error", async () => {
    const response = await fetch(`${server.url}/schedule/book`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("/contact/send", () => {
  it("stores a message and answers ok; a missing field is named; the spam trap is thanked", async () => {
    // One visit of the page first: sending must not count another.
    const page = await fetch(`${server.url}/contact`, { headers: { "User-Agent": BROWSER } });
    expect(page.status).toBe(200);

    const sent = await post("/contact/send", message("island-writer@example.com"));
    expect(sent.status).toBe(200);
    expect(sent.type).toMatch(/^application\/json/);
    expect(sent.body).toEqual({ ok: true });

    const { message: _left, ...incomplete } = message("island-incomplete@example.com");
    const missing = await post("/contact/send", incomplete);
    expect(missing.status).toBe(400);
    expect(typeof missing.body.fieldErrors.message).toBe("string");

    const bot = await post("/contact/send", {
      ...message("island-bot@example.com"),
      website: "http://spam.example/",
    });
    expect(bot.status).toBe(200);
    expect(bot.body).toEqual({ ok: true });
  });
});

describe("/schedule/waitlist and /schedule/days", () => {
  const join = (email: string) => ({
    date: fullDay,
    service: waxId,
    technician: "any",
    name: "Wendy Waitlist",
    email,
    period: "morning",
  });

  it("puts the visitor in line as JSON; a wrong email is named and stores nothing", async () => {
    const joined = await post("/schedule/waitlist", join("island-waiting@example.com"));
    expect(joined).toMatchObject({
      status: 200,
      cache: "no-store",
      body: { ok: true, service: "Eyebrow Wax", periods: ["morning"] },
    });
    // A day with free times has no waitlist.
    const free = await post("/schedule/waitlist", {
      ...join("island-early@example.com"),
      date: slots[0]?.dateIso ?? "",
      service: slots[0]?.typeId ?? "",
    });
    expect(free).toMatchObject({ status: 400, body: { ok: false, reason: "not-full" } });
    const refused = await post("/schedule/waitlist", join("not-an-email"));
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { email: "Enter a valid email address" } },
    });
  });

  it("without JavaScript, sends the visitor back to the search, which says they are in line", async () => {
    const response = await fetch(`${server.url}/schedule/waitlist`, {
      method: "POST",
      body: new URLSearchParams(join("island-plain@example.com")),
      headers: { "User-Agent": BROWSER, "X-Forwarded-For": `198.18.0.${++address}` },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/schedule\?date=.*&service=.*&waitlist=joined#times-title$/);
    const page = await (await fetch(`${server.url}${location}`)).text();
    expect(page).toContain("You are on the waitlist");
  });

  it("answers the Spanish page in Spanish, and sends its visitor back to the Spanish search", async () => {
    const refused = await post("/es/schedule/waitlist", join("no-es-un-correo"));
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { email: "Escriba un correo electrónico válido" } },
    });
    const response = await fetch(`${server.url}/es/schedule/waitlist`, {
      method: "POST",
      body: new URLSearchParams(join("island-plain-es@example.com")),
      headers: { "User-Agent": BROWSER, "X-Forwarded-For": `198.18.0.${++address}` },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/es\/schedule\?date=.*&waitlist=joined#times-title$/);
    const page = await (await fetch(`${server.url}${location}`)).text();
    expect(page).toContain("Está en la lista de espera");
  });

  it("marks the month's days for a service as JSON", async () => {
    const slot = slots[0] as FreeSlot;
    const search = new URLSearchParams({ month: slot.dateIso.slice(0, 7), service: slot.typeId });
    const response = await fetch(`${server.url}/schedule/days?${search}`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: boolean; days: Record<string, string> };
    expect(answer.ok).toBe(true);
    expect(answer.days[slot.dateIso]).toBe("free");
    const bad = await fetch(`${server.url}/schedule/days?month=soon`);
    expect(bad.status).toBe(400);
  });
});

describe("what was stored", () => {
  it("one booking, one message, one visit of /contact; nothing from the refused posts", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    const database = await store.open();
    try {
      const count = (table: TableWithEmail, email: string) =>
        rowsWithEmail(database.db, table, email);
      expect(await count(appointments, "island-booked@example.com")).toBe(1);
      expect(await count(appointments, "island-late@example.com")).toBe(0);
      expect(await count(appointments, "not-an-email")).toBe(0);
      expect(await count(contactEntries, "island-writer@example.com")).toBe(1);
      expect(await count(contactEntries, "island-incomplete@example.com")).toBe(0);
      expect(await count(contactEntries, "island-bot@example.com")).toBe(0);
      const line = await database.db.select().from(waitlistEntries);
      expect(line.map((entry) => [entry.email, entry.language]).sort()).toEqual([
        ["island-plain-es@example.com", "es"],
        ["island-plain@example.com", "en"],
        ["island-waiting@example.com", "en"],
      ]);
      const [contactViews] = await database.db
        .select({ views: pageViews.views })
        .from(pageViews)
        .where(eq(pageViews.pageName, "Contact"));
      expect(contactViews?.views).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
