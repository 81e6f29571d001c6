import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { listPublishedPosts } from "~/services/site/blog-posts.server";
import { listVisibleGalleryAddresses } from "~/services/site/gallery.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * A page in both languages (docs/product.md#languages): one <url> for each, each listing both
 * (and x-default, the English one) as xhtml:link alternates, as search engines ask.
 */
function bilingualUrls(siteUrl: string, path: string, extra = ""): string {
  const en = escapeXml(`${siteUrl}${localizedPath(path, "en")}`);
  const es = escapeXml(`${siteUrl}${localizedPath(path, "es")}`);
  const alternates = [
    `<xhtml:link rel="alternate" hreflang="en-US" href="${en}"/>`,
    `<xhtml:link rel="alternate" hreflang="es-US" href="${es}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`,
  ].join("");
  return [en, es].map((loc) => `  <url><loc>${loc}</loc>${extra}${alternates}</url>`).join("\n");
}

export async function loader({ context }: Route.LoaderArgs) {
  // The routes whose handles say `listed`, as the server derived them at start (server/app.ts).
  const paths = [
    // Each page once, by its English path: bilingualUrls lists its Spanish twin.
    ...context.publicPaths.filter((path) => localeOfPath(path) === "en"),
    // The photos /gallery shows, in its order (docs/product.md#gallery-and-photos).
    ...(await listVisibleGalleryAddresses(context.db)).map(
      (address) => `/gallery-photo?photo=${address}`,
    ),
  ];
  const urls = paths.map((path) => bilingualUrls(context.siteUrl, path)).join("\n");
  // Each published post with its date (docs/product.md#blog-posts); drafts are nobody's page.
  const posts = (await listPublishedPosts(context.db))
    .map((post) =>
      bilingualUrls(
        context.siteUrl,
        `/blogpost?post=${post.slug}`,
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
