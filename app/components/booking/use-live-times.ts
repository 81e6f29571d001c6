import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { useChanges } from "~/lib/live-changes";
import type { TimesAnswer } from "~/routes/schedule-times";
import type { SlotView } from "~/services/booking/slot-listing.server";

/** What the free times depend on. */
const LISTED_TIMES_TABLES = [
  "appointments",
  "appointment_types",
  "closed_days",
  "technicians",
] as const;

/**
 * While `listening`, a time someone else takes, or a change staff make, shows in the open list
 * without a reload (docs/decisions/015-live-pages.md): the search's times are fetched again.
 */
export function useLiveTimes(
  listening: boolean,
  date: string,
  items: readonly VisitRequestItem[],
  onTimes: (slots: SlotView[]) => void,
) {
  const locale = useLocale();
  useChanges(listening ? LISTED_TIMES_TABLES : [], () => {
    const search = new URLSearchParams([["date", date], ...visitParams(items)]);
    fetch(localizedPath(`/schedule/times?${search}`, locale))
      .then((response) => response.json() as Promise<TimesAnswer>)
      .then((answer) => {
        if (answer.ok) onTimes(answer.slots);
      })
      .catch(() => {}); // offline: the list stays as it was
  });
}
