// 'Your appointment is booked' (docs/product.md#after-booking): after an online booking the
// visitor's own browser keeps a cookie for 30 minutes that names it (app/lib/booked-cookie.server.ts),
// so the reloaded /schedule shows the booking with 'Add to Calendar' and 'Manage Appointment'.
// The cookie holds the booking's manage token (the secret the emailed link carries: only its
// SHA-256 is stored), so it opens nothing more than that link does; the server also refuses it
// once the booking is older than 30 minutes (docs/security.md#the-booked-cookie). Nothing
// personal is in any address.
import { and, eq, gt } from "drizzle-orm";
import { m } from "~/paraglide/messages.js";
import { formatDateString, formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { addPrices, formatMinutes } from "../../domain/booking/visit-request";
import { spanishDateOf, spanishTimeOf } from "../../domain/i18n/dates";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import type { SalonDetails } from "../../domain/salon/salon-details";
import type { Database } from "../db/client.server";
import { appointments } from "../db/schema.server";
import { type BookedAppointment, joinNames } from "./booked-appointment.server";
import { toBookedAppointment } from "./booking.server";
import { calendarLinks } from "./booking-calendar.server";
import { hashManageToken, looksLikeManageToken } from "./manage-token.server";
import { inVisitOrder } from "./visit.server";

/** How long the view stays the visitor's: the cookie's Max-Age and the server's own limit. */
export const BOOKED_VIEW_MS = 30 * 60_000;

/** What the view shows; plain strings, handed to the booking island. */
export interface BookedView {
  date: string;
  time: string;
  services: { name: string; technician: string; time: string; price: string }[];
  technicians: string;
  /** "$70.00, 1 h 30 min". */
  total: string;
  /** The manage page's path (/manage?token=...), the emailed link's. */
  manageUrl: string;
  /** 'Google Calendar' and 'Outlook': the visit in each calendar's form, as the email has them. */
  calendarLinks: { google: string; outlook: string };
}

/**
 * The booked visit the cookie's token opens, if it was booked in the last 30 minutes and is
 * still booked, in the order it was asked for; undefined otherwise.
 */
export async function findBookedVisit(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<BookedAppointment[] | undefined> {
  if (!looksLikeManageToken(token)) return undefined;
  const [first] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.manageTokenHash, hashManageToken(token)),
        eq(appointments.status, "booked"),
        gt(appointments.createdAt, new Date(now.getTime() - BOOKED_VIEW_MS)),
      ),
    );
  if (!first) return undefined;
  const rows = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.visitId, first.visitId), eq(appointments.status, "booked")));
  return inVisitOrder(rows.map(toBookedAppointment));
}

/**
 * The view of a booked visit; `salon`: 'Business Details' as the owner keeps them now. In
 * `locale`, the page's (issue 39): its dates and times as es-US writes them on a Spanish page, and
 * its services as `visit` names them (inCustomerLanguage gives a Spanish booking its Spanish names).
 */
export function bookedViewOf(
  visit: readonly BookedAppointment[],
  manageToken: string,
  salon: SalonDetails,
  locale: Locale = DEFAULT_LOCALE,
): BookedView {
  const zone = SALON_TIME_ZONE;
  const dateOf = (at: Date) =>
    locale === "es" ? spanishDateOf(at, zone) : formatDateString(at, zone);
  const timeOf = (at: Date) =>
    locale === "es" ? spanishTimeOf(at, zone) : formatSlotLabel(at, zone);
  const first = visit[0] as BookedAppointment;
  const lastEnd = Math.max(...visit.map((part) => part.endsAt.getTime()));
  const minutes = Math.round((lastEnd - first.startsAt.getTime()) / 60_000);
  const technicians = [...new Set(visit.map((part) => part.technician))];
  return {
    date: dateOf(first.startsAt),
    time: timeOf(first.startsAt),
    services: visit.map((part) => ({
      name: part.typeName,
      technician: part.technician,
      time: m.booked_time_range(
        { from: timeOf(part.startsAt), to: timeOf(part.endsAt) },
        { locale },
      ),
      price: part.price,
    })),
    technicians: technicians.length > 1 ? joinNames(technicians, locale) : first.technician,
    total: `${addPrices(visit.map((part) => part.price)) ?? first.price}, ${formatMinutes(minutes)}`,
    manageUrl: `/manage?token=${manageToken}`,
    calendarLinks: calendarLinks(visit, salon, locale),
  };
}
