import type { FetcherWithComponents } from "react-router";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";

/**
 * Why the server refused a staff form, beside the form (docs/product.md#staff-screens): an alert,
 * read at once, kept until the form is sent again.
 */
export function ActionError({
  fetcher,
}: {
  fetcher: FetcherWithComponents<ScheduleAdminActionResult>;
}) {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return answer && !answer.ok ? (
    <p className="field__error action-error" role="alert">
      {answer.message}
    </p>
  ) : null;
}
