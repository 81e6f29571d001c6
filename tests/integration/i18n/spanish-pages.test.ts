// English and Spanish (issue 39, docs/product.md#languages), through the production server: every
// page of the sitemap in both languages, each Spanish page free of the English catalogue's
// sentences, declared es-US, saying its own words in Spanish (and its English page its English),
// and every page's hreflang links (en-US, es-US, x-default) absolute from PUBLIC_URL and the same
// on both pages of a pair, as in the sitemap. A blog post is written in one language: its page is
// at that language's address only (the other redirects to it), its hreflang names only itself.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { appointmentTypes, blogPosts, serviceCategories } from "~/services/db/schema.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { renderPostBody } from "~/services/site/blog-markdown.server";
import { seedBlogPostsOnce } from "~/services/site/blog-seed.server";
import { seedGalleryOnce } from "~/services/site/gallery-seed.server";
import { addReview, seedReviewsOnce } from "~/services/site/reviews.server";
import english from "../../../app/messages/en.json";
import spanish from "../../../app/messages/es.json";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";

// Not the address the test reaches the server at: links must come from configuration.
const PUBLIC_URL = "https://salon.example.com";

const SPANISH_REVIEW = {
  quote: "Un lugar tranquilo y muy limpio. Mi manicura duró tres semanas.",
  name: "Rosa M.",
  city: "Cicero",
};

let store: ServerStore;
let server: AppServer;
const pages = new Map<string, { status: number; html: string }>();
let sitemap = "";

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** What a visitor reads or hears: the HTML without its styles and scripts (island props too). */
function wordsOf(html: string): string {
  return decode(
    html.replace(/<style[\s\S]*?<\/style>/g, " ").replace(/<script[\s\S]*?<\/script>/g, " "),
  );
}

/**
 * The English catalogue's sentences that a Spanish page must not say: each message's words
 * between its placeholders, of two words or more, where the Spanish differs.
 */
const ENGLISH_SENTENCES = Object.entries(english as Record<string, string>)
  .filter(([key, text]) => key !== "$schema" && (spanish as Record<string, string>)[key] !== text)
  .flatMap(([, text]) => text.split(/\{\w+\}/))
  .map((part) => part.trim().replace(/^[,.:;()]+|[,.:;()]+$/g, ""))
  .filter((part) => part.includes(" ") && part.length >= 8);

/** The hreflang links of a page: language -> absolute URL. */
function alternatesOf(html: string): Record<string, string> {
  const links = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)];
  return Object.fromEntries(links.map((match) => [match[1], decode(match[2] as string)]));
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A blog post's page: in its own language only (docs/product.md#blog-posts). */
const isPost = (path: string) => /^(\/es)?\/blogpost\?/.test(path);

