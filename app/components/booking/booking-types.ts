// What the /schedule loader hands the page (kept here so components need no server import).
export interface BookingTypeView {
  id: string;
  type: string;
  category: string;
  description: string;
  durationMin: number;
  price: string;
  workers: string[];
  daysOfWeek: string[];
}

export interface BookingSlotView {
  label: string;
  startsAt: string;
  freeWorkers: string[];
}

export interface BookingQuery {
  date: string;
  category: string;
  service: string;
  worker: string;
  slot: string;
}

export interface BookingPageData {
  today: string;
  lastDay: string;
  types: BookingTypeView[];
  query: BookingQuery;
  dateLabel: string;
  slots: BookingSlotView[] | null;
  slotsError: string | null;
}

export type BookingActionResult =
  | { ok: true; confirmation: { dateString: string; service: string; email: string } }
  | {
      ok: false;
      fieldErrors?: Record<string, string>;
      message?: string;
      /** After a refusal, the island's answer carries the day's times still free. */
      slots?: BookingSlotView[];
    };
