// No-show protection's rules (issue 40, docs/payments.md): what a service asks at booking, the
// fees of the owner's policy, and the policy's text as /policies, the booking dialog and the
// emails say it, in the reader's language (English or Spanish, issue 39). Pure and safe in the
// browser; amounts in whole cents (app/domain/money.ts).
import { m } from "~/paraglide/messages.js";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale";
import { formatCents } from "../money";

/** What a service may ask; 'none' is a service without a row in service_protections. */
export const PROTECTION_KINDS = ["none", "card", "deposit"] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];
/** The kinds stored (a row of service_protections). */
export const PROTECTED_KINDS = ["card", "deposit"] as const;

/** The labels of the Payments page's 'Protection' choice, as written in the issue. */
export const PROTECTION_LABELS: Record<ProtectionKind, string> = {
  none: "None",
  card: "Card on file",
  deposit: "Deposit",
};

/**
 * The money of a protected visit a refund or a dispute is about, as the salon's own pages and log
 * name it (English: the staff area's language): the deposit paid at booking, or a fee charged
 * later (no-show, late cancellation; their PaymentIntents' `metadata.kind`).
 */
export const PAID_KIND_WORDS = {
  deposit: "deposit",
  no_show_fee: "no-show fee",
  late_cancel_fee: "late cancellation fee",
} as const;

export const PAYMENT_LIMITS = {
  /** A month: longer is not a cancellation window but a ban on cancelling. */
  windowHours: 720,
  /** $10,000: more than any one visit. */
  depositCents: 1_000_000,
} as const;

export type ServiceProtection =
  | { kind: "none" }
  | { kind: "card" }
  | { kind: "deposit"; cents: number; percent?: undefined }
  | { kind: "deposit"; percent: number; cents?: undefined };

export interface PaymentSettings {
  cancellationWindowHours: number;
  lateCancelFeePercent: number;
  noShowFeePercent: number;
  /** Moves with every save: a customer's agreement names the version she read. */
  policyVersion: number;
}

/** Before the owner's first save. */
export const PAYMENT_DEFAULTS: PaymentSettings = {
  cancellationWindowHours: 24,
  lateCancelFeePercent: 50,
  noShowFeePercent: 50,
  policyVersion: 1,
};

/** A share of a price in whole cents, rounded to the nearest cent. */
export const percentOf = (cents: number, percent: number): number =>
  Math.round((cents * percent) / 100);

/** The deposit a service asks at its price: its amount (never more than the price), or its share. */
export function depositCentsOf(protection: ServiceProtection, priceCents: number): number {
  if (protection.kind !== "deposit") return 0;
  if (protection.cents !== undefined) return Math.min(protection.cents, priceCents);
  return percentOf(priceCents, protection.percent);
}

/**
 * A fee of the policy on a visit: its percentage of the visit's price, less the deposit already
 * paid, which the salon keeps and counts toward it (never below zero).
 */
export function feeCentsOf(visitPriceCents: number, percent: number, depositCents = 0): number {
  return Math.max(0, percentOf(visitPriceCents, percent) - depositCents);
}

/** What a customer's own cancellation of a protected visit costs, in cents (lateCancelSplit). */
export interface CancelSplit {
  /** The late cancellation fee: its percentage of the visit's price (0 outside the window). */
  feeCents: number;
  /** Of the deposit, what the salon keeps toward the fee. */
  keptCents: number;
  /** What is charged to the saved card: the rest of the fee, 0 below Stripe's smallest charge. */
  chargeCents: number;
  /** Of the deposit, what is refunded: all of it outside the window, the excess over the fee inside. */
  refundCents: number;
}

/**
 * The policy's terms for the customer's own cancellation ("You may move or cancel free of charge
 * until ...; a later cancellation costs X% of the visit's price; a deposit counts toward these
 * fees: we keep it and charge only the rest"): outside the window the deposit is refunded in
 * full; inside it the fee is taken from the deposit first, the rest charged to the card (nothing
 * below $0.50, Stripe's smallest charge, nor without a card), and a deposit larger than the fee
 * refunded down to it: the cancellation never costs more than the policy's fee.
 */
export function lateCancelSplit(input: {
  late: boolean;
  visitPriceCents: number;
  percent: number;
  depositCents: number;
  canCharge: boolean;
}): CancelSplit {
  const deposit = Math.max(0, input.depositCents);
  const feeCents = input.late ? percentOf(input.visitPriceCents, input.percent) : 0;
  const keptCents = Math.min(deposit, feeCents);
  const rest = feeCents - keptCents;
  const chargeCents = input.canCharge && rest >= MIN_CHARGE_CENTS ? rest : 0;
  return { feeCents, keptCents, chargeCents, refundCents: deposit - keptCents };
}

