// A fee of the policy charged on the card saved at Checkout, without the customer (issue 40):
// the front desk's no-show fee and the customer's own late cancellation. One PaymentIntent,
// off-session and confirmed at once, with the caller's idempotency key; every answer of Stripe,
// a decline and no answer included, is a value.
import Stripe from "stripe";

/** What Stripe answered: charged (or processing, told later by the webhook), or not. */
export type FeeCharge =
  | { ok: true; state: "succeeded" | "processing"; intentId: string; cents: number }
  /** Declined, or the bank asks the customer to authenticate: nothing charged. */
  | { ok: false; kind: "declined" | "authentication"; intentId: string | null; reason: string }
  /** Stripe could not be reached or refused the request: the same attempt may be tried again. */
  | { ok: false; kind: "unreachable"; reason: string };

export interface OffSessionCharge {
  cents: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
  metadata: { visit_id: string; kind: "no_show_fee" | "late_cancel_fee" };
  idempotencyKey: string;
}

/** Charges the saved card off-session; every failure is a value. */
export async function chargeOffSession(
  stripe: Stripe,
  charge: OffSessionCharge,
): Promise<FeeCharge> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.cents,
        currency: "usd",
        customer: charge.customerId,
        payment_method: charge.paymentMethodId,
        off_session: true,
        confirm: true,
        // A saved card, charged without the customer: no page to redirect her to.
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        description: charge.description,
        metadata: charge.metadata,
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    if (intent.status === "succeeded" || intent.status === "processing") {
      const state = intent.status === "succeeded" ? "succeeded" : "processing";
      return { ok: true, state, intentId: intent.id, cents: intent.amount };
    }
    const reason = intent.last_payment_error?.message ?? `the payment is ${intent.status}`;
    return { ok: false, kind: "authentication", intentId: intent.id, reason };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const intentId = error.payment_intent?.id ?? null;
      if (error.code === "authentication_required") {
        return { ok: false, kind: "authentication", intentId, reason: error.message };
      }
      const why = (error.decline_code ?? error.code ?? "declined").replaceAll("_", " ");
      return { ok: false, kind: "declined", intentId, reason: why };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: "unreachable", reason };
  }
}
