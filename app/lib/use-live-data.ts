import { useFetcher } from "react-router";
import { type ChangedTable, useChanges } from "./live-changes";

/**
 * A route's loader data, kept current: when one of `tables` changes, `href` (the page's loader,
 * addressed so that it counts no page view) is loaded again in the background. Whichever is newer,
 * the route's own data (after an action or a navigation) or the background load, is returned,
 * with `refresh` to load it again now (after a change the stream does not announce).
 */
export function useLiveData<T extends { loadedAt: number }>(
  loaderData: T,
  href: string,
  tables: readonly ChangedTable[],
): [data: T, refresh: () => void] {
  const fetcher = useFetcher<T>();
  const refresh = () => fetcher.load(href);
  useChanges(tables, refresh);
  // The same loader, so the same shape as the route's own data.
  const fresh = fetcher.data as T | undefined;
  return [fresh && fresh.loadedAt > loaderData.loadedAt ? fresh : loaderData, refresh];
}
