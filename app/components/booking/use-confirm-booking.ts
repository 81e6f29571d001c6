import { type FormEvent, useRef, useState } from "react";
import type { Locale } from "~/domain/i18n/locale";
import { useLocale } from "~/lib/i18n";
import { postForm } from "~/lib/post-form";
import { m } from "~/paraglide/messages.js";
import type { BookingAnswer } from "~/routes/schedule-book.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { useOverlay } from "../overlays";

/** Where the island books: /schedule's attempt, answered as JSON (app/routes/schedule-book.ts). */
const BOOK_URL = "/schedule/book";

/**
 * The fields the visitor fills, in the dialog's order: a mistake in one is said beside it
 * ('agree': a protected service's 'I agree to the cancellation policy').
 */
const TYPED_FIELDS = ["name", "email", "phone", "agree"] as const;

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
 * The browser's own reading of Name and Email before anything is sent (spec section 5: the empty
 * ones; issue 38: an address the email field cannot hold, in the server's words).
 */
function checkTyped(form: HTMLFormElement, locale: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  const agree = form.elements.namedItem("agree");
  if (agree instanceof HTMLInputElement && !agree.checked) {
    errors.agree = m.booking_agree_required({}, { locale });
  }
  for (const name of ["name", "email"]) {
    const input = form.elements.namedItem(name);
    if (!(input instanceof HTMLInputElement)) continue;
    if (input.value.trim() === "") errors[name] = m.booking_field_required({}, { locale });
    else if (input.validity.typeMismatch) errors[name] = m.booking_field_email({}, { locale });
  }
  return errors;
}

/** Focus the first field said to be wrong, in the dialog's order. */
function focusFirst(form: HTMLFormElement, errors: Record<string, string>) {
  const first = TYPED_FIELDS.find((name) => name in errors);
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * Sending 'Confirm Date/Time' (spec "Schedule" steps 5 to 7): the fields' mistakes said beside
 * them, nothing sent twice, and the answer: booked, refused with marks or a message, or the time
 * taken.
 */
export function useConfirmBooking({
  answer,
  holdAnswered,
  onBooked,
  onTaken,
}: ConfirmBookingOptions) {
  const overlay = useOverlay();
  const locale = useLocale();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const sending = useRef(false);
  const [result, setResult] = useState<BookingAnswer | null>(answer);
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the booking never leaves the page; without, the form posts to /schedule.
    event.preventDefault();
    if (sending.current) return;
    const element = event.currentTarget;
    const mistakes = checkTyped(element, locale);
    setTyped(mistakes);
    setResult(null);
    if (Object.keys(mistakes).length > 0) {
      // Spec section 5: nothing is sent and loading stops; the fields are marked and said.
      focusFirst(element, mistakes);
      return;
    }
    const form = new FormData(element);
    sending.current = true;
    overlay.showLoading();
    await holdAnswered?.();
    const answer = await postForm(BOOK_URL, form, { locale });
    sending.current = false;
    overlay.hide();
    if (!answer) {
      // No answer (offline): the dialog stays open with what was typed, to try again.
      void overlay.flashFailure();
      return;
    }
    if (answer.ok && answer.checkout) {
      // A protected visit, kept for its payment: on to Stripe's Checkout page. The loading
      // overlay stays until the browser leaves.
      overlay.showLoading();
      window.location.assign(answer.checkout.url);
      return;
    }
    setResult(answer);
    const refused = answer.ok ? {} : (answer.fieldErrors ?? {});
    if (answer.ok) {
      onBooked(answer.confirmation);
    } else if (TYPED_FIELDS.some((name) => name in refused)) {
      // A field's mistake the server found: said beside it, as the browser would have (issue 38);
      // the failure overlay is for failures.
      focusFirst(element, refused);
    } else if (answer.fieldErrors || answer.callUs) {
      // Hidden fields refused, or a limit no other time would change: the form stays open.
      void overlay.flashFailure();
    } else {
      onTaken(answer.slots);
    }
  }

  const errorFor = (name: string) => typed[name] ?? fieldErrors[name];
  const invalid = (name: string) => errorFor(name) !== undefined;
  return { onSubmit, result, invalid, errorFor };
}
