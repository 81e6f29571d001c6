// What the /schedule loader hands the booking island. The server's parts are the server's own
// types: a type-only import is erased, so no server code reaches the browser.

import type { VisitRequestItem } from "~/domain/booking/visit-request";
import type { WaitlistOutcome } from "~/domain/booking/waitlist-times";
import type { Locale } from "~/domain/i18n/locale";
import type { SalonDetails } from "~/domain/salon/salon-details";
import type { BookingAnswer } from "~/routes/schedule-book.server";
import type { BookedView } from "~/services/booking/booked-view.server";
import type { SlotView } from "~/services/booking/slot-listing.server";
import type { BookingPaymentFacts } from "~/services/payments/visit-protection.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";

interface BookingQuery {
  date: string;
  category: string;
  service: string;
  technician: string;
  slot: string;
}

export interface BookingPageData {
  /** The page's language (/schedule or /es/schedule): the island provides it (app/lib/i18n.ts). */
  locale: Locale;
  /** The salon's details: the island provides them (app/lib/salon.ts). */
  salon: SalonDetails;
  today: string;
  lastDay: string;
  types: AppointmentTypeView[];
  query: BookingQuery;
  /** How long a chosen time is held for the visitor: "5 minutes" (docs/product.md#holds). */
  holdLabel: string;
  /** The services of the search in the address: one, or a visit's (with add-ons). */
  items: VisitRequestItem[];
  dateLabel: string;
  slots: SlotView[] | null;
  slotsError: string | null;
  /** Without JavaScript the confirm form posts to /schedule: a refusal, shown on the page. */
  answer: BookingAnswer | null;
  /** A booking made without JavaScript: its date string, for 'Appointment Confirmed'. */
  confirmed: string | null;
  /** The booking made without JavaScript waits for the customer's confirmation by email. */
  confirmedPending?: boolean;
  /** 'Join the Waitlist' sent without JavaScript: its outcome, from the address. */
  waitlist: WaitlistOutcome | null;
  /** This browser's booking of the last 30 minutes, by its cookie (docs/product.md#after-booking). */
  booked?: BookedView | null;
  /**
   * With Stripe connected and a service protected: the policy the dialog shows, and the services
   * that ask a deposit or a card (docs/payments.md#booking). Null otherwise: booking as before.
   */
  payment?: BookingPaymentFacts | null;
}
