// The customer's side of 'Secure Your Booking' (issue 40, docs/payments.md#secure-your-booking):
// the emailed link's page shows the visit and the policy; with 'I agree to the cancellation
// policy' it starts Stripe Checkout through the online booking's own code (checkout.server.ts),
// keeping her agreement as the evidence (visit_payments, origin 'emailed_link'). Stripe's webhook
// then records the deposit or card (paid-visits.server.ts). Her visit is booked already: nothing
// here books, keeps or frees a time.
import { and, asc, eq } from "drizzle-orm";
import { m } from "~/paraglide/messages.js";
import type { Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import { formatCents } from "../../domain/money";
import { toBookedAppointment } from "../booking/booking.server";
import { hashManageToken, looksLikeManageToken } from "../booking/manage-token.server";
import { paymentText, visitShownIn } from "../booking/paid-view.server";
import type { Database } from "../db/client.server";
import {
  appointments,
  protectionWaivers,
  secureBookingLinks,
  visitPayments,
} from "../db/schema.server";
import { startCheckout } from "./checkout.server";
import { type Agreement, CHECKOUT_OPEN_MS, checkoutDescription } from "./protected-booking.server";
import { stripeClient } from "./stripe-client.server";
import { protectionOfVisit } from "./visit-protection.server";

type PaymentRow = typeof visitPayments.$inferSelect;

/** What the page shows: the visit, in the page's language, and where its securing is. */
export type SecureView = { services: string; when: string } & SecureState;

type SecureState =
  /** Her agreement is asked: the policy, what is asked, and the form. */
  | { state: "ask"; token: string; policy: string[]; asks: string }
  /** Back from Checkout (by its session), Stripe's word not yet come. */
  | { state: "waiting"; checkoutUrl: string | null }
  /** Back from a Checkout that closed unpaid. */
  | { state: "unpaid" }
  | { state: "secured"; payment: string }
  /** Waived by the desk, or asking nothing now (a service's protection removed, Stripe off). */
  | { state: "not-needed" }
  /** Cancelled, or begun. */
  | { state: "over" };

/** A Checkout Session id as Stripe makes them: anything else is not looked up. */
const looksLikeSessionId = (id: string) => /^cs_[A-Za-z0-9_]{8,250}$/.test(id);

async function visitOfLink(db: Database, token: string): Promise<string | undefined> {
  if (!looksLikeManageToken(token)) return undefined;
  const [link] = await db
    .select({ visitId: secureBookingLinks.visitId })
    .from(secureBookingLinks)
    .where(eq(secureBookingLinks.tokenHash, hashManageToken(token)));
  return link?.visitId;
}

/** The visit as it stands, for the page and for 'Continue': undefined when it names nothing. */
async function readVisit(db: Database, visitId: string, now: Date, locale: Locale) {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startsAt));
  if (rows.length === 0) return undefined;
  const booked = rows.filter((row) => row.status === "booked");
  const visit = (booked.length > 0 ? booked : rows).map(toBookedAppointment);
  const shown = await visitShownIn(db, visit, locale);
  const [payment] = await db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId));
  const over = booked.length === 0 || (booked[0]?.startsAt ?? now) <= now;
  const parts = booked.flatMap((row) =>
    row.typeId ? [{ typeId: row.typeId, priceCents: row.priceCents }] : [],
  );
  return { booked, visit, shown, payment, over, parts };
}

/** What the emailed link (`token`) or the return from Checkout (`session`) shows. */
export async function findSecureVisit(
  db: Database,
  by: { token?: string | undefined; session?: string | undefined },
  now: Date,
  locale: Locale,
): Promise<SecureView | undefined> {
  let visitId: string | undefined;
  let session: PaymentRow | undefined;
  if (by.token) visitId = await visitOfLink(db, by.token);
  else if (by.session && looksLikeSessionId(by.session)) {
    [session] = await db
      .select()
      .from(visitPayments)
      .where(
        and(
          eq(visitPayments.checkoutSessionId, by.session),
          eq(visitPayments.origin, "emailed_link"),
        ),
      );
    visitId = session?.visitId;
  }
  if (!visitId) return undefined;
  const read = await readVisit(db, visitId, now, locale);
  if (!read) return undefined;
  const { shown, payment } = read;
  if (payment?.state === "confirmed") {
    const cents = payment.paidCents ?? payment.amountCents;
    return { ...shown, state: "secured", payment: paymentText(payment.kind, cents, locale) };
  }
  if (read.over) return { ...shown, state: "over" };
  if (session) {
    const open =
      payment?.state === "awaiting" && payment.checkoutSessionId === session.checkoutSessionId;
    return open
      ? { ...shown, state: "waiting", checkoutUrl: payment?.checkoutUrl ?? null }
      : { ...shown, state: "unpaid" };
  }
  const [waiver] = await db
    .select()
    .from(protectionWaivers)
    .where(eq(protectionWaivers.visitId, visitId));
  const protection = waiver ? undefined : await protectionOfVisit(db, read.parts, locale);
  if (!protection) return { ...shown, state: "not-needed" };
  const { ask } = protection;
  const asks =
    ask.kind === "deposit"
      ? m.secure_ask_deposit({ amount: formatCents(ask.cents) }, { locale })
      : m.secure_ask_card({}, { locale });
  return { ...shown, state: "ask", token: by.token ?? "", policy: protection.policy, asks };
}

