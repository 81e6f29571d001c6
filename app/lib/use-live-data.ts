import { useEffect, useRef } from "react";
import { useFetchers, useLocation, useNavigate, useNavigation } from "react-router";
import { type ChangedTable, useChanges } from "./live-changes";

/** After the page's own navigation or form, a change waits this long (that answer reloads it). */
const QUIET_MS = 1500;

/**
 * Keeps a staff page current: when one of `tables` changes, the page loads `href` (itself, at an
 * address its loader does not count as a page view) in place of the current address, as the schedule
 * admin does after its own changes. A navigation, not a background fetch, so a session that ended
 * meanwhile gets the usual "Please sign in again" (a fetcher's refusal would not). While the user
 * is on their way somewhere, or a form of the page is being sent, and a moment after, it waits:
 * that answer reloads the page, and a reload from an older address must not undo it. Returns
 * `refresh`, to do it now.
 */
export function useLiveRefresh(href: string, tables: readonly ChangedTable[]): () => void {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const state = useRef({ href, pathname: location.pathname, busy, lastBusy: 0 });
  state.current.href = href;
  state.current.pathname = location.pathname;
  state.current.busy = busy;
  if (busy) state.current.lastBusy = Date.now();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = () => {
    clearTimeout(timer.current);
    const now = state.current;
    if (now.busy || Date.now() - now.lastBusy < QUIET_MS) {
      timer.current = setTimeout(refresh, QUIET_MS);
      return;
    }
    if (new URL(now.href, "http://x").pathname !== now.pathname) return;
    void navigate(now.href, { replace: true, preventScrollReset: true });
  };
  useChanges(tables, refresh);
  return refresh;
}
