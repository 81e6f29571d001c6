// A blog post's 'Language' (issue 39, docs/product.md#blog-posts) through the built server, as a
// Staff account writes posts and an anonymous visitor reads them from the page cache: each post
// is on its own language's blog (/blog the English, /es/blog the Spanish), its feed and once in
// the sitemap; its other language's address answers 301 to its own; a blog without a post in its
// language says so and links the other's; a post saved in the other language moves blogs at the
// next request; a post's page names only its own address and its 'Español' / 'English' link
// opens the other language's blog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/services/db/schema.server";
import { seedBlogPostsOnce } from "~/services/site/blog-seed.server";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { signInOwnerAndStaff } from "../../support/staff-accounts";

/** The configured address: every absolute link comes from it, never from the request. */
const PUBLIC_URL = "https://nails.example.com";

const ENGLISH = {
  title: "Winter Care for Dry Cuticles",
  author: "Mara Lindqvist",
  date: "2031-01-15",
  description: "Dry winter air, and what keeps cuticles soft.",
  tags: "nail care, winter",
  body: "## Oil every night\n\nJojoba or almond, before bed.",
  language: "en",
};
const ENGLISH_SLUG = "winter-care-for-dry-cuticles";

const SPANISH = {
  title: "Cómo cuidar sus uñas en verano",
  author: "Lucía Gómez",
  date: "2031-02-20",
  description: "El sol y el cloro resecan las uñas: así las protegemos.",
  tags: "cuidado de uñas",
  body: "## Hidratación\n\nUn aceite de cutícula cada noche. [Reserve su manicura](/schedule?category=Gel+Polish#times) o [escríbanos](https://example.org/).",
  language: "es",
};
const SPANISH_SLUG = "como-cuidar-sus-unas-en-verano";

let store: ServerStore;
let server: AppServer;
let staffCookie: string;

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  ({ staffCookie } = await withStoreDatabase(store, async (db) => {
    // The first start's posts are seeded, then gone: the blogs start with no post at all.
    await seedBlogPostsOnce(db);
    await db.delete(blogPosts);
    return signInOwnerAndStaff(db, "nia@example.com");
  }));
  server = await startAppServer(store, { PUBLIC_URL });
}, 180_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

/** An anonymous visitor's GET (the page cache answers it), with a Host header of its choosing. */
const visit = (path: string) =>
  fetch(`${server.url}${path}`, {
    headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
    redirect: "manual",
  });
const visitText = async (path: string) => (await visit(path)).text();

/** Sends a post's form as the browser does (multipart: it has a file input); its new id. */
async function save(path: string, fields: Record<string, string>): Promise<string> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("cover", new Blob([]), "");
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Cookie: staffCookie, Origin: PUBLIC_URL },
    body,
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  return location.slice("/site/blog/".length, location.indexOf("?"));
}

/** The titles a blog lists (its featured post and the others'). */
async function titlesOn(path: string): Promise<string[]> {
  const html = (await visitText(path)).replaceAll("<!-- -->", "");
  return [...html.matchAll(/<h2><a [^>]*>([^<]+)<\/a><\/h2>/g)].map((m) => m[1] ?? "");
}

/** The words of a page, entities decoded as a reader sees them. */
const wordsOf = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'");

/** The page's meta description, as a search result shows it. */
const descriptionOf = async (path: string) =>
  wordsOf(/<meta name="description" content="([^"]*)"/.exec(await visitText(path))?.[1] ?? "");

let englishId = "";

