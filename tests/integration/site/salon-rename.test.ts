// The owner's words reach every page (issue 38, docs/product.md#business-facts,
// docs/product.md#page-texts), through the production server: she renames the salon and moves it
// in 'Business Details', and no public page of the sitemap, the 404, the booking's email or its
// calendar file keeps the old name, city or neighbourhood; she changes the home page's picture and
// a reason in 'Page Texts', and the home page shows them.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { blogPosts, emailOutbox, reviews } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { seedBlogPostsOnce } from "~/services/site/blog-seed.server";
import { seedReviewsOnce } from "~/services/site/reviews.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { type FreeSlot, findDistinctFreeSlots } from "../../support/free-slots";
import { startSmtpServer, type TestSmtpServer } from "../../support/smtp-server";

/** What the first start says of the salon, and must be gone once she has changed it. */
const OLD = /2 x 10|2 x 10 Nails|Chicago|Wicker Park/i;
const NEW = {
  name: "Lumen Nail Studio",
  shortName: "Lumen",
  tagline: "A nail studio in Evanston",
  description: "Lumen Nail Studio is a calm nail studio on Church Street in downtown Evanston.",
  // Business Details' Spanish beside the English: the first start's say the old name and city.
  taglineEs: "Un estudio de uñas en Evanston",
  descriptionEs: "Lumen Nail Studio es un estudio de uñas tranquilo en el centro de Evanston.",
  email: "hello@lumen-nails.example.com",
  street: "812 Church St",
  city: "Evanston",
  neighborhood: "Downtown",
  zip: "60201",
  latitude: "42.0483",
  longitude: "-87.6823",
};

let store: ServerStore;
let server: AppServer;
let smtp: TestSmtpServer;
let owner = "";
let slot: FreeSlot;

beforeAll(async () => {
  store = await createServerStore();
  await withStoreDatabase(store, async (db) => {
    await seedCatalogueOnce(db);
    await seedReviewsOnce(db);
    await seedBlogPostsOnce(db);
    // Her posts and her guests' reviews are their authors' words, dated, not the site's: the
    // seeded ones that name the old place (a post's title, a guest from Chicago) go, so what is
    // left to find is only what the site itself says.
    const old = "'2 x 10|chicago|wicker park'";
    await db.delete(blogPosts).where(sql.raw(`title || description || body_markdown ~* ${old}`));
    await db.delete(reviews).where(sql.raw(`quote || name || city ~* ${old}`));
    [slot] = (await findDistinctFreeSlots(db, 1)) as [FreeSlot];
    const account = await createOrResetStaffUser(db, "owner@example.com", "a long enough password");
    if (!account.ok) throw new Error(account.error);
    owner = `${SESSION_COOKIE}=${await createSession(db, account.user.id)}`;
  });
  smtp = await startSmtpServer();
  server = await startAppServer(store, {
    SMTP_URL: smtp.url,
    EMAIL_FROM: "2 x 10 Nails & Spa <no-reply@salon.example.com>",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await smtp?.stop();
  await store?.remove();
});

const get = (path: string, cookie = "") =>
  fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

const post = (path: string, body: URLSearchParams | FormData, cookie = owner) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.url, Accept: "application/json" },
    body,
    redirect: "manual",
  });

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** A Site form as its page holds it now (its hidden 'loaded' field too), with `changes`. */
async function siteForm(path: string, changes: Record<string, string>): Promise<FormData> {
  const html = await (await get(path, owner)).text();
  const form = new FormData();
  for (const match of html.matchAll(/<(input|textarea)([^>]*)>([^<]*)/g)) {
    const attrs = match[2] ?? "";
    const name = /name="([^"]+)"/.exec(attrs)?.[1];
    if (!name || /type="file"/.test(attrs)) continue;
    if (/type="checkbox"/.test(attrs)) {
      if (/checked=""/.test(attrs)) form.set(name, "yes");
      continue;
    }
    const value =
      match[1] === "textarea" ? (match[3] ?? "") : (/value="([^"]*)"/.exec(attrs)?.[1] ?? "");
    form.set(name, decode(value));
  }
  for (const [name, value] of Object.entries(changes)) form.set(name, value);
  return form;
}

/** Where the old name, city or neighbourhood shows in `text`, with what is around it. */
function tracesIn(text: string): string[] {
  // The time zone is where the salon's clock is, not a place its pages name (Evanston's is too).
  const said = text.replaceAll("America/Chicago", "");
  return [...said.matchAll(new RegExp(OLD.source, "gi"))].map((match) =>
    said.slice(Math.max(0, match.index - 40), match.index + 40),
  );
}

/** Every page of the sitemap and a missing one, as a visitor gets them once she has renamed it. */
const crawled = new Map<string, { status: number; html: string }>();