/** Two Spanish posts besides the first start's English ones, so /es/blog lists and features. */
function spanishPost(slug: string, title: string, date: string, createdAt: Date) {
  const bodyMarkdown = `## ${title}\n\nUn aceite de cutícula cada noche mantiene sus uñas flexibles.`;
  return {
    slug,
    title,
    author: "Mara Lindqvist",
    date,
    description: "Consejos de nuestro estudio para el cuidado de sus uñas.",
    tags: ["cuidado de uñas"],
    bodyMarkdown,
    bodyHtml: renderPostBody(bodyMarkdown),
    status: "published" as const,
    language: "es" as const,
    createdAt,
    updatedAt: createdAt,
  };
}

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  await withStoreDatabase(store, async (db) => {
    await seedCatalogueOnce(db);
    await seedReviewsOnce(db);
    // A guest's review in Spanish beside the seed's English ones.
    await addReview(db, { ...SPANISH_REVIEW, language: "es" });
    // A service and a category's summary the owner has not written in Spanish.
    await db
      .update(appointmentTypes)
      .set({ typeEs: "" })
      .where(eq(appointmentTypes.type, "Lip Wax"));
    await db
      .update(serviceCategories)
      .set({ summaryEs: "" })
      .where(eq(serviceCategories.name, "Waxing"));
    await seedBlogPostsOnce(db);
    await seedGalleryOnce(db);
    await db
      .insert(blogPosts)
      .values([
        spanishPost("unas-en-invierno", "Uñas sanas en invierno", "2024-05-12", new Date()),
        spanishPost("ideas-para-bodas", "Ideas de uñas para bodas", "2024-03-03", new Date()),
      ]);
  });
  server = await startAppServer(store, { PUBLIC_URL });
  sitemap = (await get("/sitemap.xml")).html;
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    pathOf(decode(m[1] ?? "")),
  );
  // The emailed links' pages (here without a token: their 'link not found' card) and the 404.
  const unlisted = [
    "/manage",
    "/waitlist",
    "/waitlist/confirm",
    "/schedule/confirm",
    // Stripe Checkout's return page (docs/payments.md#booking), here without its session.
    "/schedule/paid",
    // The desk's 'Secure Your Booking' link (docs/payments.md#secure-your-booking), no token.
    "/schedule/secure",
    // A fee's emailed payment link (docs/payments.md#fee-link), no token.
    "/schedule/fee",
    "/nowhere",
    // A control character in the query: 400, 'Address not understood'.
    "/gallery-photo?photo=%00",
  ];
  // Each page listed and its other language's address (a post's redirects to the post).
  const paths = [...listed, ...unlisted].flatMap((p) => [
    localizedPath(p, "en"),
    localizedPath(p, "es"),
  ]);
  for (const path of new Set(paths)) pages.set(path, await get(path));
}, 180_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

