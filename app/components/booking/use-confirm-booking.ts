import { type FormEvent, useRef, useState } from "react";
import { postForm } from "~/lib/post-form";
import type { BookingAnswer } from "~/routes/schedule-book.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { useOverlay } from "../overlays";

/** Where the island books: /schedule's attempt, answered as JSON (app/routes/schedule-book.ts). */
const BOOK_URL = "/schedule/book";

interface ConfirmBookingOptions {
  /** The no-JavaScript post's refusal, shown in the form from the start. */
  answer: BookingAnswer | null;
  /** Resolves once the hold of this time has been answered: the booking goes after it. */
  holdAnswered?(): Promise<unknown>;
  onBooked(confirmation: {
    dateString: string;
    service: string;
    email: string;
    /** Kept for the customer to confirm by email (docs/product.md#pending-bookings). */
    pending?: true;
  }): void;
  onTaken(fresh: SlotView[] | undefined): void;
}

/**
 * Sending 'Confirm Date/Time' (spec "Schedule" steps 5 to 7): the empty fields marked, nothing
 * sent twice, and the answer: booked, refused with marks or a message, or the time taken.
 */
export function useConfirmBooking({
  answer,
  holdAnswered,
  onBooked,
  onTaken,
}: ConfirmBookingOptions) {
  const overlay = useOverlay();
  const [empty, setEmpty] = useState<string[]>([]);
  const sending = useRef(false);
  const [result, setResult] = useState<BookingAnswer | null>(answer);
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the booking never leaves the page; without, the form posts to /schedule.
    event.preventDefault();
    if (sending.current) return;
    const form = new FormData(event.currentTarget);
    const missing = ["name", "email"].filter((key) => String(form.get(key) ?? "").trim() === "");
    setEmpty(missing);
    if (missing.length > 0) {
      // Spec section 5: nothing is sent and loading stops; the empty fields are marked.
      event.currentTarget.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    sending.current = true;
    overlay.showLoading();
    await holdAnswered?.();
    const answer = await postForm(BOOK_URL, form);
    sending.current = false;
    overlay.hide();
    if (!answer) {
      // No answer (offline): the dialog stays open with what was typed, to try again.
      void overlay.flashFailure();
      return;
    }
    setResult(answer);
    if (answer.ok) {
      onBooked(answer.confirmation);
    } else if (answer.fieldErrors || answer.callUs) {
      // Marked fields, or a limit no other time would change: the form stays open, saying so.
      void overlay.flashFailure();
    } else {
      onTaken(answer.slots);
    }
  }

  const invalid = (name: string) => empty.includes(name) || name in fieldErrors;
  const errorFor = (name: string) => fieldErrors[name];
  return { onSubmit, result, invalid, errorFor };
}
