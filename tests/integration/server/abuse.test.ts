// Abuse (issue 8): the contact and booking actions are rate limited per client address, through
// the production server. One address that keeps posting is refused with 429 and the form's
// message once over the limit, even for a valid form, and nothing is stored; another address
// is unaffected, and ordinary use (a few messages, a few bookings) passes. The server trusts
// X-Forwarded-For here (TRUST_PROXY=1), as behind the reverse proxy, to play several clients.
// The limits count in fixed ten-minute windows aligned to the clock, and a burst that straddled
// a window's end would be counted in two: the server's clock is set to a second into a window
// (tests/support/shifted-clock.mjs), and every burst of this file falls in that window, each
// from addresses of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/services/booking/booking.server";
import { appointments, contactEntries } from "~/services/db/schema.server";
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
import { rowsWithEmail, type TableWithEmail } from "../../support/stored-rows";

// The limits in app/services/contact/contact-action.server.ts and booking-action.server.ts: hits per
// 10-minute window.
const CONTACT_LIMIT = 30;
const BOOKING_LIMIT = 20;
const WINDOW_MS = 10 * 60_000;
// app/routes/manage.tsx: page loads with a token per address and window.
const MANAGE_LOOKUP_LIMIT = 60;
// app/routes/schedule-waitlist.ts: joins per address and window.
const WAITLIST_LIMIT = 10;

let store: ServerStore;
let server: AppServer;
let slots: FreeSlot[];
/** The manage-link token of a booking made before the server starts. */
let manageToken: string;
/** How far the server's clock is off the machine's: it started a second into a window. */
let clockOffsetMs = 0;
/** The window the server's clock was in when it started. */
let windowOfServer = 0;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  const prepared = await store.open();
  try {
    await seedCatalogueOnce(prepared.db);
    slots = await findDistinctFreeSlots(prepared.db, 17);
    const slot = slots[9] as FreeSlot;
    const booked = await bookAppointment(prepared.db, {
      dateIso: slot.dateIso,
      typeId: slot.typeId,
      technician: slot.technician,
      startsAt: slot.startsAt,
      name: "Link Owner",
      email: "link-owner@example.com",
    });
    if (!booked.ok) throw new Error(`Could not book: ${JSON.stringify(booked)}`);
    manageToken = booked.manageToken;
  } finally {
    await prepared.close();
  }
  // The nearer start of a window (at most five minutes away), and a second into it.
  const into = Date.now() % WINDOW_MS;
  clockOffsetMs = (into < WINDOW_MS / 2 ? -into : WINDOW_MS - into) + 1000;
  server = await startAppServer(store, { TRUST_PROXY: "1", ...shiftedClockEnv(clockOffsetMs) });
  windowOfServer = Math.floor((Date.now() + clockOffsetMs) / WINDOW_MS);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** Where each page's JavaScript posts its form: the islands' JSON endpoints. */
const SCRIPT_PATHS: Record<string, string> = {
  "/schedule": "/schedule/book",
  "/contact": "/contact/send",
};

/**
 * Posts a form as the page's JavaScript does (`page`: as a browser without JavaScript does, to
 * the page itself).
 */
async function post(
  path: string,
  fields: Record<string, string>,
  address: string,
  as: "script" | "page" = "script",
) {
  const target = as === "script" ? (SCRIPT_PATHS[path] ?? `${path}.data`) : path;
  const response = await fetch(`${server.url}${target}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "X-Forwarded-For": address },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * A burst starts in the server's first window, with time to spare (the whole file takes well
 * under a minute of its ten).
 */
function inTheServersWindow(): void {
  const serverNow = Date.now() + clockOffsetMs;
  const left = (windowOfServer + 1) * WINDOW_MS - serverNow;
  if (Math.floor(serverNow / WINDOW_MS) !== windowOfServer || left < 120_000) {
    throw new Error(`The server's rate-limit window has ${left} ms left: too little for a burst`);
  }
}

function booking(slot: FreeSlot, email: string): Record<string, string> {
  return {
    date: slot.dateIso,
    service: slot.typeId,
    technician: slot.technician,
    slot: slot.startsAt,
    name: "Rate Limit Test",
    email,
  };
}

const message = (email: string) => ({
  name: "Ana Ruiz",
  email,
  reason: "Question",
  message: "Do you take walk-ins on Sundays?",
});

