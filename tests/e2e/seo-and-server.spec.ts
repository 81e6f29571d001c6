import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";
import { publicPages } from "./pages";

// What crawlers, link previews and operators get from the server itself, before any script runs.

function metaContent(html: string, attr: "name" | "property", key: string): string | undefined {
  const match = html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`));
  return match?.[1];
}

test("every public page is server-rendered with its own title, description, canonical and sharing tags, and no keywords", async ({
  request,
}) => {
  const titles = new Set<string>();
  for (const page of publicPages) {
    const response = await request.get(page.path);
    expect(response.status(), page.path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, `${page.path} title`).toBeTruthy();
    titles.add(title as string);
    expect(metaContent(html, "name", "description"), page.path).toBeTruthy();
    // Search engines ignore meta keywords; they only repeated old place names (issue 38).
    expect(html, page.path).not.toContain('name="keywords"');
    expect(html, page.path).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\//);
    for (const key of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
      expect(metaContent(html, "property", key), `${page.path} ${key}`).toBeTruthy();
    }
    for (const key of ["twitter:card", "twitter:title", "twitter:description", "twitter:image"]) {
      expect(metaContent(html, "name", key), `${page.path} ${key}`).toBeTruthy();
    }
  }
  expect(titles.size).toBe(publicPages.length);
});

test("home and locations describe the salon as a NailSalon in JSON-LD", async ({ request }) => {
  for (const path of ["/", "/locations"]) {
    const html = await (await request.get(path)).text();
    const json = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)?.[1];
    expect(json, path).toBeTruthy();
    const data = JSON.parse(json as string);
    expect(data["@type"]).toBe("NailSalon");
    expect(data.address.addressLocality).toBe("Chicago");
    expect(data.telephone).toMatch(/^\+1312555/);
    // One entry per weekday and range: the seeded week is open every day, in one range.
    expect(data.openingHoursSpecification).toHaveLength(7);
    expect(data.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Saturday",
      opens: "10:00",
      closes: "19:00",
    });
  }
});

test("robots.txt and sitemap.xml list the public pages", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toContain("Disallow: /dashboard");
  expect(robotsText).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/services", "/locations", "/blogpost?post=types-of-manicures"]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  expect(xml).not.toContain("/dashboard");
});

test("pages carry security headers, with a CSP that allows no eval and no framing by others", async ({
  request,
}) => {
  const response = await request.get("/");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain("unsafe"); // no inline, no eval
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  // The page's one inline script is the one the hash allows, and the page is the same bytes for
  // every visitor (no per-response nonce).
  const html = await response.text();
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  expect(inline).toHaveLength(1);
  const hash = createHash("sha256")
    .update(inline[0] ?? "")
    .digest("base64");
  expect(csp).toContain(`'sha256-${hash}'`);
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).toBe(csp);
  expect(await again.text()).toBe(html);

  // A page that hydrates: React Router's scripts carry a nonce that changes per response.
  const login = await request.get("/login");
  const loginCsp = login.headers()["content-security-policy"] ?? "";
  const nonce = loginCsp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(loginCsp).toContain(`'sha256-${hash}'`);
  expect(await login.text()).toContain(`nonce="${nonce}"`);
  const loginAgain = (await request.get("/login")).headers()["content-security-policy"];
  expect(loginAgain).not.toBe(loginCsp);
});

test("hashed assets are cached for a year and compressed; /healthz answers", async ({
  request,
}) => {
  // The booking page loads React (the home page has no script file to ask for).
  const html = await (await request.get("/schedule")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset as string, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", migrations: /^(\d+) of \1 applied$/ });
  const live = await request.get("/healthz/live");
  expect(await live.json()).toEqual({ status: "live" });
});

test("an unknown path gets a friendly 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("staff pages send anonymous visitors to /login", async ({ page }) => {
  for (const path of ["/dashboard", "/scheduleadmin"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
  }
});
