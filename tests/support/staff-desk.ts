// What the front desk's integration tests share (front-desk.test.ts, visit-payment.test.ts): a
// database for the test file with the seeded catalogue and a signed-in staff user, and the staff
// routes run as React Router runs them behind the staff layout's middleware.
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, vi } from "vitest";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { staffOnly } from "~/lib/staff-only.server";
import type { Database } from "~/services/db/client.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import { setUpTestDatabase } from "./test-database-hook";

/** Five days ahead in the salon: past any minimum notice, inside the horizon (the clock is real). */
export const FIVE_DAYS_AHEAD = salonDateOf(new Date(Date.now() + 5 * 86_400_000), SALON_TIME_ZONE);

/** What a staff action answers, as the front desk's forms read it. */
export type StaffAnswer = {
  data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
  init: { status: number };
};

interface StaffDesk {
  /** The test file's database (open from beforeAll on). */
  db: Database;
  /** A signed-in staff user's session cookie, new for each test. */
  cookie: string;
}

/**
 * Opens the test file's database and closes it after all its tests; before each test empties it,
 * seeds the catalogue and signs a staff user in. Its fields are filled in by the time a test runs.
 */
export function setUpStaffDesk(): StaffDesk {
  const desk = { cookie: "" } as StaffDesk;
  const database = setUpTestDatabase();
  beforeAll(() => {
    desk.db = database.db;
  });
  beforeEach(async () => {
    await seedCatalogueOnce(desk.db);
    const created = await createOrResetStaffUser(desk.db, "desk@example.com", "long password 1");
    if (!created.ok) throw new Error("no staff user");
    desk.cookie = `${SESSION_COOKIE}=${await createSession(desk.db, created.user.id)}`;
  });
  return desk;
}

/**
 * As React Router runs a staff route: the staff layout's middleware (staffOnly), then `run` (the
 * route's action or loader). What either throws (a redirect, a 401) is answered, not thrown.
 */
export function asStaff(
  db: Database,
  request: Request,
  run: (args: never) => unknown,
  pattern: string,
  /** The site's configured address (PUBLIC_URL), which the emails' links name. */
  siteUrl = "https://nails.example",
): Promise<unknown> {
  const context = Object.assign(new RouterContextProvider(), {
    db,
    kickEmail: vi.fn(),
    clientAddress: "203.0.113.9",
    secure: false,
    siteUrl,
  });
  const args = { request, context, params: {}, url: new URL(request.url), pattern };
  return Promise.resolve(
    staffOnly(args as Parameters<typeof staffOnly>[0], () =>
      Promise.resolve(run(args as never) as Response),
    ),
  ).catch((thrown: unknown) => thrown);
}
