// What an online booking asks (issue 40, docs/payments.md#booking): nothing while Stripe is not
// connected, or when none of the visit's services is protected (booking is then as before);
// otherwise a deposit or a card on file, with the policy the visitor must agree to.

import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import {
  type PaymentSettings,
  policyText,
  type ServiceProtection,
  type VisitAsk,
  visitAsk,
} from "../../domain/payments/payment-policy";
import type { Database } from "../db/client.server";
import { stripeSettings } from "../platform/env.server";
import { listServiceProtections, namedIn, readPaymentSettings } from "./payment-settings.server";

type Reader = Pick<Database, "select">;

export interface VisitProtection {
  ask: Exclude<VisitAsk, { kind: "none" }>;
  /**
   * The policy's sentences as the dialog showed them, in the page's language (the evidence keeps
   * them as she read them), and the version they are of.
   */
  policy: string[];
  policyVersion: number;
  /** The policy's terms she agrees to: her visit's fees and window follow them, kept with it. */
  terms: AgreedTerms;
}

export type AgreedTerms = Pick<
  PaymentSettings,
  "cancellationWindowHours" | "lateCancelFeePercent" | "noShowFeePercent"
>;

/** The booking page's part: the policy, and the services that ask something (none: null). */
export interface BookingPaymentFacts {
  policy: string[];
  protectedTypeIds: string[];
}

async function protections(db: Reader) {
  const [settings, services] = await Promise.all([
    readPaymentSettings(db),
    listServiceProtections(db),
  ]);
  return { settings, services };
}

/**
 * For the booking page, its policy in the page's language: null while Stripe is not connected or
 * no service asks anything.
 */
export async function bookingPaymentFacts(
  db: Reader,
  locale: Locale = DEFAULT_LOCALE,
): Promise<BookingPaymentFacts | null> {
  if (!stripeSettings()) return null;
  const { settings, services } = await protections(db);
  const protectedTypeIds = services
    .filter((service) => service.protection.kind !== "none")
    .map((service) => service.typeId);
  if (protectedTypeIds.length === 0) return null;
  return { policy: policyText(settings, namedIn(services, locale), locale), protectedTypeIds };
}

/**
 * What this visit asks: its services (each at its booked price, add-ons included) with their
 * protections, and the policy in `locale` (the booking's); undefined when it asks nothing or
 * Stripe is not connected.
 */
export async function protectionOfVisit(
  db: Reader,
  parts: readonly { typeId: string; priceCents: number }[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<VisitProtection | undefined> {
  if (!stripeSettings()) return undefined;
  const { settings, services } = await protections(db);
  const byType = new Map(services.map((service) => [service.typeId, service.protection]));
  const ask = visitAsk(
    parts.map((part) => ({
      priceCents: part.priceCents,
      protection: byType.get(part.typeId) ?? ({ kind: "none" } satisfies ServiceProtection),
    })),
  );
  if (ask.kind === "none") return undefined;
  return {
    ask,
    policy: policyText(settings, namedIn(services, locale), locale),
    policyVersion: settings.policyVersion,
    terms: {
      cancellationWindowHours: settings.cancellationWindowHours,
      lateCancelFeePercent: settings.lateCancelFeePercent,
      noShowFeePercent: settings.noShowFeePercent,
    },
  };
}
