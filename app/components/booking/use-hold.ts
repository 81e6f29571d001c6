import { useRef, useState } from "react";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import { useLocale } from "~/lib/i18n";
import { postForm } from "~/lib/post-form";
import type { SlotView } from "~/services/booking/slot-listing.server";

/**
 * Choosing a time holds it for this visitor (docs/product.md#holds, app/routes/schedule-hold.ts);
 * closing the dialog lets it go. A refused hold (another visitor holds or just booked it, after
 * this list was read) changes nothing here: the dialog stays, and confirming answers as the spec
 * says for a time just taken. No answer (offline, the limit) holds nothing either.
 */
export function useHold(
  date: string,
  items: readonly VisitRequestItem[],
  setChosen: (slot: SlotView | null) => void,
) {
  const [held, setHeld] = useState(false);
  const locale = useLocale();
  // The hold's answer brings the visitor's hold cookie: a booking sent before it would come
  // without it, and find the visitor's own hold in its way. The confirm waits for it.
  const answered = useRef<Promise<unknown>>(Promise.resolve());

  function holdForm(slot: SlotView | null): FormData {
    const form = new FormData();
    if (!slot) {
      form.set("intent", "release");
      return form;
    }
    form.set("date", date);
    for (const [name, value] of visitParams(items)) form.append(name, value);
    form.set("slot", slot.startsAt);
    return form;
  }

  function choose(slot: SlotView) {
    setChosen(slot);
    setHeld(false);
    const holding = postForm("/schedule/hold", holdForm(slot), { locale }).then((answer) =>
      setHeld(answer?.ok === true),
    );
    answered.current = holding;
  }

  function closeDialog() {
    setChosen(null);
    // Also when the hold's answer has not come yet: it may arrive after this.
    void postForm("/schedule/hold", holdForm(null), { keepalive: true, locale });
    setHeld(false);
  }

  /** Resolves once the latest hold has been answered (at once when none is on its way). */
  const holdAnswered = () => answered.current;

  return { held, choose, closeDialog, holdAnswered };
}
