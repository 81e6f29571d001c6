// The dashboard's 'Outbox' on a server without SMTP_URL (as `npm start` runs by default): the
// owner is told plainly that no email leaves, sees what waits, and 'Retry Now' is staff-only.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { logIn } from "../../support/staff-accounts";

const STAFF = { email: "owner@example.com", password: "a long enough password" };
let store: ServerStore;
let server: AppServer;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  await withStoreDatabase(store, (db) => createOrResetStaffUser(db, STAFF.email, STAFF.password));
  server = await startAppServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

it("says email is not set up, lists the waiting emails, and retries one only for staff", async () => {
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
  const cookie = await logIn(server.url, STAFF);
  const html = await (
    await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie } })
  ).text();
  expect(html).toContain("Email is not set up");
  expect(html).toContain("Thank you for your message to 2 x 10 Nails &amp; Spa");
  const id = /name="id" value="([0-9a-f-]{36})"[^>]*>\s*<button[^>]*value="retry-email"/.exec(
    html,
  )?.[1];
  expect(id).toBeDefined();

  const retry = (headers: Record<string, string>) =>
    fetch(`${server.url}/dashboard.data`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ intent: "retry-email", id: id ?? "" }),
    });
  expect((await retry({})).status).toBe(401);
  expect((await retry({ Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
  expect((await retry({ Cookie: cookie })).status).toBe(200);
});