describe("a renamed salon", () => {
  // Renamed as the owner does it, then every page read once (about 25 requests: setup, not a test).
  beforeAll(async () => {
    const form = await siteForm("/site/details", NEW);
    const saved = await post(
      "/site/details",
      new URLSearchParams([...form.entries()] as [string, string][]),
    );
    if (saved.status !== 200) throw new Error(`Business Details answered ${saved.status}`);
    const sitemap = await (await get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
      const url = new URL(decode(match[1] as string));
      return `${url.pathname}${url.search}`;
    });
    for (const path of [...paths, "/no-such-page"]) {
      const response = await get(path);
      crawled.set(path, { status: response.status, html: await response.text() });
    }
  }, 60_000);

  it("has no trace of the old name, city or neighbourhood on any page of the sitemap or the 404", () => {
    const paths = [...crawled.keys()];
    expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/locations", "/services"]));
    expect(paths.length).toBeGreaterThan(10);
    for (const [path, { status, html }] of crawled) {
      expect(status, path).toBe(path === "/no-such-page" ? 404 : 200);
      expect(tracesIn(html), path).toEqual([]);
    }
  });

  it("says the new ones in the logo, the titles, the eyebrow, the headings and the leads", () => {
    const html = (path: string) => crawled.get(path)?.html ?? "";
    expect(html("/no-such-page")).toContain("<title>Page not found | Lumen Nail Studio</title>");
    const home = html("/");
    expect(home).toContain('aria-label="Lumen Nail Studio, home"');
    expect(home).toContain('<span class="logo__mark">Lumen</span>');
    expect(home).toContain("<title>Lumen Nail Studio | High-End Nail Salon in Evanston</title>");
    expect(home).toContain(">Downtown, Evanston</p>");
    expect(home).toContain(`© ${new Date().getFullYear()} Lumen Nail Studio.`);
    expect(home).not.toContain('name="keywords"');
    expect(html("/locations")).toContain(">Evanston</h2>");
    expect(html("/about")).toContain("A quiet studio in Downtown where");
  });
});

describe("the home page's picture and reasons", () => {
  it("are the owner's once she changes them in Page Texts", async () => {
    const before = await (await get("/")).text();
    expect(before).toContain("<h3>Licensed artists</h3>");
    expect(before).toContain('src="/images/hero-');
    const picture = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: "#7a4b8f" },
    })
      .jpeg()
      .toBuffer();
    const form = await siteForm("/site/texts", {
      homePhotoAlt: "The studio's front window at dusk",
      pillar2Heading: "Artists who listen",
      pillar2Text: "Tell us what you like; we shape the visit around it.",
    });
    form.set(
      "homePhoto",
      new Blob([new Uint8Array(picture)], { type: "image/jpeg" }),
      "window.jpg",
    );
    const saved = await post("/site/texts", form);
    expect(saved.status).toBe(200);

    const after = await (await get("/")).text();
    expect(after).toContain("<h3>Artists who listen</h3>");
    expect(after).toContain("Tell us what you like; we shape the visit around it.");
    expect(after).not.toContain("Licensed artists");
    expect(after).toContain("<h3>Hospital-grade hygiene</h3>");
    const img = /<img[^>]*alt="The studio&#x27;s front window at dusk"[^>]*>/.exec(after)?.[0];
    expect(img).toBeTruthy();
    const src = /src="([^"]+)"/.exec(img as string)?.[1] as string;
    expect(src).toMatch(/^\/photos\//);
    expect(after).not.toContain('src="/images/hero-');
    const file = await get(src);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^image\//);
  });
});

describe("the booking's email and calendar file", () => {
  it("say the new name and place, and not the old ones", async () => {
    const booked = await post(
      "/schedule/book",
      new URLSearchParams({
        date: slot.dateIso,
        service: slot.typeId,
        technician: slot.technician,
        slot: slot.startsAt,
        name: "Maya Lin",
        email: "maya@example.com",
      }),
      "",
    );
    expect(booked.status).toBe(200);
    const cookie = (booked.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
    const calendar = await get("/schedule/calendar", cookie);
    expect(calendar.status).toBe(200);
    const ics = await calendar.text();
    expect(ics).toContain("LOCATION:Lumen Nail Studio\\, 812 Church St\\, Evanston");
    expect(tracesIn(ics)).toEqual([]);

    // As it arrives: from the salon's new name at EMAIL_FROM's address (configured with the old).
    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes("maya@example.com")), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const arrived = smtp.received.find((mail) => mail.to.includes("maya@example.com"));
    expect(arrived?.headers.from).toBe("Lumen Nail Studio <no-reply@salon.example.com>");
    expect(tracesIn(arrived?.raw ?? "")).toEqual([]);

    // The email as it is sent: the outbox's row, read once the server has let go of the database.
    await server.stop("SIGTERM");
    const emails = await withStoreDatabase(store, (db) => db.select().from(emailOutbox));
    const confirmation = emails.find((email) => email.toAddress === "maya@example.com");
    expect(confirmation?.subject).toBeTruthy();
    expect(JSON.stringify(confirmation)).toContain("Lumen Nail Studio");
    expect(tracesIn(JSON.stringify(confirmation))).toEqual([]);
  });
});
