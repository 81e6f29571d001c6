// 'Blog Posts' (docs/product.md#blog-posts) through the built server, as a Staff account (not an
// owner: any staff writes posts) and as an anonymous visitor, whose pages come from the page
// cache: a draft is on none of /blog, /blogpost, the feed or the sitemap until it is published,
// and leaves them when it is unpublished or deleted; a refused form stores nothing and comes
// back as it was typed; each change is one activity record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  createServerStore,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { phoneJpeg } from "../../support/photo-files";
import { signInOwnerAndStaff } from "../../support/staff-accounts";

/** The configured address: every absolute link comes from it, never from the request. */
const PUBLIC_URL = "https://nails.example.com";
const STAFF_EMAIL = "nia@example.com";
const TITLE = "Winter Care for Dry Cuticles";
const SLUG = "winter-care-for-dry-cuticles";
const BODY = [
  "## Oil every night",
  "",
  "- jojoba",
  "- almond",
  "",
  "Read [the guide](https://example.org/cuticles) or [book](/schedule).",
  "",
  '<script>alert("x")</script><img src=x onerror=alert(1)> [bad](javascript:alert(1))',
].join("\n");

let store: ServerStore;
let server: AppServer;
let staffCookie: string;
let ownerCookie: string;

beforeAll(async () => {
  store = await createServerStore();
  ({ ownerCookie, staffCookie } = await withStoreDatabase(store, (db) =>
    signInOwnerAndStaff(db, STAFF_EMAIL),
  ));
  server = await startAppServer(store, { PUBLIC_URL });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** An anonymous visitor's GET (the page cache answers it), with a Host header of its choosing. */
const visit = (path: string) =>
  fetch(`${server.url}${path}`, {
    headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
  });
const visitText = async (path: string) => (await visit(path)).text();

/** The staff member's GET of a page. */
const staffGet = (path: string) =>
  fetch(`${server.url}${path}`, { headers: { Cookie: staffCookie } });

/** Markup that would run something (text that merely reads "javascript:" is harmless). */
const RUNNABLE = /<script|<[^>]*\son[a-z]+=|href="\s*javascript:/i;

/** Sends a post's form as the browser does (multipart: it has a file input), with a cover. */
async function send(path: string, fields: Record<string, string>, cover?: Buffer) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(
    "cover",
    cover ? new Blob([new Uint8Array(cover)], { type: "image/jpeg" }) : new Blob([]),
    cover ? "cover.jpg" : "",
  );
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: staffCookie, Origin: PUBLIC_URL },
    body,
    redirect: "manual",
  });
}

const FORM = {
  title: TITLE,
  author: "Mara Lindqvist",
  date: "2031-01-15",
  description: "Dry winter air, and what keeps cuticles soft.",
  tags: "nail care, winter",
  body: BODY,
};

/** Whether the anonymous visitor can see the post anywhere: blog, its page, feed, sitemap. */
async function publicView() {
  const blog = await visitText("/blog");
  const page = await visit(`/blogpost?post=${SLUG}`);
  const feed = await visitText("/blog/feed.xml");
  const sitemap = await visitText("/sitemap.xml");
  return {
    blog: blog.includes(TITLE),
    page: page.status,
    feed: feed.includes(TITLE),
    sitemap: sitemap.includes(`/blogpost?post=${SLUG}`),
  };
}

