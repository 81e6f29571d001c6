import { listBlogPosts } from "~/content/blog";
import { galleryPhotos } from "~/content/gallery";
import { publicPathsOf } from "~/lib/site-pages";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function loader({ context }: Route.LoaderArgs) {
  // The build this module is part of: its routes' handles say which pages are listed.
  const { routes } = await import("virtual:react-router/server-build");
  const paths = [
    ...publicPathsOf(routes),
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
