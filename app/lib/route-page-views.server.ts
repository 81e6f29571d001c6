import type { Database } from "~/services/db/client.server";
import { countPageView } from "~/services/site/page-views.server";
import { type BuiltRoute, type PageViewRule, type RouteFact, routeFactsOf } from "./route-handle";

// Page views are counted here, once, for every page whose handle names one (`page`, `pageViews`:
// app/lib/route-handle.ts; docs/product.md#page-views-counted-atomically): after the page's
// loader has answered, so a refusal (400, 404) or a redirect is known and not counted. The page
// cache counts the pages it serves from memory with the same countPageView (server/page-cache.ts),
// since no loader runs for them. Counted in the loader's turn, as the loaders used to count by
// hand: a document load and an in-app navigation (`.data`) count once each, the page's first
// load after a form posted without JavaScript too (its loader runs again), and the count is
// stored before the page is sent.

/** What a loader's answer was, as far as counting goes. */
type Outcome = "answered" | "redirected" | "refused";

/** The status a loader returned or threw: a Response, or React Router's data(...) with one. */
function statusOf(value: unknown): number | undefined {
  if (value instanceof Response) return value.status;
  const init = (value as { init?: { status?: number } | null } | null | undefined)?.init;
  return typeof init?.status === "number" ? init.status : undefined;
}

function outcomeOf(status: number | undefined, thrown: boolean): Outcome {
  if (status !== undefined && status >= 300 && status < 400) return "redirected";
  if (thrown || (status !== undefined && status >= 400)) return "refused";
  return "answered";
}

/** Whether a request its loader answered so counts under the page's rule. */
export function countsUnder(rule: PageViewRule, url: URL, outcome: Outcome): boolean {
  if (outcome === "refused" || (outcome === "redirected" && !rule.redirects)) return false;
  return !(rule.notWithQuery ?? []).some((name) => url.searchParams.has(name));
}

interface LoaderArgs {
  request: Request;
  context: { db: Database };
}
type Loader = ((args: LoaderArgs) => unknown) & Record<string, unknown>;

/** The loader, counting its page's views once it has answered; its own properties kept. */
function counting(run: unknown, fact: RouteFact, page: string): unknown {
  const rule = fact.handle.pageViews ?? {};
  const count = async ({ request, context }: LoaderArgs, outcome: Outcome) => {
    if (!countsUnder(rule, new URL(request.url), outcome)) return;
    await countPageView(context.db, request, page, { staff: fact.staff });
  };
  const counted = async (args: LoaderArgs) => {
    let answer: unknown;
    try {
      answer = await (run as Loader)(args);
    } catch (thrown) {
      await count(args, outcomeOf(statusOf(thrown), true));
      throw thrown;
    }
    await count(args, outcomeOf(statusOf(answer), false));
    return answer;
  };
  return Object.assign(counted, run);
}

/**
 * The server build's routes with each page's views counted: the loader of a route whose handle
 * names a `page` counts its page views by the handle's rule. Used once, by server/app.ts, on the
 * build every request is served from, rendered or kept by the page cache.
 */
export function countPageViews<Route extends BuiltRoute>(
  routes: Record<string, Route | undefined>,
): Record<string, Route | undefined> {
  const facts = new Map(routeFactsOf(routes).routes.map((fact) => [fact.id, fact]));
  const counted: Record<string, Route | undefined> = {};
  for (const [id, route] of Object.entries(routes)) {
    const fact = facts.get(id);
    const page = fact?.handle.page;
    if (!route || !fact || !page) {
      counted[id] = route;
      continue;
    }
    const { loader } = route.module;
    if (!loader) throw new Error(`Route ${id} names the page ${page} but has no loader.`);
    counted[id] = { ...route, module: { ...route.module, loader: counting(loader, fact, page) } };
  }
  return counted;
}
