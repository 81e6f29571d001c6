// A fee of the policy charged on the card saved at Checkout, without the customer (issue 40):
// the front desk's no-show fee and the customer's own late cancellation. One PaymentIntent,
// off-session and confirmed at once, with the caller's idempotency key; every answer of Stripe,
// a decline and no answer included, is a value.
import { asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { m } from "~/paraglide/messages.js";
import { DEFAULT_LOCALE } from "../../domain/i18n/locale";
import { toBookedAppointment } from "../booking/booking.server";
import { visitShownIn } from "../booking/paid-view.server";
import type { Database } from "../db/client.server";
import { appointments } from "../db/schema.server";

/** What Stripe answered: charged (or processing, told later by the webhook), or not. */
export type FeeCharge =
  | { ok: true; state: "succeeded" | "processing"; intentId: string; cents: number }
  /** Declined, or the bank asks the customer to authenticate: nothing charged. */
  | { ok: false; kind: "declined" | "authentication"; intentId: string | null; reason: string }
  /** Stripe could not be reached or refused the request: the same attempt may be tried again. */
  | { ok: false; kind: "unreachable"; reason: string };

/** `metadata.via` of a fee charged off-session on the saved card. */
export const SAVED_CARD = "saved_card";

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
        // `via`: a charge of the saved card, not a Checkout's (fee-events.server.ts tells them apart).
        metadata: { ...charge.metadata, via: SAVED_CARD },
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

/**
 * The fee's PaymentIntent description, which Stripe's receipt and dashboard show, in the visit's
 * language: "No-show fee for Gel Manicure, Saturday, May 2 2026 @ 10:00 AM with Ana" / "Cargo
 * por no presentarse a Manicura en gel, sábado, 2 de mayo de 2026 a las 10:00 a. m. con Ana" (its
 * booked services, or all of them once cancelled; the owner's Spanish names where written).
 */
export async function feeChargeDescription(
  db: Pick<Database, "select">,
  visitId: string,
  kind: "no_show_fee" | "late_cancel_fee",
): Promise<string> {
  const all = await db
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startsAt));
  const booked = all.filter((row) => row.status === "booked");
  const rows = booked.length > 0 ? booked : all;
  const locale = rows[0]?.language ?? DEFAULT_LOCALE;
  const shown = await visitShownIn(db, rows.map(toBookedAppointment), locale);
  const said = kind === "no_show_fee" ? m.fee_charge_no_show : m.fee_charge_late;
  return said({ services: shown.services, date: shown.when }, { locale });
}
