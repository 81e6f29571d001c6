import { useFetchers, useLocation, useNavigate, useNavigation } from "react-router";
import { type ChangedTable, useChanges } from "./live-changes";

/**
 * Keeps a staff page current: when one of `tables` changes, the page loads `href` (itself, at an
 * address its loader does not count as a visit) in place of the current address, as the schedule
 * admin does after its own changes. A navigation, not a background fetch, so a session that ended
 * meanwhile gets the usual "Please sign in again" (a fetcher's refusal would not). Never while the
 * user is on their way somewhere else or a form of the page is being sent (its own answer
 * reloads the page). Returns `refresh`, to do it now.
 */
export function useLiveRefresh(href: string, tables: readonly ChangedTable[]): () => void {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const refresh = () => {
    if (navigation.state !== "idle" || busy) return;
    if (new URL(href, "http://x").pathname !== location.pathname) return;
    void navigate(href, { replace: true, preventScrollReset: true });
  };
  useChanges(tables, refresh);
  return refresh;
}
