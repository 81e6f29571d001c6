import { data } from "react-router";
import type { Database } from "~/services/db/client.server";
import type { StaffUser } from "~/services/db/schema.server";
import type { FormSchema } from "~/services/platform/form.server";
import { parseQuery } from "~/services/platform/query.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import { retryAfter } from "./retry-after";
import {
  type BuiltRoute,
  type DeclaredRateLimit,
  type RouteFact,
  routeFactsOf,
} from "./route-handle";
import { staffContext } from "./staff-only.server";

// A limit a route applies to its whole loader is said by its handle (`rateLimit`,
// app/lib/route-handle.ts) and counted here, once, for every route that says so: each hit under
// `<limit name>:<client address or staff account>`, with the numbers of the one table
// (RATE_LIMITS, app/services/platform/rate-limits.server.ts; docs/security.md). A request whose
// query the loader cannot read is not counted: the loader answers it 400, as it did when it
// counted by hand. Limits that depend on what a request says (a readable form, an intent, a
// honeypot) stay in their routes: see `rateLimit` in the RouteHandle.

interface LoaderArgs {
  request: Request;
  context: {
    db: Database;
    clientAddress: string;
    get(key: typeof staffContext): StaffUser;
  };
}
type Loader = ((args: LoaderArgs) => unknown) & { query?: FormSchema };

/** Who a hit counts against: the client address, or the signed-in staff account. */
function subjectOf(limit: DeclaredRateLimit, context: LoaderArgs["context"]): string {
  return limit.per === "staff" ? context.get(staffContext).id : context.clientAddress;
}

/** The declared refusal: 429 with Retry-After, never stored by a cache. */
function refusal(limit: DeclaredRateLimit, retryAfterMs: number) {
  const headers = {
    "Cache-Control": "no-store",
    ...limit.refused.headers,
    "Retry-After": retryAfter(retryAfterMs),
  };
  const { body } = limit.refused;
  if (limit.refused.as === "json") return Response.json(body, { status: 429, headers });
  return data(body, { status: 429, headers });
}

/** The loader, counting its declared limit first; its own properties (readsQuery's) kept. */
function limited(run: unknown, limit: DeclaredRateLimit): unknown {
  const loader = run as Loader;
  const checked = async (args: LoaderArgs) => {
    const readable = !loader.query || parseQuery(args.request, loader.query).ok;
    if (readable) {
      const key = `${limit.name}:${subjectOf(limit, args.context)}`;
      const hit = await hitRateLimit(args.context.db, key, RATE_LIMITS[limit.name]);
      if (!hit.allowed) return refusal(limit, hit.retryAfterMs);
    }
    return loader(args);
  };
  return Object.assign(checked, loader);
}

function declaredLimit(fact: RouteFact): DeclaredRateLimit | undefined {
  const limit = fact.handle.rateLimit?.loader;
  if (!limit) return undefined;
  if (!(limit.name in RATE_LIMITS)) {
    throw new Error(`Route ${fact.id} names the rate limit ${limit.name}, not in RATE_LIMITS.`);
  }
  // A staff account is known only under the staff layout, whose middleware runs first.
  if (limit.per === "staff" && !fact.staff) {
    throw new Error(`Route ${fact.id} limits per staff account but is not a staff page.`);
  }
  return limit;
}

/**
 * The server build's routes with each declared limit enforced before the loader runs. Used once,
 * by server/app.ts, on the build every request is served from.
 */
export function enforceRateLimits<Route extends BuiltRoute>(
  routes: Record<string, Route | undefined>,
): Record<string, Route | undefined> {
  const facts = new Map(routeFactsOf(routes).routes.map((fact) => [fact.id, fact]));
  const enforced: Record<string, Route | undefined> = {};
  for (const [id, route] of Object.entries(routes)) {
    const fact = facts.get(id);
    const limit = fact && declaredLimit(fact);
    if (!route || !limit) {
      enforced[id] = route;
      continue;
    }
    const { loader } = route.module;
    if (!loader) throw new Error(`Route ${id} declares a loader's rate limit but has no loader.`);
    enforced[id] = { ...route, module: { ...route.module, loader: limited(loader, limit) } };
  }
  return enforced;
}
