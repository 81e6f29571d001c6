// The Stripe events the site listens to (docs/payments.md#webhooks): the owner's webhook endpoint
// must send these; the Payments page lists them.
export const WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "setup_intent.succeeded",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const;
