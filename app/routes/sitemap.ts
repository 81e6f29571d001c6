import { listPublishedPosts } from "~/services/site/blog-posts.server";
import { listVisibleGalleryAddresses } from "~/services/site/gallery.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function loader({ context }: Route.LoaderArgs) {
  // The routes whose handles say `listed`, as the server derived them at start (server/app.ts).
  const paths = [
    ...context.publicPaths,
    // The photos /gallery shows, in its order (docs/product.md#gallery-and-photos).
    ...(await listVisibleGalleryAddresses(context.db)).map(
      (address) => `/gallery-photo?photo=${address}`,
    ),
  ];
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(`${context.siteUrl}${path}`)}</loc></url>`)
    .join("\n");
  // Each published post with its date (docs/product.md#blog-posts); drafts are nobody's page.
  const posts = (await listPublishedPosts(context.db))
    .map(
      (post) =>
        `  <url><loc>${escapeXml(`${context.siteUrl}/blogpost?post=${post.slug}`)}</loc><lastmod>${post.date}</lastmod></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n${posts}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
