import { spanishTimeOfLabel } from "~/domain/i18n/dates";
import type { Locale } from "~/domain/i18n/locale";
import type { SlotView } from "~/services/booking/slot-listing.server";

/**
 * The free times as a page in `locale` shows them: the booking code writes "3:00 PM"; a Spanish
 * page says "3:00 p. m." (its visit's parts too). English is returned as it came.
 */
export function slotsIn<T extends SlotView>(slots: T[], locale: Locale): T[] {
  if (locale === "en") return slots;
  return slots.map((slot) => ({
    ...slot,
    label: spanishTimeOfLabel(slot.label),
    ...(slot.visit
      ? {
          visit: {
            ...slot.visit,
            parts: slot.visit.parts.map((part) => ({
              ...part,
              from: spanishTimeOfLabel(part.from),
              to: spanishTimeOfLabel(part.to),
            })),
          },
        }
      : {}),
  }));
}
