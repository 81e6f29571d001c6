// 'Page Texts' and 'Reviews' through the production server (docs/product.md#page-texts,
// #reviews): a Staff account gets 403 from Page Texts' page, data and action, and changes
// nothing; the owner's refused form changes nothing; her saved heading, and a review staff add,
// show on the public pages at the next request (the page cache's site version). The reviews are
// seeded at the server's first start.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import type { Database } from "~/services/db/client.server";
import { pageTexts, reviews, staffActions, staffUsers } from "~/services/db/schema.server";
import { addAccount } from "~/services/staff/accounts.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";

const PASSWORD = "a long enough password";
const HEADING = "Beautiful nails, unhurried care.";

let store: ServerStore;
let server: AppServer;
const cookies = { owner: "", staff: "" };

beforeAll(async () => {
  store = await createServerStore();
  await withStoreDatabase(store, async (db) => {
    const owner = await createOrResetStaffUser(db, "owner@example.com", PASSWORD);
    if (!owner.ok) throw new Error(owner.error);
    const staff = await addAccount(db, owner.user, {
      email: "nia@example.com",
      password: PASSWORD,
      role: "staff",
    });
    if (!staff.ok) throw new Error(JSON.stringify(staff));
    const [nia] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, "nia@example.com"));
    cookies.owner = `${SESSION_COOKIE}=${await createSession(db, owner.user.id)}`;
    cookies.staff = `${SESSION_COOKIE}=${await createSession(db, nia?.id ?? "")}`;
  });
  server = await startAppServer(store);
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** The form 'Page Texts' shows, as its page holds it now, with `changes`. */
async function textsForm(changes: Record<string, string>): Promise<URLSearchParams> {
  const page = await get("/site/texts", cookies.owner);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<(input|textarea)([^>]*)>([^<]*)/g)) {
    const attrs = match[2] ?? "";
    const name = /name="([^"]+)"/.exec(attrs)?.[1];
    if (!name || /type="(file|hidden)"/.test(attrs)) continue;
    if (/type="checkbox"/.test(attrs)) {
      if (/checked=""/.test(attrs)) form.set(name, "yes");
      continue;
    }
    const value =
      match[1] === "textarea" ? (match[3] ?? "") : (/value="([^"]*)"/.exec(attrs)?.[1] ?? "");
    form.set(name, decodeEntities(value));
  }
  for (const [name, value] of Object.entries(changes)) form.set(name, value);
  return form;
}

const decodeEntities = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

function get(path: string, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
}

function post(path: string, cookie: string, form: URLSearchParams) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.url },
    body: form,
    redirect: "manual",
  });
}

/** The h1 of a public page as a visitor gets it. */
async function headingOf(path: string): Promise<string | undefined> {
  const html = await (await get(path)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

/** What the server's database holds now (a second connection: PostgreSQL only). */
async function rows<T>(read: (db: Database) => Promise<T>): Promise<T | undefined> {
  if (store.kind !== "postgres") return undefined;
  return withStoreDatabase(store, read);
}

describe("Page Texts", () => {
  it("refuses a Staff account with 403 on its page, its data and its action, changing nothing", async () => {
    expect((await get("/site/texts", cookies.staff)).status).toBe(403);
    expect((await get("/site/texts.data", cookies.staff)).status).toBe(403);
    const form = new URLSearchParams({ homeHeading: "Staff were here", homeText: "x" });
    for (const path of ["/site/texts", "/site/texts.data"]) {
      const posted = await post(path, cookies.staff, form);
      expect(posted.status, path).toBe(403);
    }
    expect(await headingOf("/")).toBe(HEADING);
    const saved = await rows((db) => db.select().from(pageTexts));
    if (saved) expect(saved).toEqual([]);
  });

  it("refuses the owner's form with an empty heading, changing nothing", async () => {
    const form = await textsForm({ homeHeading: "", homeText: "A text that would be fine." });
    const posted = await post("/site/texts", cookies.owner, form);
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("Please check the marked fields.");
    expect(await headingOf("/")).toBe(HEADING);
    expect(await (await get("/")).text()).not.toContain("A text that would be fine.");
  });

  it("shows the owner's saved heading on / at the next request", async () => {
    expect(await headingOf("/")).toBe(HEADING);
    const form = await textsForm({ homeHeading: "Nails done with care & time" });
    expect(form.get("homeText")).toContain("A calm studio");
    const posted = await post("/site/texts", cookies.owner, form);
    expect(posted.status).toBe(200);
    expect(await headingOf("/")).toBe("Nails done with care &amp; time");
    const saved = await rows((db) =>
      db.select({ key: pageTexts.key }).from(pageTexts).orderBy(pageTexts.key),
    );
    if (saved) expect(saved).toEqual([{ key: "home.heading" }]);
  });
});

describe("Reviews", () => {
  it("serves the six seeded reviews, and one a Staff account adds at the next request", async () => {
    const before = await (await get("/reviews")).text();
    expect(before.match(/<figure/g)).toHaveLength(6);
    const form = new URLSearchParams({
      intent: "add",
      quote: "Quick, careful and kind <3",
      name: "Zoe Q.",
      city: "Pilsen",
    });
    const posted = await post("/site/reviews", cookies.staff, form);
    expect(posted.status).toBe(200);
    const after = await (await get("/reviews")).text();
    expect(after.match(/<figure/g)).toHaveLength(7);
    expect(after).toContain("Quick, careful and kind &lt;3");

    const refused = await post(
      "/site/reviews",
      cookies.staff,
      new URLSearchParams({ intent: "add", quote: "", name: "" }),
    );
    expect(refused.status).toBe(400);
    expect((await (await get("/reviews")).text()).match(/<figure/g)).toHaveLength(7);
    const stored = await rows((db) =>
      db.select({ name: reviews.name }).from(reviews).where(eq(reviews.name, "Zoe Q.")),
    );
    if (stored) expect(stored).toHaveLength(1);
    const logged = await rows((db) =>
      db.select({ action: staffActions.action }).from(staffActions),
    );
    if (logged) expect(logged.map((row) => row.action)).toContain("Added the review by Zoe Q.");
  });
});
