import {
  languageTagOf,
  linksInLanguage,
  localeOfPath,
  localizedPath,
} from "~/domain/i18n/locale-path";
import { m } from "~/paraglide/messages.js";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { listPublishedPostsWithBodies } from "~/services/site/blog-posts.server";
import type { Route } from "./+types/blog-feed";

// /blog/feed.xml: the published English posts as an Atom feed (RFC 4287), newest first, for feed
// readers (docs/product.md#blog-posts); /es/blog/feed.xml the Spanish ones, its title Spanish and
// its links to the /es pages (issue 39). Every link is absolute from the configured site address
// (context.siteUrl: PUBLIC_URL or the address the server listens on), never the request's Host;
// the request's path says only the language.

/** The newest posts a reader is given; older ones are on /blog. */
const FEED_SIZE = 20;

/** Text for XML: markup characters escaped, and the control characters XML 1.0 forbids dropped. */
function xml(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must go.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.siteUrl;
  const locale = localeOfPath(new URL(request.url).pathname);
  const posts = await listPublishedPostsWithBodies(context.db, locale, FEED_SIZE);
  // The salon's name as the owner keeps it (docs/product.md#business-facts).
  const { name } = (await readSalonFacts(context.db)).details;
  const updated = new Date(Math.max(0, ...posts.map((post) => post.updatedAt.getTime())));
  const entries = posts.map((post) => {
    const url = `${site}${localizedPath(`/blogpost?post=${post.slug}`, locale)}`;
    return [
      "  <entry>",
      `    <title>${xml(post.title)}</title>`,
      `    <id>${xml(url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${xml(url)}"/>`,
      `    <published>${post.date}T00:00:00Z</published>`,
      `    <updated>${post.updatedAt.toISOString()}</updated>`,
      `    <author><name>${xml(post.author)}</name></author>`,
      ...post.tags.map((tag) => `    <category term="${xml(tag)}"/>`),
      post.description ? `    <summary>${xml(post.description)}</summary>` : "",
      // The body's own links are relative to the site (/schedule, /photos/...).
      `    <content type="html" xml:base="${xml(`${site}/`)}">${xml(linksInLanguage(post.bodyHtml, locale, context.publicPaths))}</content>`,
      "  </entry>",
    ]
      .filter((line) => line !== "")
      .join("\n");
  });
  const blog = `${site}${localizedPath("/blog", locale)}`;
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${languageTagOf(locale)}">`,
    // "<name> blog", "<name>: blog en español": as the blog's <link rel="alternate"> names it.
    `  <title>${xml(m.blog_feed({ name }, { locale }))}</title>`,
    `  <id>${xml(blog)}</id>`,
    `  <link rel="alternate" type="text/html" href="${xml(blog)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(`${site}${localizedPath("/blog/feed.xml", locale)}`)}"/>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${xml(name)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      // A reader looks again within minutes; the posts' pages themselves change at once.
      "Cache-Control": "public, max-age=300",
    },
  });
}
