// The page cache (server/page-cache.ts) in front of a stand-in for React Router's handler: a
// "page" that counts its view as the server counts every page (countPageView) and carries the
// configured origin in its canonical link. Real HTTP, real database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import {
  createAppointmentType,
  removeAppointmentType,
  updateAppointmentType,
} from "~/services/salon/appointment-type-admin.server";
import { listAppointmentTypes } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { countPageView, listPageViews } from "~/services/site/page-views.server";
import { createPageCache } from "../../../server/page-cache";
import { setUpTestDatabase } from "../../support/test-database-hook";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const SITE = "https://salon.example";
const CSP = "script-src 'self' 'sha256-abc'";

const database = setUpTestDatabase();
let url: string;
let close: () => Promise<void>;
let renders: string[];
let cacheSize: () => number;

/** Renders like the app: a loader that counts the view, links from the configured origin. */
async function render(request: Request): Promise<Response> {
  const { pathname, search, searchParams } = new URL(request.url);
  renders.push(`${pathname}${search}`);
  const photo = searchParams.get("photo") ?? "";
  if (pathname === "/gallery-photo" && !photo.startsWith("real")) {
    return new Response("<!DOCTYPE html><h1>Page not found</h1>", {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  if (pathname === "/schedule") {
    // As the booking page: a view only without ?date=, and the services staff edit.
    if (!searchParams.has("date")) await countPageView(database.db, request, "Schedule");
  } else {
    await countPageView(database.db, request, pathname === "/" ? "Home" : "Gallery Photo");
  }
  const services =
    pathname === "/schedule"
      ? (await listAppointmentTypes(database.db)).map((type) => `<li>${type.type}</li>`).join("")
      : "";
  const html = `<!DOCTYPE html><html><head><link rel="canonical" href="${SITE}${pathname}${search}"><script>window.a=1</script></head><body><ul>${services}</ul><p>${"Nails ".repeat(2000)}</p></body></html>`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP },
  });
}

function startServer() {
  // The stand-in's pages, as the server derives them from the routes' handles.
  const pages = new Map([
    ["/", { page: "Home", cache: "static", query: [] }],
    ["/gallery-photo", { page: "Gallery Photo", cache: "static", query: ["photo"] }],
    ["/schedule", { page: "Schedule", cache: "versioned", query: ["date", "service"] }],
  ] as const);
  const cache = createPageCache({ db: database.db, render, pages, siteUrl: () => SITE });
  cacheSize = () => cache.size;
  // As server.ts: the cache first, on node's request; everything else renders every time, as
  // React Router's handler behind Express would.
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    cache.serve(req, res).then(async (served) => {
      if (served) return;
      const response = await render(new Request(`${SITE}${req.url}`, { method: req.method }));
      res.writeHead(response.status, { "Content-Type": "text/html" });
      res.end(req.method === "HEAD" ? undefined : await response.text());
    });
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
  return { response, body: await response.text() };
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

beforeEach(async () => {
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

  it("sends every visitor the same bytes and headers, whatever their Host header", async () => {
    const first = await rawGet("/", { "Accept-Encoding": "identity" });
    const second = await rawGet("/", { "Accept-Encoding": "identity", Host: "evil.example" });
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.body.toString()).toContain(`href="${SITE}/"`);
    expect(first.headers["content-security-policy"]).toBe(CSP);
    expect(second.headers["content-security-policy"]).toBe(CSP);
    expect(renders).toEqual(["/"]);
  });

  it("sends Brotli or gzip, compressed once, that unpack to the same page", async () => {
    const plain = await rawGet("/", { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await rawGet("/", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await rawGet("/", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 4);
    // The same compressed bytes each time: made once, when the page was kept.
    const again = await rawGet("/", { "Accept-Encoding": "br" });
    expect(again.body.equals(br.body)).toBe(true);
    expect(renders).toEqual(["/"]);
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

  it("keys a page only on the parameters it reads: other query strings fill nothing", async () => {
    for (let i = 0; i < 50; i++) expect((await get(`/?fill=${i}`)).response.status).toBe(200);
    expect((await get("/gallery-photo?photo=real&fill=1")).body).toContain(
      `href="${SITE}/gallery-photo?photo=real"`,
    );
    await get("/gallery-photo?fill=2&photo=real");
    expect(renders).toEqual(["/", "/gallery-photo?photo=real"]);
    expect(cacheSize()).toBe(2);
    expect(await views("Home")).toBe(50);
  });

  it("keeps at most 200 pages, the least recently used going first", async () => {
    await get("/gallery-photo?photo=real-0");
    for (let i = 1; i <= 200; i++) {
      await get(`/gallery-photo?photo=real-${i}`);
      if (i === 100) await get("/gallery-photo?photo=real-0"); // used again: kept
    }
    expect(cacheSize()).toBe(200);
    const before = renders.length;
    await get("/gallery-photo?photo=real-0");
    expect(renders).toHaveLength(before);
    await get("/gallery-photo?photo=real-1"); // the least recently used: gone
    expect(renders).toHaveLength(before + 1);
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
      technicians: first.technicians,
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

    // A search is not the page: rendered every time, no view counted. A parameter the page
    // does not read is the page.
    await get("/schedule?date=2026-05-02");
    await get("/schedule?date=2026-05-02");
    expect(renders).toHaveLength(6);
    await get("/schedule?utm_source=mail");
    expect(renders).toHaveLength(6);
    expect(await views("Schedule")).toBe(7);
  });
});
