// Staff answers stay out of every cache however their address is written (issue 36,
// server/staff-no-store.ts, docs/security.md): asked of the production server with the path sent
// exactly as written (node:http; fetch, like a browser, takes dot segments out first, and a script
// need not). Before, `/photos/%2e%2e/customers` with a staff cookie was the Customers page without
// any Cache-Control, since every path starting with `/photos/` was exempt. A real photo file keeps
// its year of caching.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { signInOwnerAndStaff } from "../../support/staff-accounts";

let store: ServerStore;
let server: AppServer;
/** A Staff account's real session: what a signed-in front desk's browser sends. */
let staffCookie: string;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  staffCookie = await withStoreDatabase(store, async (db) => {
    await seedCatalogueOnce(db);
    return (await signInOwnerAndStaff(db, "front-desk@example.com")).staffCookie;
  });
  server = await startAppServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** GET `target` exactly as written. */
function rawGet(
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; cacheControl: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(server.url, { path: target, headers });
    request.on("error", reject);
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          cacheControl: response.headers["cache-control"],
          body,
        }),
      );
    });
    request.end();
  });
}

describe("a staff page reached through /photos/", () => {
  it("is the staff page, and private, no-store", async () => {
    const customers = await rawGet("/photos/%2e%2e/customers", { Cookie: staffCookie });
    expect(customers.status).toBe(200);
    expect(customers.body).toMatch(/<title>Customers/);
    expect(customers.cacheControl).toBe("private, no-store");
  });

  it.each([
    "/photos/..%2fcustomers",
    "/photos/%2E%2E/scheduleadmin",
    "/photos/.%2e/dashboard",
    "/photos/%2e%2e/customers.data",
    "/photos/%2E%2E/scheduleadmin.data",
    "/photos/..%2Fcustomers.data",
  ])("%s is private, no-store for a signed-in browser", async (target) => {
    const response = await rawGet(target, { Cookie: staffCookie });
    expect(response.cacheControl).toBe("private, no-store");
  });

  it("without a session, a staff page's address written another way is no-store too", async () => {
    for (const target of [
      "/photos/%2E%2E/scheduleadmin",
      "/customer%73",
      "/photos/%2e%2e/dashboard.data",
    ]) {
      const response = await rawGet(target);
      expect(response.cacheControl, target).toBe("private, no-store");
    }
  });
});

describe("a photo file", () => {
  it("is cached for a year, signed in or not", async () => {
    const gallery = await rawGet("/gallery");
    const photo = /\/photos\/[0-9a-f]+-[0-9]+\.(?:avif|webp|jpg)/.exec(gallery.body)?.[0];
    expect(photo).toBeDefined();
    for (const headers of [{}, { Cookie: staffCookie }] as Record<string, string>[]) {
      const response = await rawGet(photo ?? "", headers);
      expect(response.status).toBe(200);
      expect(response.cacheControl).toBe("public, max-age=31536000, immutable");
    }
  });
});