describe("the spec's posts", () => {
  it("are seeded as published posts: /blog lists them, the newest featured, and each has its page", async () => {
    const blog = await visitText("/blog");
    const featured = /<article class="blog-featured">([\s\S]*?)<\/article>/.exec(blog)?.[1];
    expect(featured).toContain("Five Reasons to Choose 2 x 10 Nails &amp; Spa");
    // Feed readers find the feed from the blog.
    expect(blog).toContain(
      `<link rel="alternate" type="application/atom+xml" title="2 x 10 Nails &amp; Spa blog" href="${PUBLIC_URL}/blog/feed.xml"/>`,
    );
    // Its cover, the drawn illustration it had, now a photo served from the database.
    const cover = /<img[^>]+src="(\/photos\/[0-9a-f]{20}-\d+\.webp)"/.exec(featured ?? "")?.[1];
    expect(cover).toBeDefined();
    expect((await visit(cover ?? "")).headers.get("Content-Type")).toBe("image/webp");
    expect(blog).toContain("A Guide to the Different Types of Manicures");
    const page = await visitText("/blogpost?post=types-of-manicures");
    expect(page).toContain("<h2>Basic Manicure</h2>");
    expect(page).toMatch(/<img[^>]+alt="Illustration of a row of nail tips/);
    expect(page).toMatch(/By (<!-- -->)?Mara Lindqvist/);
  });
});

describe("a post's life", () => {
  let id = "";

  it("refuses bad input beside its fields, stores nothing, and gives back what was typed", async () => {
    const response = await send("/site/blog/new", {
      ...FORM,
      title: "",
      date: "2031-02-30",
      intent: "publish",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    // Listed at the top, each a link to its field, and said beside the field.
    expect(html).toContain("2 fields need a change");
    expect(html).toContain('<a href="#post-title">Title: Required</a>');
    expect(html).toMatch(/id="post-title-error"[^>]*>Required/);
    expect(html).toMatch(/id="post-date-error"[^>]*>Enter a date/);
    // What was typed comes back: the description and the Markdown as sent.
    expect(html).toContain(FORM.description);
    expect(html).toContain("## Oil every night");
    expect((await publicView()).blog).toBe(false);
  });

  it("previews the body made safe, storing nothing", async () => {
    const response = await send("/site/blog/new", { ...FORM, intent: "preview" });
    expect(response.status).toBe(200);
    const html = await response.text();
    const preview = /<section aria-labelledby="preview-title"[\s\S]*?<\/section>/.exec(html)?.[0];
    expect(preview).toContain("<h2>Oil every night</h2>");
    expect(preview).toContain("<li>jojoba</li>");
    expect(preview).toContain(
      '<a href="https://example.org/cuticles" rel="noopener noreferrer">the guide</a>',
    );
    expect(preview).not.toMatch(RUNNABLE);
    expect(await publicView()).toEqual({ blog: false, page: 404, feed: false, sitemap: false });
  });

  it("saves a draft that only signed-in staff see", async () => {
    const response = await send("/site/blog/new", { ...FORM, intent: "save-draft" });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/site\/blog\/[0-9a-f-]{36}\?saved=draft$/);
    id = location.slice("/site/blog/".length, location.indexOf("?"));

    const list = await (await staffGet("/site/blog")).text();
    expect(list).toContain(TITLE);
    expect(list).toMatch(/Draft/);

    // Staff see the draft's page, never kept by any cache.
    const draft = await staffGet(`/blogpost?post=${SLUG}`);
    expect(draft.status).toBe(200);
    expect(draft.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await draft.text()).toContain("<h2>Oil every night</h2>");
    // Anyone else, before and after staff opened it: no such post.
    expect(await publicView()).toEqual({ blog: false, page: 404, feed: false, sitemap: false });
  });

  it("publishes it: /blog features it, and its page, the feed and the sitemap have it", async () => {
    const response = await send(`/site/blog/${id}`, { ...FORM, intent: "publish" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/site/blog/${id}?saved=published`);
    expect(await publicView()).toEqual({ blog: true, page: 200, feed: true, sitemap: true });

    const blog = await visitText("/blog");
    const featured = /<article class="blog-featured">([\s\S]*?)<\/article>/.exec(blog)?.[1];
    expect(featured).toContain(TITLE);
    const page = await visitText(`/blogpost?post=${SLUG}`);
    expect(page).toContain("<li>almond</li>");
    const body = /<div class="post__body">[\s\S]*?<\/div>/.exec(page)?.[0];
    expect(body).toContain("<h2>Oil every night</h2>");
    expect(body).not.toMatch(RUNNABLE);

    const feed = await visit("/blog/feed.xml");
    expect(feed.headers.get("Content-Type")).toMatch(/^application\/atom\+xml/);
    const atom = await feed.text();
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">');
    expect(atom).toContain(
      `<link rel="alternate" type="text/html" href="${PUBLIC_URL}/blogpost?post=${SLUG}"/>`,
    );
    expect(atom).not.toContain("evil.example");
    const sitemap = await visitText("/sitemap.xml");
    expect(sitemap).toContain(
      `<loc>${PUBLIC_URL}/blogpost?post=${SLUG}</loc><lastmod>2031-01-15</lastmod>`,
    );
  });

  it("unpublishes it: off every public page again", async () => {
    const response = await send(`/site/blog/${id}`, { ...FORM, intent: "unpublish" });
    expect(response.headers.get("Location")).toBe(`/site/blog/${id}?saved=unpublished`);
    expect(await publicView()).toEqual({ blog: false, page: 404, feed: false, sitemap: false });
  });

  it("deletes it", async () => {
    const response = await send(`/site/blog/${id}`, { ...FORM, intent: "delete" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/site\/blog\?deleted=/);
    expect((await staffGet(`/site/blog/${id}`)).status).toBe(404);
    expect(await (await staffGet("/site/blog")).text()).not.toContain(TITLE);
  });

  it("recorded each change once, in the staff member's name; the refused form and the preview none", async () => {
    // The owner reads the activity log in 'Accounts', newest first.
    const accounts = await (
      await fetch(`${server.url}/accounts`, { headers: { Cookie: ownerCookie } })
    ).text();
    const records = [...accounts.matchAll(/<td>([^<]*?the (?:draft )?post “[^”]*”)<\/td>/g)].map(
      (match) => match[1],
    );
    expect(records).toEqual([
      `Deleted the post “${TITLE}”`,
      `Unpublished the post “${TITLE}”`,
      `Published the post “${TITLE}”`,
      `Saved the draft post “${TITLE}”`,
    ]);
    expect(accounts).toContain(STAFF_EMAIL);
    // Only the two seeded posts are left.
    const list = await (await staffGet("/site/blog")).text();
    expect(list.match(/href="\/site\/blog\/[0-9a-f-]{36}"/g)).toHaveLength(2);
  });
});

describe("a post's cover photo", () => {
  const COVER_TITLE = "Spring Colours We Love";
  const COVER_SLUG = "spring-colours-we-love";
  it("is uploaded with the post, shown above it with its alt text, and goes with the post", async () => {
    // A file that is not a photo is refused beside the field, and nothing is stored.
    const refused = await send(
      "/site/blog/new",
      { ...FORM, title: COVER_TITLE, intent: "publish" },
      Buffer.from("<html><script>alert(1)</script></html>"),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/id="post-cover-error"/);
    expect((await visit(`/blogpost?post=${COVER_SLUG}`)).status).toBe(404);

    const published = await send(
      "/site/blog/new",
      { ...FORM, title: COVER_TITLE, coverAlt: "Pastel nails on a linen cloth", intent: "publish" },
      await phoneJpeg(),
    );
    expect(published.status).toBe(302);
    const location = published.headers.get("Location") ?? "";
    const id = location.slice("/site/blog/".length, location.indexOf("?"));
    const page = await visitText(`/blogpost?post=${COVER_SLUG}`);
    expect(page).toMatch(/<source type="image\/avif" srcSet="\/photos\/[0-9a-f]+-\d+\.avif/);
    const img = /<img[^>]*alt="Pastel nails on a linen cloth"[^>]*>/.exec(page)?.[0] ?? "";
    expect(img).toMatch(/src="\/photos\/[0-9a-f]+-\d+\.jpg"/);
    expect(img).toMatch(/width="\d+" height="\d+"/);

    // Saved again without a file: the cover stays; deleted: the post and its photo go.
    await send(`/site/blog/${id}`, { ...FORM, title: COVER_TITLE, intent: "publish" });
    expect(await visitText(`/blogpost?post=${COVER_SLUG}`)).toMatch(/<img[^>]*src="\/photos\//);
    const file = /<img[^>]*src="(\/photos\/[^"]+)"/.exec(
      await visitText(`/blogpost?post=${COVER_SLUG}`),
    )?.[1];
    expect((await visit(file ?? "")).status).toBe(200);
    await send(`/site/blog/${id}`, { ...FORM, title: COVER_TITLE, intent: "delete" });
    expect((await visit(`/blogpost?post=${COVER_SLUG}`)).status).toBe(404);
    expect((await visit(file ?? "")).status).toBe(404);
  });
});
