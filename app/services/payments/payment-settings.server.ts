// The owner's 'Payments' settings (issue 40, docs/payments.md): the cancellation policy's numbers
// and what each service asks at booking. A form with any wrong value changes nothing; a save runs
// inside the transaction that records it in the activity log (the route's).
import { asc, eq, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../../domain/i18n/locale";
import { pickText } from "../../domain/i18n/localized-text";
import { parseAmount } from "../../domain/money";
import {
  depositText,
  PAYMENT_DEFAULTS,
  PAYMENT_LIMITS,
  type PaymentSettings,
  PROTECTION_KINDS,
  PROTECTION_LABELS,
  type ProtectionKind,
  policyText,
  type ServiceProtection,
} from "../../domain/payments/payment-policy";
import { z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { appointmentTypes, paymentSettings, serviceProtections } from "../db/schema.server";
import { stripeSettings } from "../platform/env.server";
import type { FormFields } from "../platform/form.server";

type Reader = Pick<Database, "select">;

export async function readPaymentSettings(db: Reader): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  if (!row) return PAYMENT_DEFAULTS;
  return {
    cancellationWindowHours: row.cancellationWindowHours,
    lateCancelFeePercent: row.lateCancelFeePercent,
    noShowFeePercent: row.noShowFeePercent,
    policyVersion: row.policyVersion,
  };
}

export interface ServiceProtectionView {
  typeId: string;
  name: string;
  /** The owner's Spanish name of the service ('Type (Spanish)'); empty when not written. */
  nameEs: string;
  priceCents: number;
  protection: ServiceProtection;
}

/** Every bookable service (add-ons aside) with what it asks, in the menu's order. */
export async function listServiceProtections(db: Reader): Promise<ServiceProtectionView[]> {
  const rows = await db
    .select({
      typeId: appointmentTypes.id,
      name: appointmentTypes.type,
      nameEs: appointmentTypes.typeEs,
      priceCents: appointmentTypes.priceCents,
      kind: serviceProtections.kind,
      depositCents: serviceProtections.depositCents,
      depositPercent: serviceProtections.depositPercent,
    })
    .from(appointmentTypes)
    .leftJoin(serviceProtections, eq(serviceProtections.typeId, appointmentTypes.id))
    .where(eq(appointmentTypes.addOn, false))
    .orderBy(asc(appointmentTypes.sortOrder), asc(appointmentTypes.type));
  return rows.map(({ kind, depositCents, depositPercent, ...service }) => ({
    ...service,
    protection: protectionOf(kind, depositCents, depositPercent),
  }));
}

function protectionOf(
  kind: "card" | "deposit" | null,
  cents: number | null,
  percent: number | null,
): ServiceProtection {
  if (kind === "card") return { kind: "card" };
  if (kind === "deposit" && cents !== null) return { kind: "deposit", cents };
  if (kind === "deposit" && percent !== null) return { kind: "deposit", percent };
  return { kind: "none" };
}

/** The form's field names for one service. */
export const protectionField = (typeId: string) => `protection-${typeId}`;
export const depositField = (typeId: string) => `deposit-${typeId}`;

const DEPOSIT_MESSAGE = "Enter an amount, like $25, or a percentage of the price, like 20%";

/** "$25", "25.50" or "20%": a deposit as typed. */
function parseDeposit(text: string): ServiceProtection | string {
  const percent = /^(\d{1,3})\s*%$/.exec(text.trim());
  if (percent) {
    const value = Number(percent[1]);
    return value >= 1 && value <= 100
      ? { kind: "deposit", percent: value }
      : "A percentage is between 1% and 100%";
  }
  const cents = parseAmount(text);
  if (cents === null) return DEPOSIT_MESSAGE;
  if (cents < 100) return "A deposit is at least $1";
  if (cents > PAYMENT_LIMITS.depositCents) return "A deposit is at most $10,000";
  return { kind: "deposit", cents };
}

const wholeNumber = (max: number, unit: string, example: string) =>
  z
    .string("Required")
    .trim()
    .regex(/^\d{1,4}$/, `Enter a whole number of ${unit}, like ${example}`)
    .transform(Number)
    .refine((value) => value <= max, `At most ${max}${unit === "percent" ? "%" : ` ${unit}`}`);

const PolicySchema = z.object({
  cancellationWindowHours: wholeNumber(PAYMENT_LIMITS.windowHours, "hours", "24"),
  lateCancelFeePercent: wholeNumber(100, "percent", "50"),
  noShowFeePercent: wholeNumber(100, "percent", "50"),
});

type SaveResult = { ok: true; did: string } | { ok: false; fieldErrors: Record<string, string> };

/** Saves the Payments form: the policy's numbers and each service's protection, or nothing. */
export async function savePaymentSettings(
  db: Pick<Database, "select" | "insert" | "delete">,
  input: FormFields,
  now = new Date(),
): Promise<SaveResult> {
  const parsed = PolicySchema.safeParse(input);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  }
  const services = await listServiceProtections(db);
  const chosen: { service: ServiceProtectionView; protection: ServiceProtection }[] = [];
  for (const service of services) {
    const kind = input[protectionField(service.typeId)];
    if (kind === undefined) continue; // a service added since the page was read keeps its own
    if (!(PROTECTION_KINDS as readonly string[]).includes(kind)) {
      fieldErrors[protectionField(service.typeId)] = "Choose None, Card on file or Deposit";
      continue;
    }
    if ((kind as ProtectionKind) !== "deposit") {
      chosen.push({ service, protection: { kind: kind as "none" | "card" } });
      continue;
    }
    const deposit = parseDeposit(input[depositField(service.typeId)] ?? "");
    if (typeof deposit === "string") fieldErrors[depositField(service.typeId)] = deposit;
    else chosen.push({ service, protection: deposit });
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  await db
    .insert(paymentSettings)
    .values({ id: 1, ...parsed.data, updatedAt: now })
    .onConflictDoUpdate({
      target: paymentSettings.id,
      set: {
        ...parsed.data,
        policyVersion: sql`${paymentSettings.policyVersion} + 1`,
        updatedAt: now,
      },
    });
  for (const { service, protection } of chosen) {
    if (protection.kind === "none") {
      await db.delete(serviceProtections).where(eq(serviceProtections.typeId, service.typeId));
      continue;
    }
    const row = {
      kind: protection.kind,
      depositCents: protection.kind === "deposit" ? (protection.cents ?? null) : null,
      depositPercent: protection.kind === "deposit" ? (protection.percent ?? null) : null,
      updatedAt: now,
    };
    await db
      .insert(serviceProtections)
      .values({ typeId: service.typeId, ...row })
      .onConflictDoUpdate({ target: serviceProtections.typeId, set: row });
  }
  return { ok: true, did: describeSave(parsed.data, chosen) };
}

/** The activity log's line: the numbers saved and what each protected service asks. */
function describeSave(
  policy: z.infer<typeof PolicySchema>,
  chosen: readonly { service: ServiceProtectionView; protection: ServiceProtection }[],
): string {
  const asks = chosen
    .filter(({ protection }) => protection.kind !== "none")
    .map(({ service, protection }) =>
      protection.kind === "deposit"
        ? `${service.name}: ${PROTECTION_LABELS.deposit} ${depositText(protection)}`
        : `${service.name}: ${PROTECTION_LABELS.card}`,
    );
  return `Changed the payment settings: cancellation window ${policy.cancellationWindowHours} hours, late cancellation fee ${policy.lateCancelFeePercent}%, no-show fee ${policy.noShowFeePercent}%; ${asks.length > 0 ? asks.join(", ") : "no service protected"}`;
}

/** The services as a page in `locale` names them: the owner's Spanish name where written. */
export const namedIn = (services: readonly ServiceProtectionView[], locale: Locale) =>
  services.map((service) => ({
    ...service,
    name: pickText(locale, service.name, service.nameEs).text,
  }));

/**
 * The cancellation policy's sentences as customers read them (/policies, the booking dialog), in
 * the page's language: none while Stripe is not connected or no service asks anything.
 */
export async function publicPaymentPolicy(
  db: Reader,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string[]> {
  if (!stripeSettings()) return [];
  const [settings, services] = await Promise.all([
    readPaymentSettings(db),
    listServiceProtections(db),
  ]);
  return policyText(settings, namedIn(services, locale), locale);
}
