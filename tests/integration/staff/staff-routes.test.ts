// Every staff route, as the routes' handles declare them (a route is staff when it or a route
// above it says `staff: true`: app/lib/route-handle.ts), asked of the production server without
// a session: its page, its data request and its action (docs/product.md#staff-rules-on-the-server). A page is redirected to
// /login; a data request or an action gets 401 and no staff data; nothing changes. The list comes
// from the build, not from this file: a staff route added outside the staff layout
// (app/routes/staff-layout.tsx, whose middleware is the one check) fails here.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteFacts } from "~/lib/route-handle";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import type { Database } from "~/services/db/client.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  builtRouteFacts,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";

const STAFF_LAYOUT = "routes/staff-layout";
const PROBE_TYPE = `Probe Type ${Date.now()}`;
/** A complete 'Add Appointment Type' form: signed in, it would create a type. */
const CREATE_TYPE = {
  intent: "create",
  type: PROBE_TYPE,
  category: "Manicure",
  startTime: "10:00",
  endTime: "18:00",
  durationMin: "30",
  price: "$35",
  description: "Should never be stored.",
  daysOfWeek: "Monday",
  technicians: "Mara",
};
/** What no anonymous answer may carry: the staff pages' data and any email address. */
const STAFF_DATA = /pageViews|contactEntries|appointments|closedDays|Contact Entries|@/;

let facts: RouteFacts;
let store: ServerStore;
let server: AppServer;
let before: Record<string, number>;

/** The rows staff actions write, and the staff pages' view counts (none for anonymous asks). */
async function counts(db: Database): Promise<Record<string, number>> {
  const result = await db.execute(
    sql`select (select count(*) from appointment_types)::int as types,
               (select count(*) from appointment_types where type = ${PROBE_TYPE})::int as probes,
               (select count(*) from appointments)::int as appointments,
               (select count(*) from closed_days)::int as closed_days,
               (select count(*) from staff_sessions)::int as sessions,
               (select coalesce(sum(views), 0) from page_views
                 where page_name in ('Dashboard', 'Schedule Admin'))::int as staff_views`,
  );
  return ((result as { rows: Record<string, number>[] }).rows[0] ?? {}) as Record<string, number>;
}

const withDatabase = <T>(use: (db: Database) => Promise<T>) => withStoreDatabase(store, use);

beforeAll(async () => {
  facts = await builtRouteFacts();
  store = await createServerStore();
  before = await withDatabase(async (db) => {
    await seedCatalogueOnce(db);
    return counts(db);
  });
  server = await startAppServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

describe("staff routes without a staff session", () => {
  it("are all under the staff layout", () => {
    const staff = facts.routes.filter((route) => route.staff);
    expect(staff.length).toBeGreaterThan(0);
    for (const route of staff) expect(route.chain, route.path).toContain(STAFF_LAYOUT);
  });

  it("redirect pages to /login and answer data requests and actions 401, with no staff data", async () => {
    const origin = server.url;
    const forged = `${SESSION_COOKIE}=${"A".repeat(43)}`;
    for (const cookie of [undefined, forged]) {
      const headers: Record<string, string> = {
        Origin: origin,
        ...(cookie ? { Cookie: cookie } : {}),
      };
      for (const route of facts.routes.filter((candidate) => candidate.staff)) {
        const asked = `${route.path}${cookie ? " (forged cookie)" : ""}`;
        const page = await fetch(`${origin}${route.path}`, { headers, redirect: "manual" });
        expect(page.status, `GET ${asked}`).toBe(302);
        expect(page.headers.get("Location"), `GET ${asked}`).toBe("/login");
        expect(await page.text(), `GET ${asked}`).not.toMatch(STAFF_DATA);

        const data = await fetch(`${origin}${route.path}.data`, { headers, redirect: "manual" });
        expect(data.status, `GET ${asked}.data`).toBe(401);
        expect(await data.text(), `GET ${asked}.data`).not.toMatch(STAFF_DATA);

        for (const target of [route.path, `${route.path}.data`]) {
          const posted = await fetch(`${origin}${target}`, {
            method: "POST",
            headers,
            body: new URLSearchParams(CREATE_TYPE),
            redirect: "manual",
          });
          const expected = target.endsWith(".data") ? 401 : 302;
          expect(posted.status, `POST ${target}`).toBe(expected);
          if (expected === 302) expect(posted.headers.get("Location")).toBe("/login");
          expect(await posted.text(), `POST ${target}`).not.toMatch(STAFF_DATA);
        }
      }
    }
  });

  it("change nothing", async () => {
    await server.stop();
    const after = await withDatabase(counts);
    expect(after).toEqual(before);
    expect(after.probes).toBe(0);
    expect(after.staff_views).toBe(0);
  });
});
