import { listBlogPosts } from "~/content/blog-list";
import { galleryPhotos } from "~/content/gallery-photos";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function loader({ context }: Route.LoaderArgs) {
  // The routes whose handles say `listed`, as the server derived them at start (server/app.ts).
  const paths = [
    ...context.publicPaths,
    ...listBlogPosts().map((post) => `/blogpost?post=${post.id}`),
    ...galleryPhotos.map((photo) => `/gallery-photo?photo=${photo.id}`),
  ];
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(`${context.siteUrl}${path}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
