import type { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import type { SheetName } from "~/styles/stylesheets";

/**
 * Who may open a route: anyone, any signed-in staff member, or an owner only. A route's access is
 * the strictest along its chain (a page under the staff layout is at least "staff").
 */
export type RouteAccess = "public" | "staff" | "owner";

/** When a request of a page counts as a page view, besides being one that its loader answers. */
export interface PageViewRule {
  /**
   * Not when the query names any of these, even empty: refining a search, choosing a day, turning
   * a page, the page keeping itself current are the same page view as its first load.
   */
  notWithQuery?: readonly string[];
  /** Also when its loader redirects (Log In counts a signed-in member it sends to the dashboard). */
  redirects?: boolean;
}

/**
 * A rate limit counted before a route's loader runs, on every request whose query it can read
 * (app/lib/route-limits.server.ts): one hit under the limit's name and who it counts.
 */
export interface DeclaredRateLimit {
  /** The limit in the one table of limits (RATE_LIMITS, app/services/platform/rate-limits.server.ts). */
  name: keyof typeof RATE_LIMITS;
  /** Who it counts: the client address (the default), or the signed-in staff account. */
  per?: "client" | "staff";
  /**
   * The answer once over it: 429 with Retry-After and Cache-Control: no-store, and `body` as the
   * page's own data for its component to show ("data"), or as JSON ("json").
   */
  refused: { as: "data" | "json"; body: object; headers?: Record<string, string> };
}

/**
 * The headers of an emailed link's page (manage, confirm, the waitlist's offer and place), whose
 * address carries a token: kept by no cache, and never sent as a Referer to another site.
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser sends a plain form's POST with
 * `Origin: null`, which React Router refuses as a forged action (400). docs/security.md#emailed-links
 */
export const EMAILED_LINK_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
} as const;

/**
 * An emailed link's document carries its loader's and action's own headers (no-store, the
 * referrer policy, a refusal's Retry-After): React Router sends them only through this export.
 */
export const emailedLinkHeaders = ({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/**
 * The limit of an emailed link's page: its token lookups counted per client address, refused
 * with the page's own "limited" card (docs/security.md#rate-limits).
 */
export function emailedLinkLimit(name: DeclaredRateLimit["name"]): { loader: DeclaredRateLimit } {
  return {
    loader: {
      name,
      refused: {
        as: "data",
        body: { state: "limited" },
        headers: { "Referrer-Policy": EMAILED_LINK_HEADERS["Referrer-Policy"] },
      },
    },
  };
}

/**
 * What a route says of itself in `export const handle`: the one place a page's facts live. The
 * lists the rest of the site needs are derived from these handles (routeFactsOf), so a new page
 * is its line in app/routes.ts and its module with its handle, nothing else.
 */
export interface RouteHandle {
  /**
   * The name its page views are counted under (the dashboard's "Page Views"): a request counts
   * when it is a page view (a GET by a person, not a bot or a prefetch: countsAsPageView) and the
   * page's loader answers it, not when the loader refuses it (400, 404) or redirects, unless
   * `pageViews` says otherwise. Counted in one place, rendered or served from the page cache
   * (app/lib/route-page-views.server.ts, applied to the server build by server/app.ts); a staff
   * page's views count only in the running total (docs/product.md#page-views-counted-atomically).
   */
  page?: string;
  /** When a request of `page` counts, besides the rule above. */
  pageViews?: PageViewRule;
  /**
   * Served from memory by the page cache (server/page-cache.ts), the same bytes for every
   * anonymous visitor, rendered again when the site version moves (the owner changed her site,
   * drizzle/0023): "static" when that is all it depends on; "versioned" when it also depends on
   * the bookings' data or the date, kept under a version whose function the page cache holds
   * under the page's name.
   */
  cache?: "static" | "versioned";
  /**
   * The query parameters the page reads: the page cache keeps one copy per value of these and
   * ignores any other parameter (a "static" page with `?utm_source=...` is the same page). For a
   * "versioned" page any of them makes the request a search, rendered every time.
   */
  query?: readonly string[];
  /** A public page with an address of its own: listed in the sitemap and audited. */
  listed?: boolean;
  /**
   * Where its 'Español' / 'English' link goes (app/components/language-link.tsx), put in the other
   * language, when the same address there is not the same page: a blog post is written in one
   * language (docs/product.md#blog-posts), so a post's page links the other language's blog.
   * Without it, the link opens the same address in the other language, its query kept.
   */
  languageLink?: string;
  /**
   * Staff only: set on the staff layout (app/routes/staff-layout.tsx), whose middleware refuses
   * every request without a session; every route under it is a staff page.
   */
  staff?: boolean;
  /**
   * Who may open it (docs/product.md#staff-rules-on-the-server): "owner" refuses a Staff account
   * with 403 in its loader and action alike, enforced in one place for every route that says so
   * (app/lib/route-access.server.ts, applied to the server build by server/app.ts); the staff
   * navigation and the Site's leave out what the signed-in member may not open (their layouts'
   * loaders: app/components/side-nav.tsx, app/lib/site-pages.ts). An owner's page sits under the
   * staff layout, whose middleware is the staff check.
   */
  access?: RouteAccess;
  /**
   * A limit on its whole loader, enforced in one place (app/lib/route-limits.server.ts, applied to
   * the server build by server/app.ts): the emailed links' pages and the front desk's customer
   * lookup. Limits that depend on what the request says stay in the route that reads it: the
   * actions' of the public forms and emailed links, counted only once the form reads (the
   * booking's before its fields are checked, the contact form's after its honeypot, the manage
   * link's and the waitlist offer's refusals name the salon's phone); uploads', only for a
   * multipart body; the sign-in limits, which count failures only. The blog post page's
   * `blog-writes` covers its whole action but answers without Retry-After: left in its route.
   */
  rateLimit?: { loader?: DeclaredRateLimit };
  /** The page's name in its refusal: "Only the owner can open <title>." */
  title?: string;
  /**
   * Needs React in the browser (forms with overlays, dialogs, live data); the others are sent as
   * plain HTML with no JavaScript but the inline enhancements
   * (docs/decisions/012-javascript-only-where-needed.md).
   */
  hydrate?: boolean;
  /**
   * The page's own stylesheets in app/styles, besides base.css (app/styles/stylesheets.tsx): the
   * server inlines only these. A sheet that adjusts another's rules comes after it, here and in
   * every list that names it.
   */
  styles?: readonly SheetName[];
  /** The island its page hydrates on its own: app/islands/<island>.tsx (docs/decisions/014-islands.md). */
  island?: string;
}

/** A route as the server build lists it (`routes` of virtual:react-router/server-build). */
export interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown; loader?: unknown; action?: unknown; default?: unknown };
}

