import { useCallback, useEffect, useRef } from "react";
import {
  type FetcherWithComponents,
  useNavigate,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { useOverlay } from "../overlays";
import { useStaffStatus } from "../staff-status";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";

type Success = Extract<ScheduleAdminActionResult, { ok: true }>;
type Failure = Extract<ScheduleAdminActionResult, { ok: false }>;

interface FeedbackOptions {
  /**
   * The schedule admin's listed day, shown again after a change (a booking or a move shows its
   * own day). Without it (the Team, Categories and Waitlist pages) the page's data is loaded again.
   */
  date?: string;
  /**
   * The spec's overlays (loading, then success or failure for 3 s): kept for the appointment-type
   * forms only, where the spec puts them (docs/product.md#staff-screens).
   */
  overlays?: boolean;
  onSuccess?(result: Success): void;
  /** After a success, once the page shows the change (a cancel moves the focus on then). */
  onShown?(result: Success): void;
  /** `result` is undefined when no answer came (the request itself failed). */
  onFailure?(result: Failure | undefined): void;
}

/**
 * Reloads the page's data for a day (?date= in the address counts no page view), in the calendar
 * view shown (a technician's week stays her week). Resolves once the day is shown.
 */
export function useReloadDay(): (dateIso: string) => Promise<void> {
  const navigate = useNavigate();
  const technician = useSearchParams()[0].get("technician");
  return useCallback(
    async (dateIso: string) => {
      const query = new URLSearchParams({ date: dateIso });
      if (technician) query.set("technician", technician);
      await navigate(`/scheduleadmin?${query}`, { replace: true, preventScrollReset: true });
    },
    [navigate, technician],
  );
}

/** "Thursday, December 3" for a salon date "2026-12-03" (the date alone: no zone shifts it). */
function dayName(dateIso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${dateIso}T12:00:00Z`));
}

/**
 * What a change says: the server's short sentence, naming the day when a booking or a move went to
 * another day than the one listed ("Moved Dora Lee to 2:30 PM with Mara on Thursday, December 3.").
 */
export function confirmation(result: Success, listed: string | undefined): string {
  if (!result.dateIso || !listed || result.dateIso === listed) return result.message;
  return `${result.message.replace(/\.$/, "")} on ${dayName(result.dateIso)}.`;
}

/**
 * A staff form's answer, in place (docs/product.md#staff-screens): nothing covers the page while it
 * is sent; once the page's data is fresh the change is said in the staff pages' status line, and a
 * refusal is the form's own alert (ActionError beside it). The focus stays where it was (a dialog
 * closes itself in `onSuccess`, and the browser gives the focus back to what opened it). The
 * appointment-type forms keep the spec's overlays (`overlays`). Returns `started`, to call from the
 * form's onSubmit once it is really being sent.
 */
export function useActionFeedback(
  fetcher: FetcherWithComponents<ScheduleAdminActionResult>,
  options: FeedbackOptions,
): () => void {
  const overlay = useOverlay();
  const status = useStaffStatus();
  const reloadDay = useReloadDay();
  const revalidator = useRevalidator();
  const sent = useRef<{ previous: unknown } | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const submission = sent.current;
    if (!submission || fetcher.state !== "idle") return;
    sent.current = null;
    const { date, overlays, onSuccess, onShown, onFailure } = latest.current;
    if (overlays) overlay.hide();
    const reload = (day: string | undefined) => (day ? reloadDay(day) : revalidator.revalidate());
    const result = fetcher.data !== submission.previous ? fetcher.data : undefined;
    if (result?.ok) {
      onSuccess?.(result);
      if (overlays) void overlay.flashSuccess();
      void reload(result.dateIso ?? date).then(() => {
        if (!overlays) status.say(confirmation(result, date));
        onShown?.(result);
      });
    } else {
      onFailure?.(result);
      if (overlays) void overlay.flashFailure();
      // No answer at all: said here, as no form has a message to show.
      else if (!result) status.say("Not saved: the server did not answer. Please try again.");
      // A refusal other than a field check means the data moved on (taken, removed): reload.
      if (!result?.fieldErrors) void reload(date);
    }
  }, [fetcher.state, fetcher.data, overlay, status, reloadDay, revalidator]);

  const previous = fetcher.data;
  return useCallback(() => {
    sent.current = { previous };
    if (latest.current.overlays) overlay.showLoading();
  }, [previous, overlay]);
}
