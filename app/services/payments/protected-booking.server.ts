// The public form's booking (docs/product.md#booking, docs/payments.md#booking): a visit none of
// whose services is protected, or any visit while Stripe is not connected, is booked as always
// (bookVisitRequest). A protected one needs 'I agree to the cancellation policy'; it is then
// kept pending, 'Awaiting payment' (the pending bookings' machinery: its time taken, released
// when its time is over), with what the visitor agreed to, and continues to Stripe Checkout.
// Only Stripe's webhook confirms it (paid-visits.server.ts). Here, not in services/booking: the
// payments build on the booking (docs/architecture.md#feature-folders), which knows no Stripe.
import { eq } from "drizzle-orm";
import { m } from "~/paraglide/messages.js";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import {
  type BookedAppointment,
  joinNames,
  visitDateString,
} from "../booking/booked-appointment.server";
import type { VisitBookingRequest } from "../booking/booking.server";
import { type BookingOptions, type BookResult, bookVisitRequest } from "../booking/booking.server";
import { inCustomerLanguage } from "../booking/customer-language.server";
import { hashManageToken, newManageToken } from "../booking/manage-token.server";
import { releasePendingVisit } from "../booking/pending-bookings.server";
import { itemPriceColumns, resolveVisit } from "../booking/visit.server";
import type { Database } from "../db/client.server";
import { visitPayments } from "../db/schema.server";
import { startCheckout } from "./checkout.server";
import { stripeClient } from "./stripe-client.server";
import { protectionOfVisit, type VisitProtection } from "./visit-protection.server";

/** Checkout stays open this long: Stripe's shortest, and a minute for the clocks to differ. */
export const CHECKOUT_OPEN_MS = 31 * 60_000;
/** The time is kept this long: Checkout's, and two minutes for a last-moment payment's webhook. */
export const PAYMENT_HOLD_MS = CHECKOUT_OPEN_MS + 2 * 60_000;

export const AGREE_FIELD = "agree";
export const AGREE_REQUIRED = "Please agree to the cancellation policy to book this service.";

/** What the visitor agreed to, and where from: the evidence kept for a dispute. */
export interface Agreement {
  agreed: boolean;
  /** The address the request came from, as the server saw it. */
  clientIp?: string | undefined;
  userAgent?: string | undefined;
}

export type OnlineBookResult =
  | (Extract<BookResult, { ok: true }> & {
      /** A protected visit: Stripe's Checkout page, where the browser goes next. */
      checkout?: { url: string; sessionId: string };
    })
  | Exclude<BookResult, { ok: true }>
  /** Stripe could not be reached or refused: nothing is kept, she may try again or call. */
  | { ok: false; kind: "checkout-failed" };

/**
 * Where Stripe sends her back: the page that waits for the webhook (app/routes/schedule-paid.tsx),
 * in the booking's language (/es/schedule/paid for a Spanish one).
 */
export const paidReturnUrl = (siteUrl: string, locale: Locale = DEFAULT_LOCALE) =>
  `${siteUrl}${localizedPath("/schedule/paid", locale)}?session={CHECKOUT_SESSION_ID}`;

/** Checkout's back link: the return page by the visit's own token, where she may free the time. */
const paidBackUrl = (siteUrl: string, locale: Locale, token: string) =>
  `${siteUrl}${localizedPath("/schedule/paid", locale)}?back=${token}`;

/**
 * Checkout's line and its intent's description, in the booking's language: "Deposit for Gel
 * Manicure, Saturday, May 2 2026 @ 10:00 AM with Ana" / "Depósito para Manicura en gel, sábado,
 * 2 de mayo de 2026 a las 10:00 a. m. con Ana" (the owner's Spanish names where written).
 */
export async function checkoutDescription(
  db: Database,
  visit: readonly BookedAppointment[],
  kind: "deposit" | "card",
  locale: Locale,
): Promise<string> {
  const names = (await inCustomerLanguage(db, visit)).map((part) => part.typeName);
  const services = locale === "es" ? joinNames(names, locale) : names.join(" and ");
  const said = kind === "deposit" ? m.booking_checkout_deposit : m.booking_checkout_card;
  return said({ services, date: visitDateString(visit, locale) }, { locale });
}

