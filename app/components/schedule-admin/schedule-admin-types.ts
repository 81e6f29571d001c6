// What the /scheduleadmin loader and action hand the page. The server's parts are the server's
// own types: a type-only import is erased, so no server code reaches the browser.

import type { CalendarView } from "~/services/appointments/staff-calendar.server";
import type { StaffAppointmentView } from "~/services/appointments/staff-schedule.server";
import type { StaffAppointmentTypeView } from "~/services/salon/appointment-type-admin.server";
import type { AffectedAppointment, ClosedDayView } from "~/services/salon/closed-days.server";
import type { WaitlistPlaceView } from "~/services/waitlist/waitlist.server";

export const SCHEDULE_ADMIN_INTENTS = [
  "create",
  "update",
  "duplicate",
  "remove",
  "cancel",
  "book",
  "walk-in",
  "complete-visit",
  "close-day",
  "open-day",
  "update-category",
  "move",
  "edit-customer",
  "visit",
  "payment",
  "charge-no-show",
  "refund-no-show-fee",
  "email-secure-link",
  "waive-protection",
  "add-technician",
  "update-technician",
  "deactivate-technician",
  "reactivate-technician",
] as const;
export type ScheduleAdminIntent = (typeof SCHEDULE_ADMIN_INTENTS)[number];

/** An appointment of the listed day; the start as an ISO instant, its salon date. */
export type AdminAppointmentView = Pick<
  StaffAppointmentView,
  | "id"
  | "name"
  | "email"
  | "typeId"
  | "typeName"
  | "category"
  | "phone"
  | "phoneLabel"
  | "startLabel"
  | "technician"
  | "visitStatus"
  | "pending"
  | "payment"
  | "depositCents"
  | "language"
  | "price"
  | "priceCents"
  | "chargedCents"
  | "tipCents"
> & {
  startsAt: string;
  /** When it ends: the instant (ISO) and "10:45 AM". */
  endsAt: string;
  endLabel: string;
  /** Its salon date, and that date written out ("Thursday, November 26 2026"). */
  dateIso: string;
  dateLabel: string;
  /** Its visit's services still to complete, itself among them; none for a visit of one. */
  visit: VisitPartView[];
  /**
   * Marked 'No-show' on a protected visit whose card may be charged now: the fee in cents, for
   * 'Charge No-show Fee ($X)' (docs/payments.md#no-show-fee); null otherwise.
   */
  noShowFeeCents: number | null;
  /**
   * For the owner, a no-show fee charged and not all given back: what is left, in cents, for
   * 'Refund No-show Fee' (docs/payments.md#refunding-a-fee); null otherwise, and for Staff.
   */
  feeRefundCents: number | null;
  /**
   * A protected visit booked at the desk with no payment, 'Not secured': its details offer 'Email
   * Secure Your Booking' and 'Waive Protection' (docs/payments.md#secure-your-booking).
   */
  securable: boolean;
};

/** A service of a visit, as 'Complete Visit' lists it. */
export interface VisitPartView {
  id: string;
  typeName: string;
  technician: string;
  startLabel: string;
  price: string;
  priceCents: number;
}

/** A closed day with its date written out; the affected appointments' starts as labels. */
export type AdminClosedDayView = Omit<ClosedDayView, "affected"> & {
  /** "Thursday, November 26 2026". */
  dateLabel: string;
  affected: (Omit<AffectedAppointment, "startsAt"> & { startLabel: string })[];
};

export interface ScheduleAdminData {
  email: string;
  /** The server's clock at render (ISO): the live clock starts from it, so hydration matches. */
  now: string;
  today: string;
  /** The listed salon date, "YYYY-MM-DD". */
  date: string;
  dateLabel: string;
  /** The calendar shown: the day, a column per technician, or one technician's week. */
  calendar: CalendarView;
  /** The appointments the calendar shows (of the day, or of her week), in start order. */
  appointments: AdminAppointmentView[];
  types: StaffAppointmentTypeView[];
  /** The active technicians' names (the choices of a service's technicians, the week views). */
  technicians: string[];
}

/** What /scheduleadmin/waitlist shows: who waits for a time on a day, in line order. */
export interface WaitlistPageData {
  today: string;
  date: string;
  dateLabel: string;
  waitlist: WaitlistPlaceView[];
}

export type ScheduleAdminActionResult =
  | {
      ok: true;
      intent: ScheduleAdminIntent;
      /** The type or appointment written (for a duplicate: the copy). */
      id: string;
      /** For a booking: its salon date, which the list then shows. */
      dateIso?: string;
      /** What the page says of it, short, naming the customer ("Marked Dora Lee Arrived"; docs/product.md#staff-screens). */
      message: string;
    }
  | {
      ok: false;
      intent: ScheduleAdminIntent | null;
      message: string;
      fieldErrors?: Record<string, string>;
    };
