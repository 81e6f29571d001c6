import { useCallback, useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { useOverlay } from "../overlays";

/**
 * One of the dashboard's (or the accounts page's) forms: the loading overlay while it is sent,
 * then the success or failure overlay and the page's data loaded again (`refresh`: on the
 * dashboard, without counting a page view). Returns `started`, for the form's onSubmit.
 */
export function useDashboardAction(
  fetcher: FetcherWithComponents<{ ok: boolean }>,
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
