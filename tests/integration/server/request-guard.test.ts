// What another site's page can make its visitors' browsers do, and what a client can send, asked
// of the production server (server/request-guard.ts, docs/security.md):
// - every route's action (pages, data requests, the islands' JSON endpoints), posted cross-site,
//   is refused with 403 before anything reads it: no booking, no message, no email, not even a
//   rate-limit hit;
// - the same posts from the site itself still work;
// - bodies over MAX_BODY_BYTES get 413 unread, and the server keeps answering;
// - staff pages and anything answered to a signed-in browser are never cached; each security
//   header is sent once.
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).

import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteFacts } from "~/lib/route-handle";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import type { Database } from "~/services/db/client.server";
import { emailOutbox } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import {
  type AppServer,
  builtRouteFacts,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";

const EVIL = "https://evil.example";
/** A message that, accepted, would be stored, emailed twice and counted against the limit. */
const CONTACT = {
  name: "Forged Visitor",
  email: "forged@example.com",
  reason: "Question",
  message: "Sent by another site's page.",
};

let facts: RouteFacts;
let store: ServerStore;
let server: AppServer;
let before: Record<string, number>;
let slot: FreeSlot;

async function counts(db: Database): Promise<Record<string, number>> {
  const result = await db.execute(
    sql`select (select count(*) from contact_entries)::int as messages,
               (select count(*) from appointments)::int as appointments,
               (select count(*) from email_outbox)::int as emails,
               (select count(*) from staff_sessions)::int as sessions,
               (select count(*) from rate_limits)::int as rate_limits,
               (select count(*) from slot_holds)::int as holds,
               (select count(*) from waitlist_entries)::int as waitlist`,
  );
  return ((result as { rows: Record<string, number>[] }).rows[0] ?? {}) as Record<string, number>;
}

const withDatabase = <T>(use: (db: Database) => Promise<T>) => withStoreDatabase(store, use);

/** Every address an action can be posted to: each route's page and data request. */
function actionTargets(): string[] {
  const targets = new Set<string>();
  for (const route of facts.routes) {
    targets.add(route.path);
    targets.add(route.path === "/" ? "/_root.data" : `${route.path}.data`);
  }
  return [...targets];
}

beforeAll(async () => {
  facts = await builtRouteFacts();
  store = await createServerStore();
  before = await withDatabase(async (db) => {
    await seedCatalogueOnce(db);
    const [free] = await findDistinctFreeSlots(db, 1);
    if (!free) throw new Error("no free slot to book");
    slot = free;
    return counts(db);
  });
  server = await startAppServer(store, { MAX_BODY_BYTES: "65536" });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

describe("requests from another site", () => {
  it("are refused with 403 on every route's action, whatever the body", async () => {
    const targets = actionTargets();
    expect(targets).toEqual(expect.arrayContaining(["/contact/send", "/schedule/book", "/login"]));
    const forgeries: Record<string, string>[] = [
      { Origin: EVIL },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site", Origin: EVIL },
      // A sibling subdomain's page is another site's page too.
      { "Sec-Fetch-Site": "same-site" },
      { Cookie: `${SESSION_COOKIE}=${"A".repeat(43)}`, Origin: EVIL },
    ];
    // Every address in English and Spanish (some 300) with each forgery: a target's forgeries are
    // sent together, so the whole takes a second or two, not one request after another.
    for (const target of targets) {
      await Promise.all(
        forgeries.map(async (headers) => {
          const response = await fetch(`${server.url}${target}`, {
            method: "POST",
            headers,
            body: new URLSearchParams(CONTACT),
            redirect: "manual",
          });
          expect(response.status, `POST ${target} ${JSON.stringify(headers)}`).toBe(403);
        }),
      );
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${server.url}/contact/send`, {
        method,
        headers: { Origin: EVIL },
      });
      expect(response.status, method).toBe(403);
    }
  });

  it("leave reading alone: a cross-site GET of a page answers as usual", async () => {
    const response = await fetch(`${server.url}/contact`, { headers: { Origin: EVIL } });
    expect(response.status).toBe(200);
  });
});

describe("requests from the site itself", () => {
  it("pass, by Sec-Fetch-Site or by an Origin equal to the site's", async () => {
    const fromSite: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin" },
      { Origin: server.url },
    ];
    for (const headers of fromSite) {
      const response = await fetch(`${server.url}/contact/send`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ ...CONTACT, email: "real@example.com" }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe("oversized bodies", () => {
  it("get 413 before they are read, and the server keeps answering", async () => {
    const huge = `message=${"x".repeat(200 * 1024)}`;
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${server.url}/contact/send`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: huge,
      }).catch(() => undefined); // the server may close before the whole body is sent
      if (response) expect(response.status).toBe(413);
    }
    // Every route's action alike (the waitlist's join and its link's booking among them).
    const targets = actionTargets();
    expect(targets).toEqual(expect.arrayContaining(["/schedule/waitlist", "/waitlist"]));
    for (const target of targets) {
      const response = await fetch(`${server.url}${target}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: huge,
      }).catch(() => undefined);
      if (response) expect(response.status, `POST ${target}`).toBe(413);
    }
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it("refuse a body of unknown length (411) and accept one at the limit's side", async () => {
    const chunked = await fetch(`${server.url}/contact/send`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("name=Ana"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    const small = await fetch(`${server.url}/contact/send`, {
      method: "POST",
      body: new URLSearchParams({ ...CONTACT, message: "m".repeat(1000) }),
    });
    expect(small.status).toBe(200);
  });
});

describe("a body the server answers before reading it", () => {
  it("ends its connection (Connection: close), so the next request on a kept-alive client works", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(`${server.url}${path}`, {
          method,
          agent,
          headers: {
            "Sec-Fetch-Site": "same-origin",
            "Content-Type": "application/x-www-form-urlencoded",
            ...(body ? { "Content-Length": body.length } : {}),
          },
        });
        req.on("error", reject);
        req.on("response", (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        });
        req.end(body);
      });
    try {
      // 60 KB to the home page, which takes no posts: answered at once, the body never read.
      const early = await request("POST", "/", Buffer.alloc(60_000, "a=b&"));
      expect(early.status).toBe(405);
      expect(early.connection).toBe("close");
      for (let i = 0; i < 3; i++) {
        expect((await request("GET", "/healthz")).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe("the log", () => {
  it("has one JSON line per request (method, path, status, duration, id) and no token or email", async () => {
    const before = server.output().length;
    // Read to the end: a request is logged when its (streamed) answer has finished.
    await (await fetch(`${server.url}/manage?token=SECRET-TOKEN-123`)).text();
    await (
      await fetch(`${server.url}/contact/send`, {
        method: "POST",
        headers: { "X-Request-Id": "front-desk-42", "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ ...CONTACT, email: "private.person@example.com" }),
      })
    ).text();
    // Each is logged once its answer has gone, which may be a moment after the client read it.
    for (const line of [/GET \/manage 404.*\n/, /POST \/contact\/send 200.*\n/]) {
      await expect.poll(() => server.output().slice(before)).toMatch(line);
    }
    const lines = server.output().slice(before).trim().split("\n");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.req);
    // Each logged when its answer is complete, which need not be in the order they were sent.
    expect(requests.map((entry) => entry.msg).sort()).toEqual([
      "GET /manage 404",
      "POST /contact/send 200",
    ]);
    for (const entry of requests) {
      expect(entry).toMatchObject({ reqId: expect.any(String), responseTime: expect.any(Number) });
    }
    expect(requests.find((entry) => entry.msg === "POST /contact/send 200")?.reqId).toBe(
      "front-desk-42",
    );
    const text = lines.join("\n");
    expect(text).not.toContain("SECRET-TOKEN-123");
    expect(text).not.toContain("private.person@example.com");
  });
});

describe("caching and headers", () => {
  it("keeps staff answers and answers to a signed-in browser out of every cache", async () => {
    const session = { Cookie: `${SESSION_COOKIE}=${"A".repeat(43)}` };
    const asks: [string, Record<string, string>][] = [
      ["/dashboard", {}],
      ["/dashboard.data", {}],
      ["/scheduleadmin", {}],
      ["/about", session],
      ["/manage?token=unknown", session],
    ];
    for (const [target, headers] of asks) {
      const response = await fetch(`${server.url}${target}`, { headers, redirect: "manual" });
      expect(response.headers.get("Cache-Control"), target).toBe("private, no-store");
    }
  });

  it("sends each security header once, a route's own value first", async () => {
    // The emailed links' pages: their token stays out of caches and of any Referer.
    const pages = ["/manage", "/schedule/confirm", "/waitlist", "/waitlist/confirm"];
    for (const page of [...pages, "/schedule/secure", "/schedule/fee"]) {
      const answer = await fetch(`${server.url}${page}?token=unknown`);
      expect(answer.status, page).toBe(404);
      expect(answer.headers.get("Referrer-Policy"), page).toBe("same-origin");
      expect(answer.headers.get("Cache-Control"), page).toBe("no-store");
    }
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(home.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("a booking posted with a forged Host header", () => {
  it("is booked, and its email links to the configured origin, not to that host", async () => {
    // node:http, which sends the Host header it is given (fetch does not).
    const body = new URLSearchParams({
      date: slot.dateIso,
      service: slot.typeId,
      technician: slot.technician,
      slot: slot.startsAt,
      name: "Host Test",
      email: "host-test@example.com",
    }).toString();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/schedule/book`, {
        method: "POST",
        headers: {
          Host: "salon-login.evil.example",
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      });
      request.on("error", reject);
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.end(body);
    });
    expect(status).toBe(200);
  });
});

describe("after all of it", () => {
  it("only the site's own messages and booking were stored; no email names the forged host", async () => {
    await server.stop();
    const after = await withDatabase(counts);
    // Three from the site itself, one from the log's test.
    expect((after.messages ?? 0) - (before.messages ?? 0)).toBe(4);
    expect((after.appointments ?? 0) - (before.appointments ?? 0)).toBe(1);
    expect(after.sessions).toBe(before.sessions);
    const emails = await withDatabase((db) => db.select().from(emailOutbox));
    const confirmation = emails.find((email) => email.toAddress === "host-test@example.com");
    // PUBLIC_URL is unset here: links name the address the server listens on.
    expect(confirmation?.textBody).toContain(`${server.url}/manage?token=`);
    for (const email of emails) {
      expect(`${email.textBody} ${email.htmlBody}`).not.toContain("evil.example");
    }
  });
});
