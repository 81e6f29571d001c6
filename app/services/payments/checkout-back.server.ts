// 'Choose Another Time' on the page Checkout's back link opens (docs/payments.md#booking): a
// visitor who left Stripe's page without paying frees the time kept for her at once, instead of
// holding it until Checkout closes (31 minutes), so going back and booking another time does not
// keep two. Her Checkout Session is expired at Stripe first, outside any transaction: only a
// session no one can pay any more lets its time go. One already paid is not freed (the webhook
// confirms it); one Stripe cannot be asked about stays as it is, to try again.
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { hashManageToken, looksLikeManageToken } from "../booking/manage-token.server";
import { releasePendingVisit } from "../booking/pending-bookings.server";
import type { Database } from "../db/client.server";
import { visitPayments } from "../db/schema.server";
import { stripeClient } from "./stripe-client.server";

export type BackRelease =
  | { ok: true }
  /** Paid (or paying) meanwhile: the return page by her session says what the webhook did. */
  | { ok: false; kind: "paid"; sessionId: string }
  | { ok: false; kind: "not-found" | "unreachable" };

/**
 * Whether the session can no longer be paid: expired now, or before; false when paid. Also used
 * before the desk charges a fee whose payment link lapsed (fee-link.server.ts).
 */
export async function closeSession(
  stripe: Stripe,
  sessionId: string,
): Promise<boolean | "unreachable"> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return true;
  } catch {
    // Not open any more (paid, or expired already), or Stripe not reached: ask which.
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === "complete") return false;
      return session.status === "expired" ? true : "unreachable";
    } catch {
      return "unreachable";
    }
  }
}

/** Frees the time kept for the visit whose back link carries `token`, its Checkout closed first. */
export async function releaseByBackLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<BackRelease> {
  const stripe = stripeClient();
  if (!stripe || !looksLikeManageToken(token)) return { ok: false, kind: "not-found" };
  const [payment] = await db
    .select()
    .from(visitPayments)
    .where(eq(visitPayments.checkoutBackHash, hashManageToken(token)));
  if (payment?.origin !== "online") return { ok: false, kind: "not-found" };
  const sessionId = payment.checkoutSessionId;
  if (payment.state === "confirmed" && sessionId) return { ok: false, kind: "paid", sessionId };
  if (payment.state !== "awaiting") return { ok: true };
  if (sessionId) {
    const closed = await closeSession(stripe, sessionId);
    if (closed === "unreachable") return { ok: false, kind: "unreachable" };
    if (!closed) return { ok: false, kind: "paid", sessionId };
  }
  await db.transaction(async (tx) => {
    const [freed] = await tx
      .update(visitPayments)
      .set({ state: "expired" })
      .where(and(eq(visitPayments.visitId, payment.visitId), eq(visitPayments.state, "awaiting")))
      .returning({ visitId: visitPayments.visitId });
    if (freed) await releasePendingVisit(tx, payment.visitId, now);
  });
  return { ok: true };
}