describe("each blog lists the posts of its language", () => {
  it("with no post at all, each blog says posts are on their way and links no other blog", async () => {
    const blog = wordsOf(await visitText("/blog"));
    expect(blog).toContain("New posts are on their way. Please come back soon.");
    expect(blog).not.toContain("Read the blog in Spanish");
    const es = wordsOf(await visitText("/es/blog"));
    expect(es).toContain("Pronto habrá nuevas publicaciones. Por favor, vuelva a visitarnos.");
    expect(es).not.toContain("Leer el blog en inglés");
    // No post to name: the description names none.
    expect(await descriptionOf("/blog")).toBe("Nail care notes from 2 x 10 Nails & Spa.");
  });

  it("an English post is on /blog; the empty Spanish blog says so in Spanish and links /blog", async () => {
    englishId = await save("/site/blog/new", { ...ENGLISH, intent: "publish" });
    expect(await titlesOn("/blog")).toEqual([ENGLISH.title]);
    expect(await titlesOn("/es/blog")).toEqual([]);
    const es = wordsOf(await visitText("/es/blog"));
    expect(es).toContain('<p class="lead">Aún no hay publicaciones en español.</p>');
    expect(es).toContain('<a href="/blog" hrefLang="en-US">Leer el blog en inglés</a>');
    expect(es).not.toContain("Pronto habrá nuevas publicaciones");
  });

  it("a Spanish post is on /es/blog only, featured there", async () => {
    await save("/site/blog/new", { ...SPANISH, intent: "publish" });
    expect(await titlesOn("/es/blog")).toEqual([SPANISH.title]);
    const es = await visitText("/es/blog");
    const featured = /<article class="blog-featured">([\s\S]*?)<\/article>/.exec(es)?.[1];
    expect(featured).toContain(`href="/es/blogpost?post=${SPANISH_SLUG}"`);
    expect(wordsOf(es)).not.toContain("Aún no hay publicaciones en español.");
    expect(await titlesOn("/blog")).toEqual([ENGLISH.title]);
  });

  it("a post saved as Español leaves /blog and is on /es/blog at the next request, and back", async () => {
    // Both blogs are kept by the page cache now: the save must show through it.
    await visit("/blog");
    await visit("/es/blog");
    await save(`/site/blog/${englishId}`, { ...ENGLISH, language: "es", intent: "publish" });
    try {
      expect(await titlesOn("/blog")).toEqual([]);
      expect(await titlesOn("/es/blog")).toEqual([SPANISH.title, ENGLISH.title]);
      // The English blog, now empty, says so and links the Spanish one.
      const blog = wordsOf(await visitText("/blog"));
      expect(blog).toContain('<p class="lead">No posts in English yet.</p>');
      expect(blog).toContain('<a href="/es/blog" hrefLang="es-US">Read the blog in Spanish</a>');
      // Its address moved with it: the English one now redirects.
      expect((await visit(`/blogpost?post=${ENGLISH_SLUG}`)).status).toBe(301);
      expect((await visit(`/es/blogpost?post=${ENGLISH_SLUG}`)).status).toBe(200);
    } finally {
      // Back in English, for the tests after this one whatever happened here.
      await save(`/site/blog/${englishId}`, { ...ENGLISH, intent: "publish" });
    }
    expect(await titlesOn("/blog")).toEqual([ENGLISH.title]);
    expect(await titlesOn("/es/blog")).toEqual([SPANISH.title]);
  });
});

describe("each blog's description", () => {
  it("names its own language's posts, as the owner wrote them, and no other", async () => {
    expect(await descriptionOf("/blog")).toBe(
      `Nail care notes from 2 x 10 Nails & Spa: ${ENGLISH.title}.`,
    );
    expect(await descriptionOf("/es/blog")).toBe(
      `Notas sobre el cuidado de las uñas de 2 x 10 Nails & Spa: ${SPANISH.title}.`,
    );
  });
});

