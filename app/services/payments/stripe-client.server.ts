// The one Stripe client (docs/payments.md), made from the configuration: Stripe's own API, or the
// address STRIPE_API_BASE names (the tests' local stand-in, tests/support/stripe-stand-in.ts).
// Without keys there is none, and nothing of the payments runs (booking is as before).
import Stripe from "stripe";
import { type StripeSettings, stripeSettings } from "../platform/env.server";

const clients = new Map<string, Stripe>();

/** A client for these settings: its host, port and protocol from `apiBase` when it is set. */
export function stripeClientFor(settings: StripeSettings): Stripe {
  const key = `${settings.secretKey} ${settings.apiBase?.href ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const base = settings.apiBase;
    client = new Stripe(settings.secretKey, {
      // Requests that create something carry an idempotency key of ours, so a retry is safe.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}

/** The configured client, or undefined when payments are off (no keys). */
export function stripeClient(): Stripe | undefined {
  const settings = stripeSettings();
  return settings ? stripeClientFor(settings) : undefined;
}
