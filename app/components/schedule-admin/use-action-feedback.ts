import { useCallback, useEffect, useRef } from "react";
import { type FetcherWithComponents, useNavigate, useSearchParams } from "react-router";
import { useOverlay } from "../overlays";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";

type Success = Extract<ScheduleAdminActionResult, { ok: true }>;
type Failure = Extract<ScheduleAdminActionResult, { ok: false }>;

interface FeedbackOptions {
  /** The listed day, reloaded after a change. */
  date: string;
  onSuccess?(result: Success): void;
  /** `result` is undefined when no answer came (the request itself failed). */
  onFailure?(result: Failure | undefined): void;
}

/**
 * Reloads the page's data for a day (?date= in the address counts no page view), in the calendar
 * view shown (a technician's week stays her week).
 */
export function useReloadDay(): (dateIso: string) => void {
  const navigate = useNavigate();
  const technician = useSearchParams()[0].get("technician");
  return useCallback(
    (dateIso: string) => {
      const query = new URLSearchParams({ date: dateIso });
      if (technician) query.set("technician", technician);
      void navigate(`/scheduleadmin?${query}`, { replace: true, preventScrollReset: true });
    },
    [navigate, technician],
  );
}

/**
 * Spec section 4 and 8 for one of the page's forms: the loading overlay while it is sent, then the
 * success overlay (3 s) and fresh data, or the failure overlay (3 s). Returns `started`, to call
 * from the form's onSubmit once it is really being sent.
 */
export function useActionFeedback(
  fetcher: FetcherWithComponents<ScheduleAdminActionResult>,
  options: FeedbackOptions,
): () => void {
  const overlay = useOverlay();
  const reloadDay = useReloadDay();
  const sent = useRef<{ previous: unknown } | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const submission = sent.current;
    if (!submission || fetcher.state !== "idle") return;
    sent.current = null;
    overlay.hide();
    const result = fetcher.data !== submission.previous ? fetcher.data : undefined;
    const { date, onSuccess, onFailure } = latest.current;
    if (result?.ok) {
      onSuccess?.(result);
      void overlay.flashSuccess();
      reloadDay(result.dateIso ?? date);
    } else {
      onFailure?.(result);
      void overlay.flashFailure();
      // A refusal other than a field check means the data moved on (taken, removed): reload.
      if (!result?.fieldErrors) reloadDay(date);
    }
  }, [fetcher.state, fetcher.data, overlay, reloadDay]);

  const previous = fetcher.data;
  return useCallback(() => {
    sent.current = { previous };
    overlay.showLoading();
  }, [previous, overlay]);
}