describe("the Spanish pages", () => {
  it("mark the owner's texts still without their Spanish as English on /es/services", () => {
    const es = pages.get("/es/services")?.html ?? "";
    expect(es).toContain('<span lang="en-US">Lip Wax</span>');
    expect(es).toMatch(/<p class="service__summary" lang="en-US">[^<]+<\/p>/);
    // Written in Spanish: not marked.
    expect(es).toContain(">Manicura en gel<");
    expect(es).not.toContain('lang="en-US">Manicura en gel');
    // The English page marks nothing of its own language.
    expect(pages.get("/services")?.html).not.toMatch(/<(span|p|h2|small)[^>]* lang="/);
  });

  it("show each review as written, its language marked on the other language's page", () => {
    /** Each review's quote on a page, with the language its blockquote declares. */
    const quotes = (path: string) =>
      [
        ...(pages.get(path)?.html ?? "").matchAll(
          /<blockquote(?: lang="([^"]+)")?><p>([^<]+)<\/p><\/blockquote>/g,
        ),
      ].map((match) => [decode(match[2] ?? ""), match[1] ?? "the page's"]);
    const english = quotes("/reviews");
    const spanish = quotes("/es/reviews");
    expect(english).toHaveLength(7);
    // On /reviews only the Spanish one is marked, on /es/reviews only the English ones.
    for (const [quote, lang] of english) {
      expect([quote, lang]).toEqual([
        quote,
        quote === SPANISH_REVIEW.quote ? "es-US" : "the page's",
      ]);
    }
    expect(spanish).toEqual(
      english.map(([quote]) => [quote, quote === SPANISH_REVIEW.quote ? "the page's" : "en-US"]),
    );
    // The home page's quote (the first, English) is marked on /es.
    expect(pages.get("/es")?.html).toMatch(/<blockquote lang="en-US"><p>/);
    expect(pages.get("/")?.html).toMatch(/<blockquote><p>/);
  });

  it("are every page of the sitemap under /es, each declared es-US", () => {
    const spanishPages = [...pages.keys()].filter(
      (path) => path === "/es" || path.startsWith("/es/"),
    );
    expect(spanishPages).toEqual(
      expect.arrayContaining(["/es", "/es/services", "/es/schedule", "/es/policies", "/es/manage"]),
    );
    for (const path of spanishPages) {
      const { status, html } = pages.get(path) ?? { status: 0, html: "" };
      if (isPost(path)) continue;
      // The same answer as its English page (a link without its token is 'not found' in both).
      const englishStatus = pages.get(localizedPath(path, "en"))?.status;
      expect([path, status]).toEqual([path, englishStatus]);
      expect(html, path).toContain('<html lang="es-US">');
    }
    expect(pages.get("/es/services")?.status).toBe(200);
    expect(pages.get("/es/nowhere")?.status).toBe(404);
    expect(pages.get("/services")?.html).toContain('<html lang="en-US">');
  });

  it("have each blog post at its own language's address, the other redirecting to it (301)", async () => {
    const posts = [...pages.keys()].filter(isPost);
    // The first start's two English posts and the two Spanish ones, each at both addresses.
    expect(posts).toHaveLength(8);
    for (const path of posts) {
      const { status, html } = pages.get(path) ?? { status: 0, html: "" };
      const other = localizedPath(path, localeOfPath(path) === "es" ? "en" : "es");
      const otherStatus = pages.get(other)?.status;
      // One of the pair is the post's page, the other a permanent redirect to it.
      expect([path, [status, otherStatus].sort()]).toEqual([path, [200, 301]]);
      if (status === 200) {
        expect(html, path).toContain(
          `<html lang="${localeOfPath(path) === "es" ? "es-US" : "en-US"}">`,
        );
        const response = await fetch(`${server.url}${other}`, { redirect: "manual" });
        expect(response.headers.get("Location"), other).toBe(path);
      }
    }
    expect(pages.get("/es/blogpost?post=unas-en-invierno")?.status).toBe(200);
    expect(pages.get("/blogpost?post=unas-en-invierno")?.status).toBe(301);
    expect(pages.get("/blogpost?post=types-of-manicures")?.status).toBe(200);
    expect(pages.get("/es/blogpost?post=types-of-manicures")?.status).toBe(301);
  });

  it("say none of the English catalogue's sentences", () => {
    expect(ENGLISH_SENTENCES.length).toBeGreaterThan(50);
    const leftovers: string[] = [];
    for (const [path, { html }] of pages) {
      if (path !== "/es" && !path.startsWith("/es/")) continue;
      const words = wordsOf(html);
      for (const sentence of ENGLISH_SENTENCES) {
        if (words.includes(sentence)) leftovers.push(`${path}: ${sentence}`);
      }
    }
    expect(leftovers).toEqual([]);
  });

  it("keep the fixed Spanish names of the navigation, /services and /schedule", () => {
    const services = wordsOf(pages.get("/es/services")?.html ?? "");
    for (const name of ["Nosotros", "Servicios", "Galería", "Reservar", "Blog", "Contacto"]) {
      expect(services).toContain(`>${name}</a>`);
    }
    expect(services).toContain("Ver más");
    expect(services).toContain("Ver menos");
    expect(services).toContain(">English</a>");
    const schedule = wordsOf(pages.get("/es/schedule")?.html ?? "");
    for (const name of [
      "Fecha",
      "Categoría",
      "Servicio",
      "Profesional",
      "Ver horarios disponibles",
    ]) {
      expect(schedule).toContain(name);
    }
  });
});

/** The first page (200) of the map whose path starts so ("/es/blogpost?"), with its path. */
function firstPage(prefix: string): { path: string; html: string } {
  const path =
    [...pages.keys()].find((key) => key.startsWith(prefix) && pages.get(key)?.status === 200) ??
    prefix;
  return { path, html: wordsOf(pages.get(path)?.html ?? "") };
}

