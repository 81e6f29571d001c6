// The server as deployed behind a TLS-terminating reverse proxy (nginx on the same machine:
// TRUST_PROXY=1, PUBLIC_URL=https://...): a browser signs in and gets a Secure cookie, the
// client's address is the proxy's last entry (a client cannot choose its own), and links carry
// the configured origin whatever Host the request names (docs/security.md).
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
} from "../../support/app-server";

const SITE = "https://salon.example";
const EMAIL = "owner@example.com";
const PASSWORD = "a long enough password";

let store: ServerStore;
let server: AppServer;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  const database = await store.open();
  try {
    await createOrResetStaffUser(database.db, EMAIL, PASSWORD);
  } finally {
    await database.close();
  }
  server = await startAppServer(store, { PUBLIC_URL: SITE, TRUST_PROXY: "1" });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** A request as nginx passes it on: the site's Host, the browser's address and scheme added. */
function viaProxy(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    ...init,
    headers: {
      Host: "salon.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.20",
      ...init.headers,
    },
  });
}

describe("behind a TLS proxy, with PUBLIC_URL set", () => {
  it("signs a browser in with a Secure session cookie", async () => {
    const response = await viaProxy("/login", {
      method: "POST",
      headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
  });

  it("links to the configured origin, never to the Host a request names", async () => {
    const html = await (await viaProxy("/about", { headers: { Host: "evil.example" } })).text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/about"/>`);
    expect(html).not.toContain("evil.example");
    const robots = await (
      await viaProxy("/robots.txt", { headers: { Host: "evil.example" } })
    ).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("counts failed sign-ins against the proxy's last address, not one the client wrote", async () => {
    // A client adds its own X-Forwarded-For entries; nginx appends the real address last. Ten
    // failures from "many" forged addresses are ten from one client: the eleventh is refused.
    for (let i = 0; i < 10; i++) {
      const response = await viaProxy("/login", {
        method: "POST",
        headers: {
          "Sec-Fetch-Site": "same-origin",
          "X-Forwarded-For": `198.51.100.${i}, 203.0.113.30`,
        },
        body: new URLSearchParams({ email: `nobody${i}@example.com`, password: "wrong password" }),
      });
      expect(response.status).toBe(401);
    }
    const eleventh = await viaProxy("/login", {
      method: "POST",
      headers: {
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": "198.51.100.99, 203.0.113.30",
      },
      body: new URLSearchParams({ email: "nobody@example.com", password: "wrong password" }),
    });
    expect(eleventh.status).toBe(429);
  });
});