describe("feeds and the sitemap", () => {
  it("each blog links its own feed, and each feed has its language's posts", async () => {
    expect(await visitText("/blog")).toContain(
      `<link rel="alternate" type="application/atom+xml" title="2 x 10 Nails &amp; Spa blog" href="${PUBLIC_URL}/blog/feed.xml"/>`,
    );
    expect(await visitText("/es/blog")).toContain(
      `<link rel="alternate" type="application/atom+xml" title="2 x 10 Nails &amp; Spa: blog en español" href="${PUBLIC_URL}/es/blog/feed.xml"/>`,
    );

    const english = await visitText("/blog/feed.xml");
    expect(english).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-US">');
    expect(english).toContain(`<title>${ENGLISH.title}</title>`);
    expect(english).not.toContain(SPANISH.title);
    expect(english).toContain(
      `<link rel="alternate" type="text/html" href="${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}"/>`,
    );

    const response = await visit("/es/blog/feed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/atom\+xml/);
    const spanish = await response.text();
    expect(spanish).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es-US">');
    expect(spanish).toContain("<title>2 x 10 Nails &amp; Spa: blog en español</title>");
    expect(spanish).toContain(`<id>${PUBLIC_URL}/es/blog</id>`);
    expect(spanish).toContain(
      `<link rel="alternate" type="text/html" href="${PUBLIC_URL}/es/blog"/>`,
    );
    expect(spanish).toContain(
      `<link rel="self" type="application/atom+xml" href="${PUBLIC_URL}/es/blog/feed.xml"/>`,
    );
    expect(spanish).toContain(`<title>${SPANISH.title}</title>`);
    expect(spanish).toContain(
      `<link rel="alternate" type="text/html" href="${PUBLIC_URL}/es/blogpost?post=${SPANISH_SLUG}"/>`,
    );
    expect(spanish).not.toContain(ENGLISH.title);
    expect(spanish).not.toContain("evil.example");
  });

  it("lists each post once, at its own language's address, with its date and only its own alternates", async () => {
    const sitemap = await visitText("/sitemap.xml");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const posts = locs.filter((loc) => loc?.includes("/blogpost?"));
    expect(posts).toEqual([
      `${PUBLIC_URL}/es/blogpost?post=${SPANISH_SLUG}`,
      `${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}`,
    ]);
    expect(sitemap).toContain(
      `<url><loc>${PUBLIC_URL}/es/blogpost?post=${SPANISH_SLUG}</loc><lastmod>2031-02-20</lastmod><xhtml:link rel="alternate" hreflang="es-US" href="${PUBLIC_URL}/es/blogpost?post=${SPANISH_SLUG}"/></url>`,
    );
    expect(sitemap).toContain(
      `<url><loc>${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}</loc><lastmod>2031-01-15</lastmod><xhtml:link rel="alternate" hreflang="en-US" href="${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}"/><xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}"/></url>`,
    );
    // No address that redirects, as a page or an alternate.
    expect(sitemap).not.toContain(`${PUBLIC_URL}/blogpost?post=${SPANISH_SLUG}`);
    expect(sitemap).not.toContain(`${PUBLIC_URL}/es/blogpost?post=${ENGLISH_SLUG}`);
    // The blogs stay in both languages, each naming the other.
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC_URL}/blog`, `${PUBLIC_URL}/es/blog`]));
  });
});

describe("a post's page", () => {
  it("is at its own language's address; the other answers 301 to it", async () => {
    for (const [other, own] of [
      [`/blogpost?post=${SPANISH_SLUG}`, `/es/blogpost?post=${SPANISH_SLUG}`],
      [`/es/blogpost?post=${ENGLISH_SLUG}`, `/blogpost?post=${ENGLISH_SLUG}`],
    ] as const) {
      const response = await visit(other);
      expect([other, response.status]).toEqual([other, 301]);
      expect(response.headers.get("Location")).toBe(own);
      // Revalidated by a browser: the post's language may still change.
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      expect((await visit(own)).status).toBe(200);
    }
    // An unknown post is no page at either address.
    expect((await visit("/es/blogpost?post=no-such-post")).status).toBe(404);
  });

  it("a Spanish post's links to the site's pages open the Spanish pages, on its page and in its feed", async () => {
    const spanishLink = 'href="/es/schedule?category=Gel+Polish#times"';
    const page = await visitText(`/es/blogpost?post=${SPANISH_SLUG}`);
    expect(page).toContain(spanishLink);
    expect(page).toContain('href="https://example.org/"');
    const feed = await visitText("/es/blog/feed.xml");
    expect(feed).toContain(spanishLink.replaceAll('"', "&quot;"));
    // Stored as written: an English post would link the English page.
    expect(page).not.toContain('href="/schedule?');
  });

  it("names only its own address, and its 'English' / 'Español' link opens the other blog", async () => {
    const spanish = await visitText(`/es/blogpost?post=${SPANISH_SLUG}`);
    expect(spanish).toContain('<html lang="es-US">');
    expect(spanish).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/es/blogpost?post=${SPANISH_SLUG}"/>`,
    );
    expect(
      [...spanish.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    ).toEqual([`es-US ${PUBLIC_URL}/es/blogpost?post=${SPANISH_SLUG}`]);
    expect(spanish).not.toContain('property="og:locale:alternate"');
    // The header's and the side navigation's.
    expect(spanish).toContain('<a class="site-header__language" href="/blog" hrefLang="en-US"');
    expect(spanish).toContain('<a class="side-nav__language" href="/blog" hrefLang="en-US"');

    const english = await visitText(`/blogpost?post=${ENGLISH_SLUG}`);
    expect(
      [...english.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    ).toEqual([
      `en-US ${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}`,
      `x-default ${PUBLIC_URL}/blogpost?post=${ENGLISH_SLUG}`,
    ]);
    expect(english).toContain('<a class="site-header__language" href="/es/blog" hrefLang="es-US"');
    expect(english).toContain('<a class="side-nav__language" href="/es/blog" hrefLang="es-US"');
    // Any other page links its own twin, as before.
    expect(await visitText("/blog")).toContain(
      '<a class="site-header__language" href="/es/blog" hrefLang="es-US"',
    );
    expect(await visitText("/es/services")).toContain(
      '<a class="site-header__language" href="/services" hrefLang="en-US"',
    );
  });
});
