// The page Stripe sends a visitor back to after Checkout (/schedule/paid?session=...,
// docs/payments.md#booking). It never confirms anything: it reads what Stripe's webhook has
// done. 'Your appointment is booked' with the deposit or card once the webhook has confirmed
// the visit, 'Waiting for your payment' until then (Checkout's page linked while it is open),
// or the time to pay over. The session id is Stripe's unguessable id, known to her browser.
// In the page's language (/es/schedule/paid: es-US dates, the owner's Spanish service names);
// the front desk's words below stay English.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
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
  if (!payment) return undefined;
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
  db: Database,
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

/** The front desk's view of a protected visit's payment. */
export interface DeskPayment {
  /** "Deposit $25.00 paid", "Card on file", or "Awaiting payment" while Checkout is open. */
  label: string;
  /** The deposit the salon holds (paid, less any refund), which counts toward the visit's price. */
  depositCents: number | null;
}

/**
 * The front desk's word on each protected visit of `visitIds`: "Deposit $25.00 paid", "Card on
 * file", or "Awaiting payment" while Checkout is open (an expired one holds no time); with a
 * no-show fee charged, or processing at Stripe, after it (docs/payments.md#no-show-fee).
 */
export async function visitPaymentLabels(
  db: Pick<Database, "select">,
  visitIds: readonly string[],
): Promise<Map<string, DeskPayment>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(visitPayments)
    .where(and(inArray(visitPayments.visitId, [...visitIds]), ne(visitPayments.state, "expired")));
  return new Map(
    rows.map((row) => {
      const paid = row.paidCents ?? row.amountCents;
      const held =
        row.kind === "deposit" && row.state === "confirmed" ? paid - (row.refundedCents ?? 0) : 0;
      const label =
        row.state === "awaiting"
          ? "Awaiting payment"
          : `${paymentText(row.kind, paid)}${feeText(row)}`;
      return [row.visitId, { label, depositCents: held > 0 ? held : null }];
    }),
  );
}

/** How the desk says a no-show fee's state; a failed one says nothing (the button stays). */
const FEE_WORDS = {
  succeeded: "charged",
  processing: "processing",
  awaiting: "awaiting her approval",
} as const;

/**
 * ", no-show fee $5.00 charged" (or "processing", or "awaiting her approval": emailed a payment
 * link, docs/payments.md#fee-link); nothing before a fee is charged.
 */
function feeText(row: typeof visitPayments.$inferSelect): string {
  const { noShowFeeState: state, noShowFeeCents: cents } = row;
  if (cents === null || state === null || state === "failed") return "";
  return `, no-show fee ${formatCents(cents)} ${FEE_WORDS[state]}`;
}
