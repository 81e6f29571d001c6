import { useCallback, useState } from "react";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { useOverlay } from "../overlays";
import type { BookingPageData } from "./booking-types";

/** What 'Appointment Confirmed' says of a booking made on this page. */
interface Confirmation {
  dateString: string;
  email: string;
  /** Kept for the customer to confirm by email: 'Please Confirm by Email' instead. */
  pending?: true;
}

/**
 * The day's times, the time chosen among them, and what becomes of its booking: booked (spec
 * step 6) or taken by someone else first (step 7).
 */
export function useBookingOutcome(data: BookingPageData) {
  // A refused booking's answer brings the day's fresh times (docs/product.md#no-double-booking).
  const [slots, setSlots] = useState(data.slots);
  // The chosen time is kept whole: the list may refresh (and lose it) while a confirm is sent.
  const [chosen, setChosen] = useState<SlotView | null>(
    () => data.slots?.find((s) => s.startsAt === data.query.slot) ?? null,
  );
  const [confirmed, setConfirmed] = useState<Confirmation | null>(null);
  const overlay = useOverlay();
  const locale = useLocale();

  // Spec step 6: success overlay 3 s, then 'Appointment Confirmed' 4 s, then the page reloads.
  const onBooked = useCallback(
    (confirmation: Confirmation) => {
      setChosen(null);
      void overlay.flashSuccess().then(() => {
        setConfirmed(confirmation);
        setTimeout(() => {
          // A confirmed booking reloads as bare /schedule: its cookie shows 'Your appointment is
          // booked' there, and the address names no search (docs/product.md#after-booking).
          if (!confirmation.pending)
            window.history.replaceState(null, "", localizedPath("/schedule", locale));
          // The reloaded page starts at its top, not where the form was scrolled (issue 38):
          // the booked view then brings its heading into view (booked-view.tsx).
          window.history.scrollRestoration = "manual";
          window.location.reload();
        }, 4000);
      });
    },
    [overlay, locale],
  );
  // Spec step 7 and docs/product.md#no-double-booking: the loser of a race sees the failure overlay, and the list
  // shows the times still free, which came with the refusal.
  const onTaken = useCallback(
    (fresh: SlotView[] | undefined) => {
      setChosen(null);
      if (fresh) setSlots(fresh);
      void overlay.flashFailure();
    },
    [overlay],
  );

  return { slots, setSlots, chosen, setChosen, confirmed, onBooked, onTaken };
}