export type SecureStart =
  | { ok: true; sessionId: string; url: string }
  | { ok: false; kind: "not-found" | "no-longer" | "agree" | "checkout-failed" };

/** Where Stripe sends her back: this page, by the session (in her language). */
export const secureReturnUrl = (siteUrl: string, locale: Locale) =>
  `${siteUrl}${localizedPath("/schedule/secure", locale)}?session={CHECKOUT_SESSION_ID}`;

/**
 * 'Continue to Card Payment': her agreement kept as the evidence, then a Checkout Session for
 * what the visit asks (payment mode for a deposit, the card saved for later fees; setup mode for
 * a card on file), each attempt with its own idempotency keys. A press while her Checkout is
 * still open sends her to that one; a double press shares the attempt's keys, so Stripe makes one.
 */
export async function startSecureCheckout(
  db: Database,
  token: string,
  agreement: Agreement,
  options: { siteUrl: string; now?: Date; locale: Locale },
): Promise<SecureStart> {
  const now = options.now ?? new Date();
  const { locale } = options;
  const stripe = stripeClient();
  const visitId = await visitOfLink(db, token);
  if (!visitId) return { ok: false, kind: "not-found" };
  const view = await findSecureVisit(db, { token }, now, locale);
  if (!stripe || view?.state !== "ask") return { ok: false, kind: "no-longer" };
  if (!agreement.agreed) return { ok: false, kind: "agree" };
  const read = await readVisit(db, visitId, now, locale);
  const protection = read && (await protectionOfVisit(db, read.parts, locale));
  const first = read?.booked[0];
  if (!read || !protection || !first) return { ok: false, kind: "no-longer" };

  const { ask } = protection;
  // The attempt: the open one (its page again), one being made (the same keys), or a new one.
  const attempt = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(visitPayments)
      .where(eq(visitPayments.visitId, visitId))
      .for("update");
    const open =
      row?.state === "awaiting" && row.createdAt.getTime() + CHECKOUT_OPEN_MS > now.getTime();
    if (row && open) return row;
    if (row?.state === "confirmed") return undefined;
    const values = {
      kind: ask.kind,
      amountCents: ask.kind === "deposit" ? ask.cents : 0,
      state: "awaiting" as const,
      origin: "emailed_link" as const,
      checkoutAttempts: (row?.checkoutAttempts ?? 0) + 1,
      checkoutSessionId: null,
      checkoutUrl: null,
      policyText: protection.policy.join("\n"),
      policyVersion: protection.policyVersion,
      ...protection.terms,
      agreedAt: now,
      ipAddress: agreement.clientIp?.slice(0, 64) || null,
      userAgent: agreement.userAgent?.slice(0, 500) || null,
      createdAt: now,
    };
    const [written] = await tx
      .insert(visitPayments)
      .values({ visitId, ...values })
      .onConflictDoUpdate({ target: visitPayments.visitId, set: values })
      .returning();
    return written;
  });
  if (!attempt) return { ok: false, kind: "no-longer" };
  if (attempt.checkoutSessionId && attempt.checkoutUrl) {
    return { ok: true, sessionId: attempt.checkoutSessionId, url: attempt.checkoutUrl };
  }
  const started = await startCheckout(stripe, {
    visitId,
    email: first.email ?? "",
    name: first.name,
    ask,
    // In the page's language, as she read the policy: Checkout's page and its line too.
    description: await checkoutDescription(
      db,
      read.visit.map((part) => ({ ...part, language: locale })),
      ask.kind,
      locale,
    ),
    locale,
    successUrl: secureReturnUrl(options.siteUrl, locale),
    cancelUrl: `${options.siteUrl}${localizedPath(`/schedule/secure?token=${encodeURIComponent(token)}`, locale)}`,
    // From the attempt's start: a double press asks Stripe the very same thing.
    expiresAt: new Date(attempt.createdAt.getTime() + CHECKOUT_OPEN_MS),
    attempt: attempt.checkoutAttempts,
  });
  const same = and(
    eq(visitPayments.visitId, visitId),
    eq(visitPayments.checkoutAttempts, attempt.checkoutAttempts),
    eq(visitPayments.state, "awaiting"),
  );
  if (!started.ok) {
    await db.update(visitPayments).set({ state: "expired" }).where(same);
    return { ok: false, kind: "checkout-failed" };
  }
  await db
    .update(visitPayments)
    .set({
      checkoutSessionId: started.sessionId,
      checkoutUrl: started.url,
      stripeCustomerId: started.customerId,
    })
    .where(same);
  return { ok: true, sessionId: started.sessionId, url: started.url };
}
