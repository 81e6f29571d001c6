/** The public pages, for the sitemap and the audits. */
export const publicPaths = [
  "/",
  "/about",
  "/services",
  "/gallery",
  "/blog",
  "/reviews",
  "/contact",
  "/locations",
  "/schedule",
] as const;
