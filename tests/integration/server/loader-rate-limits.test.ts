// The limits routes apply to their whole loader (docs/security.md), through the production
// server: the emailed links' pages (per client address) and the front desk's 'Existing customers'
// lookup (per staff account). Each counts every request whose query reads, and once over its
// limit answers 429: the page's own "Please wait a moment" card, or the lookup's JSON with
// Retry-After. A query that does not read gets its 400 and is not counted. Before each burst the
// server's clock is moved a second into a fresh window of its limit, so the burst fits in one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type MovableClock,
  movableClock,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";
import { signInOwnerAndStaff } from "../../support/staff-accounts";

// app/services/platform/rate-limits.server.ts: RATE_LIMITS.
const LINK_LOOKUPS = 60;
const CUSTOMER_LOOKUPS = 120;
const MINUTE = 60_000;
const WINDOW_MS = 10 * MINUTE;

let store: ServerStore;
let server: AppServer;
let cookies: { ownerCookie: string; staffCookie: string };
let clock: MovableClock;
/** How far the server's clock was moved ahead of the machine's. */
let clockOffsetMs = 0;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  const prepared = await store.open();
  try {
    await seedCatalogueOnce(prepared.db);
    cookies = await signInOwnerAndStaff(prepared.db, "desk@example.com");
  } finally {
    await prepared.close();
  }
  clock = movableClock();
  server = await startAppServer(store, { TRUST_PROXY: "1", ...clock.env });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
  clock?.remove();
});

/** Moves the server's clock a second into the next window of `windowMs` (aligned to the epoch). */
async function freshWindow(windowMs: number): Promise<void> {
  const ms = windowMs - ((Date.now() + clockOffsetMs) % windowMs) + 1000;
  await clock.advance(server, ms);
  clockOffsetMs += ms;
}

function get(path: string, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
}

describe("the front desk's customer lookup", () => {
  it("answers one staff account 120 lookups a minute, then 429 as JSON; another account goes on", async () => {
    await freshWindow(MINUTE);
    const asStaff = { Cookie: cookies.staffCookie };
    for (let i = 1; i < CUSTOMER_LOOKUPS; i++) {
      expect((await get("/scheduleadmin/customers?q=zz", asStaff)).status).toBe(200);
    }
    // Unreadable: answered 400, not counted.
    expect((await get("/scheduleadmin/customers?q=%00", asStaff)).status).toBe(400);
    expect((await get("/scheduleadmin/customers?q=zz", asStaff)).status).toBe(200);
    const refused = await get("/scheduleadmin/customers?q=zz", asStaff);
    expect(refused.status).toBe(429);
    // A staff answer, kept by no cache (server/staff-no-store.ts).
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({ ok: false, error: "Too many lookups: wait a minute." });
    // From another address too: it counts the account.
    const elsewhere = { ...asStaff, "X-Forwarded-For": "198.51.100.7" };
    expect((await get("/scheduleadmin/customers?q=zz", elsewhere)).status).toBe(429);
    const owner = await get("/scheduleadmin/customers?q=zz", { Cookie: cookies.ownerCookie });
    expect(owner.status).toBe(200);
  }, 120_000);
});

describe("the emailed links' pages", () => {
  it.each([
    ["/manage?token=", "203.0.113.21"],
    ["/schedule/confirm?token=", "203.0.113.22"],
    ["/waitlist?token=", "203.0.113.23"],
    ["/waitlist/confirm?token=", "203.0.113.24"],
    ["/schedule/secure?token=", "203.0.113.25"],
    ["/schedule/fee?token=", "203.0.113.26"],
  ])(
    "%s: 60 lookups per address, then 429 with the page's own card",
    async (page, address) => {
      await freshWindow(WINDOW_MS);
      const from = (client: string) => ({ "X-Forwarded-For": client });
      const guess = (i: number) => `${page}${String(i).padStart(6, "0")}${"Q".repeat(37)}`;
      for (let i = 1; i < LINK_LOOKUPS; i++) {
        expect((await get(guess(i), from(address))).status).toBe(404);
      }
      // Unreadable: answered 400, not counted.
      expect((await get(`${page}%00`, from(address))).status).toBe(400);
      expect((await get(guess(0), from(address))).status).toBe(404);
      const refused = await get(guess(LINK_LOOKUPS), from(address));
      expect(refused.status).toBe(429);
      // Each page's document carries its loader's headers (its `headers` export).
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      expect(refused.headers.get("Referrer-Policy")).toBe("same-origin");
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      const html = await refused.text();
      expect(html).toContain("Please wait a moment");
      expect(html).toContain("There were many attempts from your connection in a short time.");
      // Another address is not refused.
      expect((await get(guess(0), from("203.0.113.99"))).status).toBe(404);
    },
    120_000,
  );
});
