// The customer's side of the emailed payment link (issue 40, docs/payments.md#fee-link): its page
// shows the visit, which fee and its amount, and the policy she agreed to (as kept); 'Continue to
// Card Payment' starts a Stripe Checkout Session for exactly the fee on her Stripe customer. The
// webhook then records the fee paid (fee-events.server.ts). A paid link cannot pay again; a
// Checkout that closed unpaid lets her try again from the same link, with a new attempt's key.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../domain/i18n/locale";
import { localizedPath } from "../../domain/i18n/locale-path";
import { formatCents } from "../../domain/money";
import { toBookedAppointment } from "../booking/booking.server";
import { hashManageToken, looksLikeManageToken } from "../booking/manage-token.server";
import { visitShownIn } from "../booking/paid-view.server";
import type { Database } from "../db/client.server";
import { appointments, feeLinks, visitPayments } from "../db/schema.server";
import { startFeeCheckout } from "./checkout.server";
import { feeWords } from "./fee-link-email.server";
import { CHECKOUT_OPEN_MS } from "./protected-booking.server";
import { stripeClient } from "./stripe-client.server";

type LinkRow = typeof feeLinks.$inferSelect;

/** What the page shows: the visit and the fee in the page's language, and where the fee is. */
export type FeeLinkView = {
  services: string;
  when: string;
  /** "No-show fee of $15.00". */
  fee: string;
  /** The policy she agreed to, one sentence a line, as it is kept. */
  policy: string[];
} & FeeLinkState;

type FeeLinkState =
  | { state: "ask"; token: string; amount: string }
  /** Back from Checkout (by its session), Stripe's word not yet come. */
  | { state: "waiting"; checkoutUrl: string | null }
  /** Back from a Checkout that closed unpaid. */
  | { state: "unpaid" }
  | { state: "paid" }
  /** The fee is no longer asked (the 'No-show' mark cleared, or the fee settled another way). */
  | { state: "not-due" }
  | { state: "expired" };

/** A Checkout Session id as Stripe makes them: anything else is not looked up. */
const looksLikeSessionId = (id: string) => /^cs_[A-Za-z0-9_]{8,250}$/.test(id);

async function linkBy(
  db: Database,
  by: { token?: string | undefined; session?: string | undefined },
) {
  if (by.token) {
    if (!looksLikeManageToken(by.token)) return undefined;
    const [link] = await db
      .select()
      .from(feeLinks)
      .where(eq(feeLinks.tokenHash, hashManageToken(by.token)));
    return link;
  }
  if (!by.session || !looksLikeSessionId(by.session)) return undefined;
  const [link] = await db.select().from(feeLinks).where(eq(feeLinks.checkoutSessionId, by.session));
  return link;
}

/** Where the link's fee is now; `bySession`: the page was opened on the return from Checkout. */
async function stateOf(db: Database, link: LinkRow, now: Date, bySession: boolean) {
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.visitId, link.visitId));
  const fee = link.kind === "no_show_fee" ? payment?.noShowFeeState : payment?.lateFeeState;
  if (link.paidAt || fee === "succeeded" || fee === "processing") return "paid";
  if (bySession) {
    const open = (link.checkoutExpiresAt?.getTime() ?? 0) > now.getTime();
    return open ? "waiting" : "unpaid";
  }
  if (fee !== "awaiting") return "not-due";
  if (link.kind === "no_show_fee") {
    const marks = await db
      .select({ mark: appointments.visitStatus })
      .from(appointments)
      .where(and(eq(appointments.visitId, link.visitId), eq(appointments.status, "booked")));
    const came = marks.some((row) => row.mark === "arrived" || row.mark === "completed");
    if (came || !marks.some((row) => row.mark === "no_show")) return "not-due";
  }
  return link.expiresAt > now ? "ask" : "expired";
}

/** The visit as the page says it, and the policy she agreed to. */
async function visitOf(db: Database, link: LinkRow, locale: Locale) {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, link.visitId))
    .orderBy(asc(appointments.startsAt));
  const booked = rows.filter((row) => row.status === "booked");
  const visit = (booked.length > 0 ? booked : rows).map(toBookedAppointment);
  const [payment] = await db
    .select({ policy: visitPayments.policyText, customerId: visitPayments.stripeCustomerId })
    .from(visitPayments)
    .where(eq(visitPayments.visitId, link.visitId));
  if (visit.length === 0 || !payment) return undefined;
  const shown = await visitShownIn(db, visit, locale);
  const fee = feeWords(link.kind, link.cents, locale);
  return { ...shown, fee, policy: payment.policy.split("\n"), customerId: payment.customerId };
}