/** One route with an address: its own handle, and whether it is a staff page. */
export interface RouteFact {
  id: string;
  /** Its address, parents' paths joined (`/` for the home page). */
  path: string;
  handle: RouteHandle;
  /** It or a route above it says `staff: true`. */
  staff: boolean;
  /** Who may open it: the strictest `access` along its chain, "staff" under `staff: true`. */
  access: RouteAccess;
  /** The ids of the routes from the root down to it. */
  chain: string[];
  /**
   * The query parameters its loader reads: the keys of the schema readsQuery puts on it
   * (app/services/platform/query.server.ts, docs/security.md#queries).
   */
  reads: string[];
  /** It takes a form (it has an action). */
  action: boolean;
  /** It is a page (it has a component), so it has a `.data` address too. */
  page: boolean;
}

/** A page the page cache serves from memory (server/page-cache.ts). */
export interface CachedPageFacts {
  /** The name its page views are counted under. */
  page: string;
  cache: "static" | "versioned";
  /** The query parameters it reads. */
  query: readonly string[];
}

export interface RouteFacts {
  routes: RouteFact[];
  /** Page cache: address → what it needs to know of the page. */
  cachedPages: ReadonlyMap<string, CachedPageFacts>;
  /** The sitemap's and the audits' pages. */
  publicPaths: string[];
}

const handleOf = (route: BuiltRoute): RouteHandle => (route.module.handle ?? {}) as RouteHandle;

/** Derives every list of pages from the server build's routes, in the order of app/routes.ts. */
export function routeFactsOf(routes: Record<string, BuiltRoute | undefined>): RouteFacts {
  const chainOf = (route: BuiltRoute): BuiltRoute[] => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    return parent ? [...chainOf(parent), route] : [route];
  };
  const facts: RouteFact[] = [];
  for (const route of Object.values(routes)) {
    if (!route || (!route.path && !route.index)) continue;
    const chain = chainOf(route);
    const staff = chain.some((link) => handleOf(link).staff === true);
    facts.push({
      id: route.id,
      path: pathOf(chain),
      handle: handleOf(route),
      staff,
      access: accessOf(chain, staff),
      chain: chain.map((link) => link.id),
      reads: queryNamesOf(route.module.loader),
      action: typeof route.module.action === "function",
      page: route.module.default !== undefined,
    });
  }
  const cachedPages = new Map<string, CachedPageFacts>();
  for (const { id, path, staff, handle } of facts) {
    if (staff || !handle.cache) continue;
    if (!handle.page) throw new Error(`Route ${id} is cached but has no page name.`);
    checkCountedHits(id, handle);
    cachedPages.set(path, { page: handle.page, cache: handle.cache, query: handle.query ?? [] });
  }
  return {
    routes: facts,
    cachedPages,
    publicPaths: facts.filter((fact) => !fact.staff && fact.handle.listed).map((f) => f.path),
  };
}

/**
 * The page cache counts every hit it serves (a kept page is a 200 its loader answered), so a page
 * that does not count with some parameter must never be served from memory with it: only a
 * "versioned" page that reads it (any parameter it reads makes a request a search, rendered).
 */
function checkCountedHits(id: string, handle: RouteHandle): void {
  for (const name of handle.pageViews?.notWithQuery ?? []) {
    if (handle.cache !== "versioned" || !handle.query?.includes(name)) {
      throw new Error(`Route ${id} is cached and served with "${name}", which must not count.`);
    }
  }
}

/** The strictest access along a chain; under the staff layout at least "staff". */
function accessOf(chain: BuiltRoute[], staff: boolean): RouteAccess {
  const declared = chain.map((link) => handleOf(link).access);
  if (declared.includes("owner")) return "owner";
  return staff || declared.includes("staff") ? "staff" : "public";
}

/** The keys of the schema on a loader of readsQuery: a zod object, or a pipe from one. */
function queryNamesOf(loader: unknown): string[] {
  const schema = (loader as { query?: { shape?: object; in?: { shape?: object } } } | undefined)
    ?.query;
  return Object.keys(schema?.shape ?? schema?.in?.shape ?? {});
}

/** A route's address: absolute paths stand alone, relative ones follow their parents'. */
function pathOf(chain: BuiltRoute[]): string {
  let path = "";
  for (const link of chain) {
    if (!link.path) continue;
    path = link.path.startsWith("/") ? link.path : `${path}/${link.path}`;
  }
  return path.replace(/\/+/g, "/").replace(/(.)\/$/, "$1") || "/";
}
