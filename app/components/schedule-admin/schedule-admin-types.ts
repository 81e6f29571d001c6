// What the /scheduleadmin loader and action hand the page (kept here so components need no
// server import).

export const SCHEDULE_ADMIN_INTENTS = [
  "create",
  "update",
  "duplicate",
  "remove",
  "cancel",
  "book",
  "close-day",
  "open-day",
] as const;
export type ScheduleAdminIntent = (typeof SCHEDULE_ADMIN_INTENTS)[number];

export interface AdminAppointmentView {
  id: string;
  name: string;
  typeName: string;
  category: string;
  phone: string | null;
  phoneLabel: string;
  /** "10:00 AM" on the salon's clock. */
  startLabel: string;
  /** ISO instant. */
  startsAt: string;
  worker: string;
}

export interface AdminTypeView {
  id: string;
  type: string;
  category: string;
  description: string;
  durationMin: number;
  price: string;
  workers: string[];
  daysOfWeek: string[];
  startTime: string;
  endTime: string;
}

export interface AdminSlotView {
  label: string;
  startsAt: string;
}

export interface AdminClosedDayView {
  id: string;
  dateIso: string;
  /** "Thursday, November 26 2026". */
  dateLabel: string;
  /** null: the whole salon. */
  worker: string | null;
  note: string | null;
  /** Booked appointments on it (that worker's, for a day off). */
  affected: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    typeName: string;
    worker: string;
    startLabel: string;
  }[];
}

export interface ScheduleAdminData {
  email: string;
  /** The server's clock at render (ISO): the live clock starts from it, so hydration matches. */
  now: string;
  today: string;
  /** The listed salon date, "YYYY-MM-DD". */
  date: string;
  dateLabel: string;
  appointments: AdminAppointmentView[];
  types: AdminTypeView[];
  /** Closed dates and days off from today on. */
  closedDays: AdminClosedDayView[];
  /** Every worker named by a service (the choices for a day off). */
  workers: string[];
  /** Free times for the 'Add Appointment' dialog, when it asked for them. */
  slots: { key: string; slots: AdminSlotView[] | null; error: string | null } | null;
}

export type ScheduleAdminActionResult =
  | {
      ok: true;
      intent: ScheduleAdminIntent;
      /** The type or appointment written (for a duplicate: the copy). */
      id: string;
      /** For a booking: its salon date, which the list then shows. */
      dateIso?: string;
    }
  | {
      ok: false;
      intent: ScheduleAdminIntent | null;
      message: string;
      fieldErrors?: Record<string, string>;
    };
