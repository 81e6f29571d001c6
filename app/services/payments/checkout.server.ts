// Stripe Checkout for a protected visit (issue 40, docs/payments.md#booking): a Customer with the
// visitor's email, then a hosted Checkout Session: payment mode for a deposit (the card saved
// for later off-session fees), setup mode for a card on file. Amounts in cents, USD; each create
// carries an idempotency key made from the visit, so a retry never makes a second one. No card
// number ever reaches this server: Stripe's page takes it.
import type Stripe from "stripe";
import type { Locale } from "../../domain/i18n/locale";
import type { VisitAsk } from "../../domain/payments/payment-policy";

export interface CheckoutRequest {
  visitId: string;
  email: string;
  name: string;
  ask: Exclude<VisitAsk, { kind: "none" }>;
  /** "Deposit for Gel Manicure, Saturday, May 2 2026 @ 10:00 AM with Ana", in her language. */
  description: string;
  /**
   * The booking's language: a Spanish one asks Checkout's page in Spanish (`locale: 'es'`); an
   * English one leaves Stripe's own choice ('auto', the browser's language), as it always did.
   */
  locale?: Locale | undefined;
  /** Where Stripe sends her back: `{CHECKOUT_SESSION_ID}` is replaced by Stripe. */
  successUrl: string;
  cancelUrl: string;
  /** When Checkout closes (Stripe allows 30 minutes to 24 hours from now). */
  expiresAt: Date;
  /**
   * An emailed 'Secure Your Booking' link's Checkout (docs/payments.md#secure-your-booking): its
   * attempt, each with keys of its own, as a visit may need another after one closed unpaid.
   */
  attempt?: number | undefined;
}

export type CheckoutStarted =
  | { ok: true; sessionId: string; url: string; customerId: string }
  | { ok: false; message: string };

/** The idempotency keys of a visit's requests: the same visit never makes two of anything. */
export const checkoutKeys = (visitId: string, attempt?: number) =>
  attempt === undefined
    ? { customer: `visit-${visitId}-customer`, session: `visit-${visitId}-checkout` }
    : {
        customer: `visit-${visitId}-secure-${attempt}-customer`,
        session: `visit-${visitId}-secure-${attempt}`,
      };

/** What every Checkout Session of ours says: whose, which visit, where back, until when, the language. */
function sessionCommon(
  request: Pick<CheckoutRequest, "visitId" | "locale" | "successUrl" | "cancelUrl" | "expiresAt">,
  customer: string,
  metadata: Record<string, string>,
) {
  return {
    customer,
    // A card only: the card is saved for the policy's fees, and a payment method that settles
    // days later (a bank debit) would leave Checkout 'complete' but unpaid.
    allowed_payment_method_types: ["card" as const],
    client_reference_id: request.visitId,
    metadata,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(request.expiresAt.getTime() / 1000),
    ...(request.locale === "es" ? { locale: "es" as const } : {}),
  } satisfies Stripe.Checkout.SessionCreateParams;
}

/** One line of `cents` in USD, named `name`. */
const oneLine = (cents: number, name: string) => [
  { quantity: 1, price_data: { currency: "usd", unit_amount: cents, product_data: { name } } },
];

/** Creates the Customer and the Checkout Session; a refusal or a network failure is a value. */
export async function startCheckout(
  stripe: Stripe,
  request: CheckoutRequest,
): Promise<CheckoutStarted> {
  const keys = checkoutKeys(request.visitId, request.attempt);
  const metadata = { visit_id: request.visitId };
  try {
    const customer = await stripe.customers.create(
      { email: request.email, name: request.name, metadata },
      { idempotencyKey: keys.customer },
    );
    const common = sessionCommon(request, customer.id, metadata);
    const params: Stripe.Checkout.SessionCreateParams =
      request.ask.kind === "deposit"
        ? {
            ...common,
            mode: "payment",
            line_items: oneLine(request.ask.cents, request.description),
            payment_intent_data: {
              setup_future_usage: "off_session",
              description: request.description,
              metadata,
            },
          }
        : {
            ...common,
            mode: "setup",
            currency: "usd",
            setup_intent_data: { description: request.description, metadata },
          };
    const session = await stripe.checkout.sessions.create(params, {
      idempotencyKey: keys.session,
    });
    if (!session.url) return { ok: false, message: "Stripe gave no Checkout page." };
    return { ok: true, sessionId: session.id, url: session.url, customerId: customer.id };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A fee the customer approves herself through its emailed link (docs/payments.md#fee-link): a
 * Checkout Session in payment mode for exactly the fee, on her Stripe customer (the card saved at
 * booking is offered), `metadata.kind` naming the fee; one idempotency key per attempt.
 */
export interface FeeCheckoutRequest
  extends Pick<
    CheckoutRequest,
    "visitId" | "description" | "locale" | "successUrl" | "cancelUrl" | "expiresAt"
  > {
  kind: "no_show_fee" | "late_cancel_fee";
  cents: number;
  customerId: string;
  idempotencyKey: string;
}

/** Creates the fee's Checkout Session; a refusal or a network failure is a value. */
export async function startFeeCheckout(
  stripe: Stripe,
  request: FeeCheckoutRequest,
): Promise<CheckoutStarted> {
  const metadata = { visit_id: request.visitId, kind: request.kind };
  try {
    const session = await stripe.checkout.sessions.create(
      {
        ...sessionCommon(request, request.customerId, metadata),
        mode: "payment",
        line_items: oneLine(request.cents, request.description),
        payment_intent_data: { description: request.description, metadata },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) return { ok: false, message: "Stripe gave no Checkout page." };
    return { ok: true, sessionId: session.id, url: session.url, customerId: request.customerId };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
