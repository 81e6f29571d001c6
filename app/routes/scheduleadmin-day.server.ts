// What the schedule's pages share on the server.
import { formatDateString, SALON_TIME_ZONE, zonedDateTime } from "~/domain/booking/time-zone";

/** "Thursday, November 26 2026" for a salon date. */
export const dayLabel = (dateIso: string) =>
  formatDateString(zonedDateTime(dateIso, "12:00", SALON_TIME_ZONE), SALON_TIME_ZONE);