/** What a visit asks at booking: the first two reach Stripe Checkout (payment or setup mode). */
export type VisitAsk = { kind: "deposit"; cents: number } | { kind: "card" } | { kind: "none" };

/** Stripe's smallest charge in USD: a deposit below it is asked as a card on file instead. */
export const MIN_CHARGE_CENTS = 50;

/**
 * What a visit asks, from its services' protections at their booked prices: the sum of their
 * deposits when any asks one (Checkout in payment mode, the card saved with it), else a card on
 * file when any asks it, else nothing.
 */
export function visitAsk(
  services: readonly { priceCents: number; protection: ServiceProtection }[],
): VisitAsk {
  const deposit = services.reduce(
    (sum, service) => sum + depositCentsOf(service.protection, service.priceCents),
    0,
  );
  if (deposit >= MIN_CHARGE_CENTS) return { kind: "deposit", cents: deposit };
  const asks = services.some((service) => service.protection.kind !== "none");
  return asks ? { kind: "card" } : { kind: "none" };
}

/** "$25", "20% of the price": a deposit as the owner set it. */
export function depositText(protection: ServiceProtection): string {
  if (protection.kind !== "deposit") return "";
  if (protection.cents !== undefined) return formatCents(protection.cents).replace(/\.00$/, "");
  return `${protection.percent}% of the price`;
}

/** "1 hour", "24 hours" / "1 hora", "24 horas". */
const hoursText = (hours: number, locale: Locale) =>
  (hours === 1 ? m.policies_hour : m.policies_hours)({ count: hours }, { locale });

/** A list in words: "A", "A and B", "A, B and C" ("A, B y C"). */
function listed(names: readonly string[], locale: Locale): string {
  if (names.length <= 1) return names[0] ?? "";
  return m.email_and({ list: names.slice(0, -1).join(", "), last: names.at(-1) ?? "" }, { locale });
}

/** A deposit in the policy's words: "$25", "20% of the price" / "el 20% del precio". */
function depositWords(protection: ServiceProtection, locale: Locale): string {
  if (protection.kind !== "deposit" || protection.cents !== undefined)
    return depositText(protection);
  return m.policies_pay_percent({ percent: protection.percent }, { locale });
}

/**
 * The cancellation policy in sentences, from the owner's settings and the services that ask
 * something, in `locale` (the services named as the caller gives them: the owner's Spanish names
 * on a Spanish page); empty when none does (booking is then as without payments). Its words are
 * the message catalogue's `policies_pay_*` (app/messages), so the English reads as it always did.
 */
export function policyText(
  settings: PaymentSettings,
  services: readonly { name: string; protection: ServiceProtection }[],
  locale: Locale = DEFAULT_LOCALE,
): string[] {
  const deposits = services.filter((service) => service.protection.kind === "deposit");
  const cards = services.filter((service) => service.protection.kind === "card");
  if (deposits.length === 0 && cards.length === 0) return [];
  const say = { locale };
  const sentences: string[] = [];
  if (deposits.length > 0) {
    const each = deposits.map((service) =>
      m.policies_pay_deposit_for(
        { amount: depositWords(service.protection, locale), service: service.name },
        say,
      ),
    );
    sentences.push(m.policies_pay_deposits({ deposits: listed(each, locale) }, say));
  }
  if (cards.length > 0) {
    const names = listed(
      cards.map((service) => service.name),
      locale,
    );
    sentences.push(m.policies_pay_card({ services: names }, say));
  }
  const window = settings.cancellationWindowHours;
  sentences.push(
    window === 0
      ? m.policies_pay_window_start({}, say)
      : m.policies_pay_window({ hours: hoursText(window, locale) }, say),
  );
  const late = settings.lateCancelFeePercent;
  const noShow = settings.noShowFeePercent;
  if (window > 0) {
    sentences.push(
      late === 0
        ? m.policies_pay_late_free({}, say)
        : m.policies_pay_late_fee({ percent: late }, say),
    );
  }
  sentences.push(
    noShow === 0
      ? m.policies_pay_no_show_free({}, say)
      : m.policies_pay_no_show_fee({ percent: noShow }, say),
  );
  if (deposits.length > 0 && (late > 0 || noShow > 0)) {
    sentences.push(m.policies_pay_toward_fees({}, say));
  }
  if (deposits.length > 0) {
    sentences.push(m.policies_pay_refund({}, say));
  }
  return sentences;
}
