// /events (server/live-events.ts): an open page hears of a change it shows within 2 seconds, from
// its own process and, on PostgreSQL, from another process on the same database. Visitors hear only
// what public pages show; staff hear everything. The stream is never compressed or cached, and
// an open stream does not hold up a shutdown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";
import { logIn } from "../../support/staff-accounts";

const STAFF = { email: "owner@example.com", password: "a long enough password" };

let store: ServerStore;
let server: AppServer;
let slots: FreeSlot[];

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  slots = await withStoreDatabase(store, async (db) => {
    await seedCatalogueOnce(db);
    await createOrResetStaffUser(db, STAFF.email, STAFF.password);
    return findDistinctFreeSlots(db, 3);
  });
  server = await startAppServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** An open /events stream: the events it has received so far, as "event:data" strings. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${url}/events`, { headers, signal: controller.signal });
  const events: string[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push(`${event}:${data}`);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted
    }
  })();
  return { response, events, close: () => controller.abort() };
}

async function book(url: string, slot: FreeSlot, email: string) {
  const response = await fetch(`${url}/schedule/book`, {
    method: "POST",
    body: new URLSearchParams({
      date: slot.dateIso,
      service: slot.typeId,
      technician: slot.technician,
      slot: slot.startsAt,
      name: "Live Test",
      email,
    }),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe("live events", () => {
  it("tells an open page of a booking within 2 s; visitors hear only what public pages show", async () => {
    const visitor = await openStream(server.url, { "Accept-Encoding": "gzip, br" });
    const staff = await openStream(server.url, { Cookie: await logIn(server.url, STAFF) });
    expect(visitor.response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(visitor.response.headers.get("Content-Encoding")).toBeNull();
    expect(visitor.response.headers.get("Cache-Control")).toBe("no-store, no-transform");

    const started = performance.now();
    await book(server.url, slots[0] as FreeSlot, "live-1@example.com");
    await expect.poll(() => visitor.events, { timeout: 2000 }).toContain("change:appointments");
    await expect.poll(() => staff.events, { timeout: 2000 }).toContain("change:appointments");
    console.log(
      `live events (same process): a booking reached the stream in ${Math.round(performance.now() - started)} ms (the POST included)`,
    );

    // A contact message is the staff's business only.
    const sent = await fetch(`${server.url}/contact/send`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Ana Ruiz",
        email: "ana@example.com",
        reason: "Question",
        message: "Do you take walk-ins?",
      }),
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => staff.events, { timeout: 2000 }).toContain("change:contact_entries");
    expect(visitor.events).not.toContain("change:contact_entries");
    visitor.close();
    staff.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "reaches a page open on another process on the same PostgreSQL",
    async () => {
      const other = await startAppServer(store);
      try {
        const stream = await openStream(other.url);
        const started = performance.now();
        await book(server.url, slots[1] as FreeSlot, "live-2@example.com");
        await expect.poll(() => stream.events, { timeout: 2000 }).toContain("change:appointments");
        console.log(`live events (two processes): ${Math.round(performance.now() - started)} ms`);
        stream.close();
      } finally {
        await other.stop("SIGKILL");
      }
    },
    60_000,
  );

  it("does not hold up a shutdown: SIGTERM with open streams exits 0 at once", async () => {
    const streams = await Promise.all([openStream(server.url), openStream(server.url)]);
    const started = performance.now();
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(performance.now() - started).toBeLessThan(5000);
    for (const stream of streams) stream.close();
  }, 30_000);
});
