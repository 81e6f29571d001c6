// The page Stripe sends a visitor back to after Checkout (/schedule/paid?session=...,
// docs/payments.md#booking). It never confirms anything: it reads what Stripe's webhook has
// done. 'Your appointment is booked' with the deposit or card once the webhook has confirmed
// the visit, 'Waiting for your payment' until then (Checkout's page linked while it is open),
// or the time to pay over. The session id is Stripe's unguessable id, known to her browser.
// In the page's language (/es/schedule/paid: es-US dates, the owner's Spanish service names).
// The front desk's words for the same payments: desk-payment.server.ts.
import { asc, eq } from "drizzle-orm";
import { m } from "~/paraglide/messages.js";
import { formatSlotLabel, SALON_TIME_ZONE } from "../../domain/booking/time-zone";
import { spanishClockPhrase } from "../../domain/i18n/dates";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { formatCents } from "../../domain/money";
import type { Database } from "../db/client.server";
import { appointments, visitPayments } from "../db/schema.server";
import { type BookedAppointment, joinNames, visitDateString } from "./booked-appointment.server";
import { toBookedAppointment } from "./booking.server";
import { inCustomerLanguage } from "./customer-language.server";
import { hashManageToken, looksLikeManageToken } from "./manage-token.server";

export type PaidView = {
  services: string;
  when: string;
} & (
  | {
      state: "booked";
      /** "Deposit $25.00 paid", or "Card on file" ("Depósito de $25.00 pagado", "Tarjeta registrada"). */
      payment: string;
      email: string;
    }
  | { state: "waiting"; until: string; checkoutUrl: string | null }
  /** Back from Checkout by its back link, unpaid: she may go on paying, or free the time. */
  | { state: "back"; until: string; checkoutUrl: string | null; token: string }
  | { state: "released" }
);

/** A Checkout Session id as Stripe makes them: anything else is not looked up. */
const looksLikeSessionId = (id: string) => /^cs_[A-Za-z0-9_]{8,250}$/.test(id);

/**
 * What the return page shows for this session, in `locale` (the page's); undefined when it names
 * no booking.
 */
export async function findPaidVisit(
  db: Database,
  sessionId: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<PaidView | undefined> {
  if (!looksLikeSessionId(sessionId)) return undefined;
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.checkoutSessionId, sessionId));
  return payment && paidViewOf(db, payment, now, locale);
}

/**
 * What the return page shows when Checkout's back link (`?back=`, the visit's own token) brings
 * her back: while her time is kept and unpaid, 'back' (go on paying, or free the time); else as
 * after paying. Undefined when it names no booking.
 */
export async function findPaidVisitByBack(
  db: Database,
  token: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<PaidView | undefined> {
  if (!looksLikeManageToken(token)) return undefined;
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.checkoutBackHash, hashManageToken(token)));
  const view = payment && (await paidViewOf(db, payment, now, locale));
  return view?.state === "waiting" ? { ...view, state: "back", token } : view;
}

/**
 * What the return page would show for the visit `visitId` (a waitlist offer's booking); undefined
 * when the visit asked no payment.
 */
export async function findPaidVisitById(
  db: Database,
  visitId: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<PaidView | undefined> {
  const [payment] = await db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId));
  return payment && paidViewOf(db, payment, now, locale);
}

async function paidViewOf(
  db: Database,
  payment: typeof visitPayments.$inferSelect,
  now: Date,
  locale: Locale,
): Promise<PaidView | undefined> {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, payment.visitId))
    .orderBy(asc(appointments.startsAt));
  const first = rows[0];
  if (!first) return undefined;
  const shown = await visitShownIn(db, rows.map(toBookedAppointment), locale);
  const booked = rows.every((row) => row.status === "booked");
  if (payment.state === "confirmed" && booked) {
    return {
      ...shown,
      state: "booked",
      payment: paymentText(payment.kind, payment.paidCents ?? payment.amountCents, locale),
      email: first.email ?? "",
    };
  }
  const kept = booked && first.pendingUntil !== null && first.pendingUntil > now;
  if (payment.state === "awaiting" && kept && first.pendingUntil) {
    return {
      ...shown,
      state: "waiting",
      until:
        locale === "es"
          ? spanishClockPhrase(first.pendingUntil, SALON_TIME_ZONE)
          : formatSlotLabel(first.pendingUntil, SALON_TIME_ZONE),
      checkoutUrl: payment.checkoutUrl,
    };
  }
  return { ...shown, state: "released" };
}

/**
 * A visit's services and date as a page in `locale` says them: the owner's Spanish names and an
 * es-US date on /es.
 */
export async function visitShownIn(
  db: Pick<Database, "select">,
  visit: BookedAppointment[],
  locale: Locale,
): Promise<{ services: string; when: string }> {
  const names = (
    await inCustomerLanguage(
      db,
      visit.map((part) => ({ ...part, language: locale })),
    )
  ).map((part) => part.typeName);
  return {
    services: locale === "es" ? joinNames(names, locale) : names.join(" and "),
    when: visitDateString(visit, locale),
  };
}

/**
 * "Deposit $25.00 paid" or "Card on file": as the page and the front desk (English) say it;
 * "Depósito de $25.00 pagado" or "Tarjeta registrada" on the Spanish page.
 */
export function paymentText(
  kind: "card" | "deposit",
  cents: number,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return kind === "deposit"
    ? m.paid_deposit({ amount: formatCents(cents) }, { locale })
    : m.paid_card({}, { locale });
}