describe("rate limits per client address", () => {
  it("booking: a person's few bookings pass; a flood from one address is refused, others are not", async () => {
    inTheServersWindow();
    // Ordinary use: one person books three times.
    for (const [i, slot] of slots.slice(0, 3).entries()) {
      const answer = await post(
        "/schedule",
        booking(slot, `person-${i}@example.com`),
        "203.0.113.10",
      );
      expect(answer.status, answer.text).toBe(200);
    }
    // A flood: every attempt counts, refused ones too (here: a time already taken).
    const taken = booking(slots[0] as FreeSlot, "flood@example.com");
    for (let i = 0; i < BOOKING_LIMIT; i++) {
      expect((await post("/schedule", taken, "203.0.113.66")).status).toBe(409);
    }
    // Over the limit, even a valid booking from that address is refused, and not stored.
    const refused = await post(
      "/schedule",
      booking(slots[3] as FreeSlot, "flood@example.com"),
      "203.0.113.66",
    );
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many bookings from this address. Please call us.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The form without JavaScript posts to the page itself: the same limit holds there.
    const refusedPage = await post(
      "/schedule",
      booking(slots[3] as FreeSlot, "flood@example.com"),
      "203.0.113.66",
      "page",
    );
    expect(refusedPage.status).toBe(429);
    // Another address books that very time.
    const other = await post(
      "/schedule",
      booking(slots[3] as FreeSlot, "other@example.com"),
      "203.0.113.11",
    );
    expect(other.status, other.text).toBe(200);
  }, 120_000);

  it("booking: one customer (by email or phone) holds at most 6 upcoming bookings, whatever the address", async () => {
    inTheServersWindow();
    const customer = (slot: FreeSlot, email: string, phone: string) => ({
      ...booking(slot, email),
      phone,
    });
    // Six, each from another address: the per-address limit never sees them.
    for (const [i, slot] of slots.slice(10, 16).entries()) {
      const answer = await post(
        "/schedule",
        customer(slot, "whole-day@example.com", "(312) 555-0177"),
        `198.51.100.${i + 1}`,
      );
      expect(answer.status, answer.text).toBe(200);
    }
    const seventh = slots[16] as FreeSlot;
    // The seventh, by another email with the same phone, is refused and the visitor told to call.
    const refused = await post(
      "/schedule",
      customer(seventh, "someone-else@example.com", "312.555.0177"),
      "198.51.100.7",
    );
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toMatchObject({
      ok: false,
      callUs: true,
      message:
        "You already have 6 upcoming appointments with us. To book another, please call us at (312) 555-0142.",
    });
    // The form without JavaScript gets the same answer.
    const refusedPage = await post(
      "/schedule",
      customer(seventh, "WHOLE-DAY@example.com", ""),
      "198.51.100.8",
      "page",
    );
    expect(refusedPage.status).toBe(409);
  }, 120_000);

  it("contact: a visitor's messages pass; a flood from one address is refused, others are not", async () => {
    inTheServersWindow();
    for (let i = 0; i < 2; i++) {
      expect((await post("/contact", message("visitor@example.com"), "203.0.113.20")).status).toBe(
        200,
      );
    }
    // A flood of incomplete messages: each one counts.
    const { message: _left, ...incomplete } = message("flood@example.com");
    for (let i = 0; i < CONTACT_LIMIT; i++) {
      expect((await post("/contact", incomplete, "203.0.113.77")).status).toBe(400);
    }
    const refused = await post("/contact", message("flood@example.com"), "203.0.113.77", "page");
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(
      "You have sent several messages in a short time. Please try again later.",
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await post("/contact", message("neighbour@example.com"), "203.0.113.21")).status).toBe(
      200,
    );
  }, 120_000);

  it("manage link: guessing tokens from one address is stopped; the owner elsewhere is not", async () => {
    inTheServersWindow();
    const open = async (token: string, address: string) =>
      (
        await fetch(`${server.url}/manage?token=${token}`, {
          headers: { "X-Forwarded-For": address },
        })
      ).status;
    const guess = (i: number) => `${String(i).padStart(6, "0")}${"Q".repeat(37)}`;
    for (let i = 0; i < MANAGE_LOOKUP_LIMIT; i++) {
      expect(await open(guess(i), "203.0.113.88")).toBe(404);
    }
    // Over the limit: refused before the token is even looked at, the right one included.
    expect(await open(guess(MANAGE_LOOKUP_LIMIT), "203.0.113.88")).toBe(429);
    expect(await open(manageToken, "203.0.113.88")).toBe(429);
    // The customer, from their own connection, opens their appointment.
    expect(await open(manageToken, "203.0.113.30")).toBe(200);
    expect(await open(guess(0), "203.0.113.30")).toBe(404);
  }, 120_000);

  it("waitlist: a flood of joins from one address is refused (429); another address is not", async () => {
    inTheServersWindow();
    const join = (email: string, address: string) =>
      fetch(`${server.url}/schedule/waitlist`, {
        method: "POST",
        body: new URLSearchParams({
          date: slots[0]?.dateIso ?? "",
          service: slots[0]?.typeId ?? "",
          technician: "any",
          name: "Flood",
          email,
        }),
        headers: { Accept: "application/json", "X-Forwarded-For": address },
      });
    // Each join counts, even one the server refuses (this day has free times: no waitlist).
    for (let i = 0; i < WAITLIST_LIMIT; i++) {
      expect((await join(`flood${i}@example.com`, "203.0.113.99")).status).toBe(400);
    }
    const refused = await join("flood@example.com", "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ ok: false, reason: "limited" });
    // Another address is heard (and told this day has times).
    const neighbour = await join("neighbour@example.com", "203.0.113.31");
    expect(await neighbour.json()).toMatchObject({ ok: false, reason: "not-full" });
  }, 120_000);

  it("stored what people sent, nothing from the refused requests", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    const database = await store.open();
    try {
      const count = (table: TableWithEmail, email: string) =>
        rowsWithEmail(database.db, table, email);
      expect(await count(appointments, "flood@example.com")).toBe(0);
      expect(await count(appointments, "other@example.com")).toBe(1);
      expect(await count(appointments, "whole-day@example.com")).toBe(6);
      expect(await count(appointments, "someone-else@example.com")).toBe(0);
      for (let i = 0; i < 3; i++)
        expect(await count(appointments, `person-${i}@example.com`)).toBe(1);
      expect(await count(contactEntries, "flood@example.com")).toBe(0);
      expect(await count(contactEntries, "visitor@example.com")).toBe(2);
      expect(await count(contactEntries, "neighbour@example.com")).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