describe("each page's own words", () => {
  /** A Spanish page, a few of its fixed words, and the English its English page still says. */
  const PAGES: [path: string, spanish: (string | RegExp)[], english: string[]][] = [
    [
      "/es",
      [
        ">Conozca nuestros servicios</a>",
        ">Favoritos de nuestro menú</h2>",
        ">Visítenos</h2>",
        ">Reserve su visita</a>",
        "Lun-Vie",
        // Node's ICU writes "p.m." or "p. m." by version, with a narrow or plain space.
        /10:00\sa\. ?m\. a 8:00\sp\. ?m\./,
        "Salón de uñas de alta gama en Chicago</title>",
      ],
      [
        ">Check out our services</a>",
        ">Favorites from our menu</h2>",
        ">Visit us</h2>",
        ">Book your visit</a>",
        "Mon-Fri",
        "10:00 AM to 8:00 PM",
        "High-End Nail Salon in Chicago</title>",
      ],
    ],
    [
      "/es/about",
      [
        ">Nuestro estudio</p>",
        "<h1>Acerca de 2 x 10 Nails & Spa</h1>",
        "<title>Acerca de nosotros |",
      ],
      [">Our studio</p>", "<h1>About 2 x 10 Nails & Spa</h1>", "<title>About Us |"],
    ],
    [
      "/es/gallery",
      [">Nuestro trabajo</p>", "<h1>Galería</h1>", "Elija uno para verlo de cerca."],
      [">Our work</p>", "<h1>Gallery</h1>", "Choose one to see it up close."],
    ],
    [
      "/es/gallery-photo?",
      ['aria-label="Volver a la galería"', ">Reservar este diseño</a>"],
      ['aria-label="Back to gallery"', ">Book this look</a>"],
    ],
    [
      "/es/blog",
      [
        'aria-label="Más publicaciones"',
        ">12 de mayo de 2024</time>",
        '<link rel="alternate" type="application/atom+xml" title="2 x 10 Nails & Spa: blog en español" href="https://salon.example.com/es/blog/feed.xml"/>',
      ],
      [
        'aria-label="More posts"',
        ">April 29, 2023</time>",
        '<link rel="alternate" type="application/atom+xml" title="2 x 10 Nails & Spa blog" href="https://salon.example.com/blog/feed.xml"/>',
      ],
    ],
    [
      // A Spanish post's page, and an English post's (each post is in one language).
      "/es/blogpost?",
      ["Volver</a>", "Por ", ">12 de mayo de 2024</time>"],
      ["Back</a>", "By ", ">April 29, 2023</time>"],
    ],
    [
      "/es/reviews",
      ["<h1>Vea lo que opinan otros clientes.</h1>", "<title>Reseñas |"],
      ["<h1>See what others are saying.</h1>", "<title>Reviews |"],
    ],
    [
      "/es/locations",
      ["<h1>Ubicaciones y horario</h1>", ">Cargar mapa interactivo</button>", "Sábado"],
      ["<h1>Locations and Hours</h1>", ">Load interactive map</button>", "Saturday"],
    ],
    [
      "/es/policies",
      [
        ">Política de cancelación</h2>",
        ">Aviso de privacidad</h2>",
        ">Qué guardamos</h3>",
        "Por favor, llegue 10 minutos antes.",
        "<strong>",
      ],
      [
        ">Cancellation policy</h2>",
        ">Privacy notice</h2>",
        ">What we keep</h3>",
        "Please arrive 10 minutes early.",
        "<strong>",
      ],
    ],
  ];

  for (const [prefix, spanish, english] of PAGES) {
    it(`${prefix} says its words in Spanish, its English page in English`, () => {
      const es = firstPage(prefix);
      expect(pages.get(es.path)?.status, es.path).toBe(200);
      for (const words of spanish) {
        if (typeof words === "string") expect(es.html, es.path).toContain(words);
        else expect(es.html, es.path).toMatch(words);
      }
      const twin = localizedPath(es.path, "en");
      // A post's English twin is a redirect: the first English post's page instead.
      const en =
        pages.get(twin)?.status === 200 ? twin : firstPage(localizedPath(prefix, "en")).path;
      expect(pages.get(en)?.status, en).toBe(200);
      const englishHtml = wordsOf(pages.get(en)?.html ?? "");
      for (const words of english) expect(englishHtml, en).toContain(words);
    });
  }

  it("answer an unknown Spanish address with 'Página no encontrada' (404), in English 'Page not found'", () => {
    const es = pages.get("/es/nowhere") ?? { status: 0, html: "" };
    expect(es.status).toBe(404);
    expect(wordsOf(es.html)).toContain("<h1>Página no encontrada</h1>");
    expect(wordsOf(es.html)).toContain("<title>Página no encontrada | 2 x 10 Nails & Spa</title>");
    expect(es.html).toContain('href="/es/services"');
    const en = pages.get("/nowhere") ?? { status: 0, html: "" };
    expect(en.status).toBe(404);
    expect(wordsOf(en.html)).toContain("<h1>Page not found</h1>");
    expect(wordsOf(en.html)).toContain("See our services</a>");
  });

  it("answer an unreadable query with 'No entendimos la dirección' (400), in English 'Address not understood'", () => {
    const es = pages.get("/es/gallery-photo?photo=%00") ?? { status: 0, html: "" };
    expect(es.status).toBe(400);
    expect(wordsOf(es.html)).toContain("<h1>No entendimos la dirección</h1>");
    const en = pages.get("/gallery-photo?photo=%00") ?? { status: 0, html: "" };
    expect(en.status).toBe(400);
    expect(wordsOf(en.html)).toContain("<h1>Address not understood</h1>");
  });

  it("show the owner's Spanish description in the footer and the JSON-LD, her English on English pages", () => {
    const spanish = "es un salón de uñas de alta gama en Wicker Park, Chicago.";
    const english = "is a high-end nail salon in Chicago's Wicker Park.";
    for (const path of ["/es", "/es/locations", "/es/policies", "/es/nowhere"]) {
      const html = decode(pages.get(path)?.html ?? "");
      expect(html, path).toContain(spanish);
      expect(html, path).not.toContain(english);
    }
    // The JSON-LD of /es and /es/locations, a script wordsOf leaves out.
    expect(pages.get("/es")?.html).toMatch(/"description":"2 x 10 Nails & Spa es un salón/);
    expect(decode(pages.get("/locations")?.html ?? "")).toContain(english);
    expect(pages.get("/locations")?.html).toMatch(
      /"description":"2 x 10 Nails & Spa is a high-end/,
    );
  });

  it("link their own pages in Spanish", () => {
    const english: string[] = [];
    for (const [path, { html }] of pages) {
      if (path !== "/es" && !path.startsWith("/es/")) continue;
      // Every link to a page of the site, except 'English' (the same page in English).
      for (const [, attributes = ""] of html.matchAll(/<a ([^>]*)>/g)) {
        const href = /href="(\/[^"]*)"/.exec(attributes)?.[1];
        if (!href || attributes.includes('lang="en-US"')) continue;
        if (/^\/(es|photos|images)(\/|$|\?)/.test(href)) continue;
        english.push(`${path}: ${href}`);
      }
    }
    expect(english).toEqual([]);
  });
});

