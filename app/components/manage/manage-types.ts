import type { SlotView } from "~/services/booking/slot-listing.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";

/** What /manage's loader gives the page. */
export type ManagePageData =
  | { state: "not-found" }
  | { state: "limited" }
  | {
      /** Cancelled, or its time has passed: what it was, and the same service again. */
      state: "over";
      cancelled: boolean;
      service: string;
      dateString: string;
      /** /schedule with the service and its next day offered, its times listed; null if gone. */
      bookAgain: string | null;
    }
  | {
      state: "found";
      token: string;
      appointment: {
        name: string;
        email: string;
        /** "Category - Service" as the emails write it. */
        service: string;
        /**
         * The spec's date string: "Monday, May 4 2026 @ 10:00 AM with Mara"; on /es/manage
         * "lunes, 4 de mayo de 2026 a las 10:00 a. m. con Mara".
         */
        dateString: string;
        technician: string;
        price: string;
      };
      /** Before the cut-off: the customer may move or cancel online. */
      canChange: boolean;
      /** "24 hours". */
      cutoff: string;
      /** The last moment for online changes, on the salon's clock. */
      deadlineLabel: string;
      /**
       * A protected visit (docs/payments.md#customer-cancels), null otherwise: what cancelling
       * costs, said before the button; `late`: inside the window, where only cancelling is online;
       * `confirmation`: the terms 'Accept the Fee and Cancel' sends back, when there is a fee.
       */
      cancelTerms: { late: boolean; text: string | null; confirmation: string | null } | null;
      /** null: past the cut-off, or the service is no longer offered. */
      movable: {
        technicians: AppointmentTypeView["technicians"];
        /** The weekdays it is offered on, named in the page's language ("lunes"). */
        days: string[];
        /** The same weekdays, as the date field checks them. */
        offered: AppointmentTypeView["daysOfWeek"];
        today: string;
        lastDay: string;
        search: { date: string; technician: string };
        dateLabel: string;
        slots: Pick<SlotView, "label" | "startsAt">[] | null;
        slotsError: string | null;
      } | null;
    };

/** What /manage's action answers. */
export type ManageActionResult =
  | { ok: true; state: "cancelled" | "moved"; dateString: string; email: string }
  | { ok: false; message: string };
