import { useCallback, useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { useOverlay } from "../overlays";
import type { DashboardActionResult } from "./dashboard-types";

/**
 * One of the dashboard's forms: the loading overlay while it is sent, then the success or failure
 * overlay and the page's data loaded again (`refresh`: without counting a visit). Returns
 * `started`, for the form's onSubmit.
 */
export function useDashboardAction(
  fetcher: FetcherWithComponents<DashboardActionResult>,
  refresh: () => void,
): () => void {
  const overlay = useOverlay();
  const sent = useRef(false);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!sent.current || fetcher.state !== "idle") return;
    sent.current = false;
    overlay.hide();
    void (fetcher.data?.ok ? overlay.flashSuccess() : overlay.flashFailure());
    latest.current();
  }, [fetcher.state, fetcher.data, overlay]);
  return useCallback(() => {
    sent.current = true;
    overlay.showLoading();
  }, [overlay]);
}