describe("hreflang", () => {
  it("pairs every page of the sitemap with its other language, both ways, from PUBLIC_URL", () => {
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1] ?? ""));
    expect(listed.length).toBeGreaterThan(20);
    for (const url of listed) {
      const path = pathOf(url);
      if (isPost(path)) {
        // A post names only its own address (and x-default when it is English).
        const own =
          localeOfPath(path) === "es" ? { "es-US": url } : { "en-US": url, "x-default": url };
        expect(alternatesOf(pages.get(path)?.html ?? ""), path).toEqual(own);
        continue;
      }
      const english = `${PUBLIC_URL}${localizedPath(path, "en")}`;
      const expected = {
        "en-US": english,
        "es-US": `${PUBLIC_URL}${localizedPath(pathOf(english), "es")}`,
        "x-default": english,
      };
      expect(alternatesOf(pages.get(path)?.html ?? ""), path).toEqual(expected);
      // Reciprocal: the other language's page says the same of both.
      for (const alternate of [expected["en-US"], expected["es-US"]]) {
        expect(alternatesOf(pages.get(pathOf(alternate))?.html ?? ""), alternate).toEqual(expected);
      }
    }
  });

  it("lists both languages in the sitemap, each with the same alternates", () => {
    const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    for (const [, loc, rest] of entries) {
      const links = Object.fromEntries(
        [...(rest ?? "").matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
          m[1],
          decode(m[2] ?? ""),
        ]),
      );
      expect(links, loc).toEqual(alternatesOf(pages.get(pathOf(decode(loc ?? "")))?.html ?? ""));
    }
  });
});
