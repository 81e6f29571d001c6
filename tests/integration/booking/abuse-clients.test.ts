// Abuse (issue 31): what one client may take of the public site's costly parts, through the
// production server. A client is its IPv4 address or its IPv6 /64 (docs/security.md#clients):
// the addresses of one home connection share one allowance. The server trusts X-Forwarded-For
// here (TRUST_PROXY=1), as behind the reverse proxy, to play several clients.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";

/** The smallest budget the configuration takes: three months of one service (31 each), then no. */
const BUDGET = 100;
const MAX_STREAMS_PER_CLIENT = 4;

let store: ServerStore;
let server: AppServer;
let serviceId: string;
const month = salonDateOf(new Date(), SALON_TIME_ZONE).slice(0, 7);

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  serviceId = await withStoreDatabase(store, async (db) => {
    await seedCatalogueOnce(db);
    const [type] = await listAppointmentTypes(db);
    if (!type) throw new Error("No service seeded");
    return type.id;
  });
  server = await startAppServer(store, { TRUST_PROXY: "1", LISTING_BUDGET: String(BUDGET) });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

const get = (path: string, address: string, signal?: AbortSignal) =>
  fetch(`${server.url}${path}`, { headers: { "X-Forwarded-For": address }, signal });

const monthOf = (address: string) =>
  get(`/schedule/days?month=${month}&service=${serviceId}`, address).then((r) => r.status);

describe("a client is its IPv4 address or its IPv6 /64", () => {
  it("lets the addresses of one /64 share one listing budget; another /64 and each IPv4 address have their own", async () => {
    // Three months of a service: 93 of the 100 listings.
    for (const address of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:ffff::3"]) {
      expect(await monthOf(address)).toBe(200);
    }
    // A fourth month from a fresh address of the same /64: over the budget, refused.
    expect(await monthOf("2001:db8:7:1:abcd::9")).toBe(429);
    const times = await get(
      `/schedule/times?date=2030-01-01&service=${serviceId}`,
      "2001:db8:7:1::7",
    );
    expect(times.status).toBe(429);
    expect(times.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await times.json()).toEqual({
      ok: false,
      error: "Too many searches from this address. Please wait a few minutes and try again.",
    });
    // Another /64, and three IPv4 addresses: each its own client.
    expect(await monthOf("2001:db8:7:2::1")).toBe(200);
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      expect(await monthOf(address)).toBe(200);
    }
  });
});

describe("the month calendar's query", () => {
  it("answers a month outside the bookable ones, or a malformed one, with 400, never 500", async () => {
    for (const [index, query] of [
      "month=9999-12",
      "month=0000-01",
      "month=2020-13",
      "month=abc",
      "month=",
    ].entries()) {
      const response = await get(`/schedule/days?${query}`, `203.0.113.${10 + index}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: "Choose a month." });
    }
  });
});

describe("live-update streams", () => {
  it(`keeps ${MAX_STREAMS_PER_CLIENT} open per client; the next gets 429 while another client's stream works`, async () => {
    const controller = new AbortController();
    try {
      const opened = [];
      for (let n = 0; n < MAX_STREAMS_PER_CLIENT; n += 1) {
        opened.push(await get("/events", `2001:db8:9:1::${n + 1}`, controller.signal));
      }
      expect(opened.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      const fifth = await get("/events", "2001:db8:9:1::99", controller.signal);
      const sixth = await get("/events", "2001:db8:9:1::100", controller.signal);
      expect([fifth.status, sixth.status]).toEqual([429, 429]);
      const other = await get("/events", "2001:db8:9:2::1", controller.signal);
      expect(other.status).toBe(200);
      expect(other.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    } finally {
      controller.abort();
    }
    // Closed streams count no more: the client may open one again.
    const again = new AbortController();
    try {
      await expect
        .poll(async () => (await get("/events", "2001:db8:9:1::1", again.signal)).status)
        .toBe(200);
    } finally {
      again.abort();
    }
  });
});