/** What the emailed link (`token`) or the return from Checkout (`session`) shows. */
export async function findFeeLink(
  db: Database,
  by: { token?: string | undefined; session?: string | undefined },
  now: Date,
  locale: Locale,
): Promise<FeeLinkView | undefined> {
  const link = await linkBy(db, by);
  const visit = link && (await visitOf(db, link, locale));
  if (!link || !visit) return undefined;
  const { customerId: _, ...shown } = visit;
  const state = await stateOf(db, link, now, !by.token);
  switch (state) {
    case "ask":
      return { ...shown, state, token: by.token ?? "", amount: formatCents(link.cents) };
    case "waiting":
      return { ...shown, state, checkoutUrl: link.checkoutUrl };
    default:
      return { ...shown, state };
  }
}

export type FeeLinkStart =
  | { ok: true; sessionId: string; url: string }
  | { ok: false; kind: "not-found" | "no-longer" | "checkout-failed" };

/** The fee's idempotency key of a link's attempt: the link's own, so two links never share one. */
export const feeLinkKey = (link: LinkRow, attempt: number) =>
  `fee-link-${link.tokenHash.slice(0, 24)}-${attempt}`;

/**
 * 'Continue to Card Payment': a Checkout Session for the fee. A press while her Checkout is open
 * goes back to it; a double press shares the attempt's key and its close, so Stripe makes one;
 * after one closed unpaid, a new attempt.
 */
export async function startFeeLinkCheckout(
  db: Database,
  token: string,
  options: { siteUrl: string; locale: Locale; now?: Date },
): Promise<FeeLinkStart> {
  const now = options.now ?? new Date();
  const { locale, siteUrl } = options;
  const link = await linkBy(db, { token });
  const visit = link && (await visitOf(db, link, locale));
  if (!link || !visit) return { ok: false, kind: "not-found" };
  const stripe = stripeClient();
  const state = await stateOf(db, link, now, false);
  if (!stripe || state !== "ask" || !visit.customerId) return { ok: false, kind: "no-longer" };
  const attempt = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(feeLinks)
      .where(and(eq(feeLinks.tokenHash, link.tokenHash), isNull(feeLinks.paidAt)))
      .for("update");
    if (!row || (row.checkoutExpiresAt?.getTime() ?? 0) > now.getTime()) return row;
    const [written] = await tx
      .update(feeLinks)
      .set({
        checkoutAttempts: row.checkoutAttempts + 1,
        checkoutSessionId: null,
        checkoutUrl: null,
        checkoutExpiresAt: new Date(now.getTime() + CHECKOUT_OPEN_MS),
      })
      .where(eq(feeLinks.tokenHash, row.tokenHash))
      .returning();
    return written;
  });
  if (!attempt?.checkoutExpiresAt) return { ok: false, kind: "no-longer" };
  if (attempt.checkoutSessionId && attempt.checkoutUrl) {
    return { ok: true, sessionId: attempt.checkoutSessionId, url: attempt.checkoutUrl };
  }
  const page = `${siteUrl}${localizedPath("/schedule/fee", locale)}`;
  const started = await startFeeCheckout(stripe, {
    visitId: link.visitId,
    kind: link.kind,
    cents: link.cents,
    customerId: visit.customerId,
    description: `${visit.fee}: ${visit.services}, ${visit.when}`,
    locale,
    successUrl: `${page}?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${page}?token=${encodeURIComponent(token)}`,
    expiresAt: attempt.checkoutExpiresAt,
    idempotencyKey: feeLinkKey(link, attempt.checkoutAttempts),
  });
  const same = and(
    eq(feeLinks.tokenHash, link.tokenHash),
    eq(feeLinks.checkoutAttempts, attempt.checkoutAttempts),
    isNull(feeLinks.paidAt),
  );
  if (!started.ok) {
    // Closed: the next press is a new attempt with a key of its own.
    await db.update(feeLinks).set({ checkoutExpiresAt: now }).where(same);
    return { ok: false, kind: "checkout-failed" };
  }
  await db
    .update(feeLinks)
    .set({ checkoutSessionId: started.sessionId, checkoutUrl: started.url })
    .where(and(same, gt(feeLinks.checkoutExpiresAt, now)));
  return { ok: true, sessionId: started.sessionId, url: started.url };
}
