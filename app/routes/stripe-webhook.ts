import { retryAfter } from "~/lib/retry-after";
import { receiveStripeWebhook } from "~/services/payments/webhooks.server";
import { stripeSettings } from "~/services/platform/env.server";
import { hitRateLimit } from "~/services/platform/rate-limit.server";
import { RATE_LIMITS } from "~/services/platform/rate-limits.server";
import type { Route } from "./+types/stripe-webhook";

// Stripe's webhook (issue 40, docs/payments.md#webhooks). Stripe posts it from its servers, with
// no Origin and no browser, so the request guard's same-origin check lets it through as any
// script's post; the body limit (MAX_BODY_BYTES) and a rate limit apply as to every POST. The
// signature on the raw body is the real check: a wrong one gets 400 and changes nothing.
export async function action({ request, context }: Route.ActionArgs) {
  const settings = stripeSettings();
  if (!settings) return plain("Payments are not configured.", 404);
  const limit = await hitRateLimit(
    context.db,
    `stripe-webhook:${context.clientAddress}`,
    RATE_LIMITS.stripeWebhook,
  );
  if (!limit.allowed) {
    return plain("Too many requests.", 429, { "Retry-After": retryAfter(limit.retryAfterMs) });
  }
  const payload = await request.text();
  const result = await receiveStripeWebhook(
    context.db,
    settings,
    payload,
    request.headers.get("Stripe-Signature"),
    { siteUrl: context.siteUrl },
  );
  if (result.status !== 200) return plain(result.message, result.status);
  // A visit confirmed by its payment has its confirmation in the outbox.
  if (result.handled === "applied") context.kickEmail();
  return Response.json({ received: true, handled: result.handled }, { headers: NO_STORE });
}

/** A GET is not Stripe: nothing here to read. */
export function loader() {
  return plain("Stripe posts its events here.", 405, { Allow: "POST" });
}

const NO_STORE = { "Cache-Control": "no-store" };

function plain(message: string, status: number, headers: Record<string, string> = {}) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...headers },
  });
}