/**
 * What a visit of `items` asks (a deposit or a card on file) and its policy in `locale`, each
 * service on its booked price, add-ons included; undefined when it asks nothing or Stripe is not
 * connected.
 */
export async function protectionOfItems(
  db: Database,
  items: readonly VisitRequestItem[],
  locale: Locale,
): Promise<VisitProtection | undefined> {
  if (!stripeClient()) return undefined;
  const resolved = await resolveVisit(db, items);
  if (!resolved) return undefined;
  const parts = resolved.map((item) => ({
    typeId: item.type.id,
    priceCents: itemPriceColumns(item).priceCents,
  }));
  return protectionOfVisit(db, parts, locale);
}

/**
 * Books a visit online (the public form, a waitlist offer's link): as always when it asks
 * nothing; else, with her agreement, kept 'Awaiting payment' and continued to Stripe Checkout.
 */
export async function bookOnlineVisit(
  db: Database,
  request: VisitBookingRequest,
  options: BookingOptions & { siteUrl: string },
  agreement: Agreement,
): Promise<OnlineBookResult> {
  const stripe = stripeClient();
  // The booking's language: the policy she agrees to, Checkout's page and where it returns.
  const locale = request.locale ?? DEFAULT_LOCALE;
  const protection = await protectionOfItems(db, request.items, locale);
  if (!stripe || !protection) return bookVisitRequest(db, request, options);
  if (!agreement.agreed) {
    return { ok: false, kind: "invalid", fieldErrors: { [AGREE_FIELD]: AGREE_REQUIRED } };
  }

  const now = options.now ?? new Date();
  const { ask } = protection;
  // Checkout's back link carries it: the return page may then free her time (paid-view.server.ts).
  const back = newManageToken();
  let visitId = "";
  const booked = await bookVisitRequest(db, request, {
    ...options,
    now,
    awaitingPayment: {
      until: new Date(now.getTime() + PAYMENT_HOLD_MS),
      async write(tx, id) {
        visitId = id;
        await tx.insert(visitPayments).values({
          visitId: id,
          kind: ask.kind,
          amountCents: ask.kind === "deposit" ? ask.cents : 0,
          policyText: protection.policy.join("\n"),
          policyVersion: protection.policyVersion,
          checkoutBackHash: hashManageToken(back),
          ...protection.terms,
          agreedAt: now,
          ipAddress: agreement.clientIp?.slice(0, 64) || null,
          userAgent: agreement.userAgent?.slice(0, 500) || null,
          createdAt: now,
        });
      },
    },
  });
  if (!booked.ok) return booked;

  const visit = booked.visit ?? [booked.appointment];
  const started = await startCheckout(stripe, {
    visitId,
    email: booked.appointment.email ?? "",
    name: booked.appointment.name,
    ask,
    description: await checkoutDescription(db, visit, ask.kind, locale),
    locale,
    successUrl: paidReturnUrl(options.siteUrl, locale),
    cancelUrl: paidBackUrl(options.siteUrl, locale, back),
    expiresAt: new Date(now.getTime() + CHECKOUT_OPEN_MS),
  });
  if (!started.ok) {
    // Nothing may stay kept for a payment that cannot happen.
    await db.transaction(async (tx) => {
      await releasePendingVisit(tx, visitId, now);
      await tx.delete(visitPayments).where(eq(visitPayments.visitId, visitId));
    });
    return { ok: false, kind: "checkout-failed" };
  }
  await db
    .update(visitPayments)
    .set({
      checkoutSessionId: started.sessionId,
      checkoutUrl: started.url,
      stripeCustomerId: started.customerId,
    })
    .where(eq(visitPayments.visitId, visitId));
  return { ...booked, checkout: { url: started.url, sessionId: started.sessionId } };
}
