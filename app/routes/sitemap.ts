import type { Locale } from "~/domain/i18n/locale";
import { hreflangPaths, localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { listPublishedPosts } from "~/services/site/blog-posts.server";
import { listVisibleGalleryAddresses } from "~/services/site/gallery.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * A page's <url>s (docs/product.md#languages): one for each language it is written in, each
 * listing the same xhtml:link alternates as the page's own hreflang links, as search engines ask:
 * a page in both languages both (and x-default, the English one); a blog post, written in one,
 * only its own address.
 */
function pageUrls(siteUrl: string, path: string, locales?: Locale[], extra = ""): string {
  const alternates = hreflangPaths(path, locales);
  const links = alternates
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(`${siteUrl}${alternate.path}`)}"/>`,
    )
    .join("");
  return alternates
    .filter((alternate) => alternate.hreflang !== "x-default")
    .map(
      (alternate) =>
        `  <url><loc>${escapeXml(`${siteUrl}${alternate.path}`)}</loc>${extra}${links}</url>`,
    )
    .join("\n");
}

export async function loader({ context }: Route.LoaderArgs) {
  // The routes whose handles say `listed`, as the server derived them at start (server/app.ts).
  const paths = [
    // Each page once, by its English path: pageUrls lists its Spanish twin.
    ...context.publicPaths.filter((path) => localeOfPath(path) === "en"),
    // The photos /gallery shows, in its order (docs/product.md#gallery-and-photos).
    ...(await listVisibleGalleryAddresses(context.db)).map(
      (address) => `/gallery-photo?photo=${address}`,
    ),
  ];
  const urls = paths.map((path) => pageUrls(context.siteUrl, path)).join("\n");
  // Each published post once, at its own language's address (its other language's redirects
  // there), with its date (docs/product.md#blog-posts); drafts are nobody's page.
  const posts = (await listPublishedPosts(context.db))
    .map((post) =>
      pageUrls(
        context.siteUrl,
        localizedPath(`/blogpost?post=${post.slug}`, post.language),
        [post.language],
        `<lastmod>${post.date}</lastmod>`,
      ),
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n${posts}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
