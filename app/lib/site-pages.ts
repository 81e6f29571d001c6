import { type BuiltRoute, routeFactsOf } from "./route-handle";

/**
 * The public pages, for the sitemap and the audits: the routes whose handle says `listed`
 * (app/lib/route-handle.ts), in the order of app/routes.ts. `routes` is the server build's.
 */
export function publicPathsOf(routes: Record<string, BuiltRoute | undefined>): string[] {
  return routeFactsOf(routes).publicPaths;
}
