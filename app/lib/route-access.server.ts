import { data } from "react-router";
import type { StaffUser } from "~/services/db/schema.server";
import { isOwner } from "~/services/staff/accounts.server";
import { type BuiltRoute, type RouteAccess, routeFactsOf } from "./route-handle";
import { staffContext } from "./staff-only.server";

// Who may open a route is said by its handle (`access`, app/lib/route-handle.ts) and enforced
// here, once, for every loader and action (docs/product.md#staff-rules-on-the-server). The staff
// check is the staff layout's middleware (app/routes/staff-layout.tsx); the owner check runs
// first in the route's own loader and action, as a check written there would: a React Router
// middleware that throws before next() renders the root's error boundary without any loader's
// data, and a Staff account must keep getting the page's own "Only the owner can open ..." in
// the staff chrome (tests/e2e/accounts.spec.ts, site-details.spec.ts).

/** Whether a signed-in staff member may open a route of this access. */
export function mayOpen(user: StaffUser, access: RouteAccess | undefined): boolean {
  return access !== "owner" || isOwner(user);
}

/** Refuses (403) anyone but an owner; `page` names the page in the refusal. */
export function requireOwner(user: StaffUser, page = "Accounts"): void {
  if (!mayOpen(user, "owner")) {
    throw data(`Only the owner can open ${page}.`, {
      status: 403,
      headers: { "Cache-Control": "no-store" },
    });
  }
}

interface DataArgs {
  context: { get(key: typeof staffContext): StaffUser };
}
type DataFunction = ((args: DataArgs) => unknown) & Record<string, unknown>;

/** The function with the owner check first; its own properties (readsQuery's schema) kept. */
function ownersOnly(run: unknown, page: string | undefined): unknown {
  const checked = (args: DataArgs) => {
    requireOwner(args.context.get(staffContext), page);
    return (run as DataFunction)(args);
  };
  return Object.assign(checked, run);
}

/**
 * The server build's routes with each route's access enforced: the loader and action of a route
 * whose access is "owner" refuse a Staff account before they run. Used once, by server/app.ts, on
 * the build every request is served from.
 */
export function enforceAccess<Route extends BuiltRoute>(
  routes: Record<string, Route | undefined>,
): Record<string, Route | undefined> {
  const access = new Map<string, RouteAccess>();
  for (const fact of routeFactsOf(routes).routes) {
    if (fact.access === "owner" && !fact.staff) {
      throw new Error(`Route ${fact.id} is for the owner but not under the staff layout.`);
    }
    access.set(fact.id, fact.access);
  }
  const enforced: Record<string, Route | undefined> = {};
  for (const [id, route] of Object.entries(routes)) {
    if (!route || access.get(id) !== "owner") {
      enforced[id] = route;
      continue;
    }
    const page = (route.module.handle as { title?: string } | undefined)?.title;
    const { loader, action } = route.module;
    const module = {
      ...route.module,
      ...(loader ? { loader: ownersOnly(loader, page) } : {}),
      ...(action ? { action: ownersOnly(action, page) } : {}),
    };
    enforced[id] = { ...route, module } as Route;
  }
  return enforced;
}
