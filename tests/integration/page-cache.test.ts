// The page cache (server/page-cache.ts) in front of a stand-in for React Router's handler: a
// "page" that counts its view like the real loaders (countPageView) and puts the request's nonce
// on its scripts. Real Express, real HTTP, real database.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createAppointmentType,
  removeAppointmentType,
  updateAppointmentType,
} from "~/services/appointment-types.server";
import { listAppointmentTypes } from "~/services/bookings/appointment-types.server";
import { seedCatalogueOnce } from "~/services/catalogue-seed.server";
import { countPageView, listPageViews } from "~/services/page-views.server";
import { SESSION_COOKIE } from "~/services/session.server";
import { createPageCache } from "../../server/page-cache";
import { createTestDatabase, OPEN_TIMEOUT_MS, type TestDatabase } from "../support/test-database";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

let database: TestDatabase;
let url: string;
let close: () => Promise<void>;
let renders: string[];

/** Renders like the app: a loader that counts the view, scripts carrying the nonce. */
async function render(request: Request, context: RouterContextProvider): Promise<Response> {
  const { pathname, searchParams } = new URL(request.url);
  renders.push(pathname);
  if (pathname === "/gallery-photo" && searchParams.get("photo") !== "real") {
    return new Response("<!DOCTYPE html><h1>Page not found</h1>", {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  if (pathname === "/schedule") {
    // As the booking page: a view only without ?date=, and the services staff edit.
    if (!searchParams.has("date")) await countPageView(context.db, request, "Schedule");
  } else {
    await countPageView(context.db, request, pathname === "/" ? "Home" : "Gallery Photo");
  }
  const services =
    pathname === "/schedule"
      ? (await listAppointmentTypes(context.db)).map((type) => `<li>${type.type}</li>`).join("")
      : "";
  const html = `<!DOCTYPE html><html><head><link rel="canonical" href="${context.siteUrl}${pathname}"><script nonce="${context.nonce}">window.a=1</script></head><body><ul>${services}</ul><p>${"Nails ".repeat(2000)}</p><script nonce="${context.nonce}" type="module">import("/x.js")</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function startServer(publicUrl?: string) {
  const loadContext = (req: express.Request, res: express.Response) =>
    Object.assign(new RouterContextProvider(), {
      nonce: String(res.locals.nonce),
      siteUrl: publicUrl ?? `${req.protocol}://${req.get("host")}`,
      db: database.db,
      kickEmail() {},
      clientAddress: "127.0.0.1",
      secure: false,
    });
  // The stand-in's pages, as the server derives them from the routes' handles (`cache`).
  const pages = {
    cached: new Map([
      ["/", "Home"],
      ["/gallery-photo", "Gallery Photo"],
    ]),
    versioned: new Map([["/schedule", "Schedule"]]),
  };
  const cache = createPageCache({ db: database.db, render, loadContext, pages, publicUrl });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.set("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use((req, res, next) => (cache.handles(req) ? cache.middleware(req, res, next) : next()));
  // Everything else renders every time, as React Router's express handler would.
  app.use(async (req, res) => {
    const response = await render(
      new Request(`http://${req.get("host")}${req.originalUrl}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
      }),
      loadContext(req, res),
    );
    res
      .status(response.status)
      .type("html")
      .send(await response.text());
  });
  // As server.ts: kept pages are answered on node's request before Express; the rest (and the
  // first request of each page, which renders it) go through Express.
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const nonceFor = (response: http.ServerResponse) => {
      const nonce = randomBytes(16).toString("base64");
      response.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
      return nonce;
    };
    cache.serveKept(req, res, nonceFor).then((served) => served || app(req, res));
  };
  return new Promise<void>((resolve) => {
    const server = http.createServer(handler).listen(0, "127.0.0.1", () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => new Promise((done) => server.close(() => done()));
      resolve();
    });
  });
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, {
    headers: { "User-Agent": BROWSER, "Accept-Encoding": "identity", ...headers },
  });
  const body = await response.text();
  const csp = response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
  const nonces = [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
  return { response, body, csp, nonces };
}

/** node:http, which neither unpacks gzip nor refuses a Host header as fetch does. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(`${url}${path}`, { headers: { "User-Agent": BROWSER, ...headers } });
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
  });
}

async function views(page: string): Promise<number> {
  return (await listPageViews(database.db)).find((row) => row.pageName === page)?.views ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
}, OPEN_TIMEOUT_MS);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.reset();
  renders = [];
  await startServer();
  return () => close();
});

describe("page cache", () => {
  it("renders a page once and counts every visit exactly, one at a time and 300 at once", async () => {
    for (let i = 0; i < 5; i++) expect((await get("/")).response.status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 300 }, () => get("/")));
    expect(burst.every(({ response }) => response.status === 200)).toBe(true);
    expect(renders).toEqual(["/"]);
    expect(await views("Home")).toBe(305);
  });

  it("gives every response its own nonce, the one its CSP header names, in the same HTML", async () => {
    const first = await get("/");
    const second = await get("/");
    const third = await get("/");
    const all = [first, second, third];
    for (const { csp, nonces } of all) {
      expect(csp).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonces).toEqual([csp, csp]);
    }
    expect(new Set(all.map(({ csp }) => csp)).size).toBe(3);
    const withoutNonce = all.map(({ body, csp }) => body.replaceAll(csp ?? "-", "NONCE"));
    expect(withoutNonce[1]).toBe(withoutNonce[0]);
    expect(withoutNonce[2]).toBe(withoutNonce[0]);
    expect(renders).toHaveLength(1);
  });

  it("sends gzip that unpacks to the same page with that response's nonce", async () => {
    const plain = await get("/");
    const response = await rawGet("/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("Accept-Encoding");
    const zipped = response.body;
    expect(zipped.length).toBeLessThan(plain.body.length / 4);
    const csp = String(response.headers["content-security-policy"]).match(/'nonce-([^']+)'/)?.[1];
    const text = gunzipSync(zipped).toString("utf8");
    expect(text).toBe(plain.body.replaceAll(plain.csp ?? "-", csp ?? "-"));
  });

  it("never serves or stores staff pages: a request with a staff session renders every time", async () => {
    const staff = { Cookie: `other=1; ${SESSION_COOKIE}=${"a".repeat(43)}` };
    await get("/", staff);
    await get("/", staff);
    expect(renders).toEqual(["/", "/"]);
    await get("/");
    await get("/", staff);
    expect(renders).toEqual(["/", "/", "/", "/"]);
    expect(await views("Home")).toBe(4);
  });

  it("does not count bots, prefetches or HEAD requests served from memory", async () => {
    await get("/");
    await get("/", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await get("/", { "Sec-Purpose": "prefetch" });
    const head = await fetch(`${url}/`, { method: "HEAD", headers: { "User-Agent": BROWSER } });
    expect(head.status).toBe(200);
    expect(await views("Home")).toBe(1);
  });

  it("keeps only 200 answers: a missing photo is looked up every time", async () => {
    expect((await get("/gallery-photo?photo=none")).response.status).toBe(404);
    expect((await get("/gallery-photo?photo=none")).response.status).toBe(404);
    expect((await get("/gallery-photo?photo=real")).response.status).toBe(200);
    expect((await get("/gallery-photo?photo=real")).response.status).toBe(200);
    expect(renders).toHaveLength(3);
    expect(await views("Gallery Photo")).toBe(2);
  });

  it("keeps a page per site origin when PUBLIC_URL is not set", async () => {
    const a = await rawGet("/", { Host: "salon.example" });
    const b = await rawGet("/", { Host: "www.salon.example" });
    expect(a.body.toString()).toContain('href="http://salon.example/"');
    expect(b.body.toString()).toContain('href="http://www.salon.example/"');
    const again = await rawGet("/", { Host: "salon.example" });
    expect(again.body.toString()).toContain('href="http://salon.example/"');
    expect(renders).toHaveLength(2);
  });

  it("keeps /schedule until staff change a service, from any process; searches render every time", async () => {
    await seedCatalogueOnce(database.db);
    const [first] = await listAppointmentTypes(database.db);
    if (!first) throw new Error("no seeded type");
    await get("/schedule");
    await get("/schedule");
    expect(renders).toEqual(["/schedule"]);

    // An edit (here straight in the database, as another process would) shows at once.
    const form = {
      type: "Velvet Ritual",
      category: first.category,
      daysOfWeek: first.daysOfWeek,
      durationMin: String(first.durationMin),
      description: first.description,
      startTime: first.startTime,
      endTime: first.endTime,
      workers: first.workers,
      price: first.price,
    };
    expect((await updateAppointmentType(database.db, first.id, form)).ok).toBe(true);
    expect((await get("/schedule")).body).toContain("<li>Velvet Ritual</li>");
    expect((await get("/schedule")).body).toContain("<li>Velvet Ritual</li>");
    expect(renders).toHaveLength(2);
    const created = await createAppointmentType(database.db, { ...form, type: "Amber Soak" });
    if (!created.ok) throw new Error("not created");
    expect((await get("/schedule")).body).toContain("<li>Amber Soak</li>");
    expect((await removeAppointmentType(database.db, created.type.id)).ok).toBe(true);
    expect((await get("/schedule")).body).not.toContain("Amber Soak");
    expect(renders).toHaveLength(4);

    // A search is not the page: rendered every time, no view counted.
    await get("/schedule?date=2026-05-02");
    await get("/schedule?date=2026-05-02");
    expect(renders).toHaveLength(6);
    expect(await views("Schedule")).toBe(6);
  });
});
