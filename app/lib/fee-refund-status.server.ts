import type { FeeRefundAnswer } from "~/services/payments/fee-refund.server";

// The HTTP status of an owner's fee refund that did not happen (app/services/payments/fee-refund.server.ts,
// docs/payments.md#refunding-a-fee): the service says why, the routes answer (the desk's
// 'Refund No-show Fee', the customer's page's 'Refund Late Cancellation Fee'). Stripe refusing
// or not answering is 502.
export const FEE_REFUND_STATUS: Record<Extract<FeeRefundAnswer, { ok: false }>["why"], number> = {
  forbidden: 403,
  off: 404,
  "not-found": 404,
  "not-charged": 409,
  refunded: 409,
  disputed: 409,
  refused: 502,
};
