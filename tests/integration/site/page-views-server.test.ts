// Which requests count as a page view, through the production server (docs/product.md#page-views-counted-atomically):
// every page whose handle names a `page`, served from the page cache or rendered, and the
// requests that must not count (a bot, a prefetch, HEAD, a 404, a redirect, a refined search, a
// page keeping itself current). Each request's effect is read from the owner's dashboard
// (`?live`, which counts nothing itself), so the counts are the ones the owner sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { type SeededServer, startSeededServer } from "../../support/seeded-server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const soon = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 7);

let seeded: SeededServer;
let clients = 0;

beforeAll(async () => {
  seeded = await startSeededServer();
}, 120_000);

afterAll(async () => {
  await seeded?.stop();
});

interface Ask {
  method?: "GET" | "HEAD" | "POST";
  cookie?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
}

/** A request as a browser sends it, from a client address of its own; the answer's status. */
async function ask(path: string, init: Ask = {}): Promise<number> {
  clients += 1;
  const response = await fetch(`${seeded.server.url}${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: {
      "User-Agent": BROWSER,
      "X-Forwarded-For": `198.51.100.${clients % 250}`,
      "Sec-Fetch-Site": "same-origin",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

/** Every page's count as the owner's dashboard lists it ('Page Views'). */
async function counts(): Promise<Record<string, number>> {
  const response = await fetch(`${seeded.server.url}/dashboard?live`, {
    headers: { "User-Agent": BROWSER, Cookie: seeded.ownerCookie },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  const rows = html.matchAll(/<th scope="row">([^<]+)<\/th><td>(\d+)<\/td>/g);
  return Object.fromEntries([...rows].map(([, page, views]) => [page, Number(views)]));
}

/** What one request added to each page's count. */
async function added(path: string, init: Ask = {}) {
  const before = await counts();
  const status = await ask(path, init);
  const after = await counts();
  const views: Record<string, number> = {};
  for (const [page, count] of Object.entries(after)) {
    if (count !== (before[page] ?? 0)) views[page] = count - (before[page] ?? 0);
  }
  return { status, views };
}

/** The first link of a listing page to one of its items, e.g. a post's `/blogpost?post=...`. */
async function firstLink(page: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${seeded.server.url}${page}`)).text();
  const found = pattern.exec(html)?.[0];
  if (!found) throw new Error(`No link like ${pattern} on ${page}`);
  return found.replaceAll("&amp;", "&");
}

/** One request and what it must add to the counts: `[address, status, views added]`. */
type Case = [string, number, Record<string, number>];
const counted = (path: string, page: string, status = 200): Case => [path, status, { [page]: 1 }];
const notCounted = (path: string, status = 200): Case => [path, status, {}];

describe("page views counted by the server", () => {
  // Home twice: rendered and kept, then served from the page cache.
  it.each([
    counted("/", "Home"),
    counted("/", "Home"),
    counted("/about", "About"),
    counted("/about.data", "About"),
    counted("/services", "Services"),
    counted("/gallery", "Gallery"),
    counted("/blog", "Blog"),
    counted("/reviews", "Reviews"),
    counted("/contact", "Contact"),
    counted("/locations", "Locations"),
    counted("/policies", "Policies"),
    counted("/schedule", "Schedule"),
    counted("/schedule?utm_source=mail", "Schedule"),
  ])("counts a public page load or in-app navigation: %s", async (path, status, views) => {
    expect(await added(path)).toEqual({ status, views });
  });

  it.each([
    ["a bot", { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }],
    ["a prefetch", { headers: { "Sec-Purpose": "prefetch" } }],
    ["a HEAD request", { method: "HEAD" as const }],
  ] satisfies [string, Ask][])("does not count %s", async (_, init) => {
    expect(await added("/about", init)).toEqual({ status: 200, views: {} });
  });

  it("counts a post or a photo that is found", async () => {
    const post = await firstLink("/blog", /\/blogpost\?post=[^"]+/);
    const photo = await firstLink("/gallery", /\/gallery-photo\?photo=[^"]+/);
    expect(await added(post)).toEqual({ status: 200, views: { "Blog Post": 1 } });
    expect(await added(photo)).toEqual({ status: 200, views: { "Gallery Photo": 1 } });
  });

  it.each([
    notCounted("/blogpost?post=no-such-post", 404),
    notCounted("/gallery-photo?photo=no-such-photo", 404),
    notCounted("/blogpost", 302),
    notCounted("/gallery-photo", 302),
  ])("does not count a post or photo not found: %s", async (path, status, views) => {
    expect(await added(path)).toEqual({ status, views });
  });

  it.each([
    counted("/login", "Login"),
    counted("/login?signout", "Login"),
    notCounted("/login?signout=%00", 400),
  ])("counts Log In, not an unreadable address: %s", async (path, status, views) => {
    expect(await added(path)).toEqual({ status, views });
  });

  it("counts Log In for a signed-in member it sends on to the dashboard", async () => {
    expect(await added("/login", { cookie: seeded.staffCookie })).toEqual({
      status: 302,
      views: { Login: 1 },
    });
  });

  it.each([
    notCounted("/schedule?date="),
    notCounted(`/schedule?date=${soon}`),
    notCounted(`/schedule?date=${soon}&service=SERVICE`),
  ])("does not count a booking search refined: %s", async (path, status, views) => {
    const asked = path.replace("SERVICE", seeded.serviceId);
    expect(await added(asked)).toEqual({ status, views });
  });

  it.each([
    counted("/dashboard", "Dashboard"),
    counted("/dashboard.data", "Dashboard"),
    counted("/customers", "Customers"),
    counted("/customers?forgotten", "Customers"),
    counted("/scheduleadmin", "Schedule Admin"),
    counted("/scheduleadmin?technician=Nina", "Schedule Admin"),
  ])("counts a staff page's first load: %s", async (path, status, views) => {
    expect(await added(path, { cookie: seeded.staffCookie })).toEqual({ status, views });
  });

  it.each([
    notCounted("/dashboard?live"),
    notCounted("/dashboard?page=2"),
    notCounted("/customers?q=ana"),
    notCounted("/customers?q="),
    notCounted("/customers?email=link-owner@example.com"),
    notCounted("/customers?phone=3125550101"),
    notCounted(`/scheduleadmin?date=${soon}`),
    notCounted("/scheduleadmin?date="),
  ])(
    "does not count a staff page's refresh, page, search or day: %s",
    async (path, status, views) => {
      expect(await added(path, { cookie: seeded.staffCookie })).toEqual({ status, views });
    },
  );

  it("does not count a staff page asked without a session (sent to Log In)", async () => {
    expect(await added("/dashboard")).toEqual({ status: 302, views: {} });
  });

  it("counts a page answered after a form posted without JavaScript, as its loader runs", async () => {
    // The honeypot: a quiet "thank you", nothing stored; the page is rendered again.
    const form = {
      name: "A",
      email: "a@example.com",
      reason: "Other",
      message: "Hi",
      website: "x",
    };
    expect(await added("/contact", { form })).toEqual({ status: 200, views: { Contact: 1 } });
  });
});
