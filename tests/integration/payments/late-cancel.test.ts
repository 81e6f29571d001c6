// The customer cancelling a protected visit on her manage page (issue 40,
// docs/payments.md#customer-cancels), through /manage's loader and action as React Router runs
// them, on a real database, with the official Stripe package against the local stand-in: the
// Payments page's window replaces MANAGE_CUTOFF_HOURS for a protected visit; inside it the page
// says the late fee first and the cancel charges it once (two submits at once: one PaymentIntent,
// one log entry), the deposit counted toward it; outside it the deposit is refunded in full; a
// declined card leaves the visit cancelled and tells the owner; an unprotected visit, and every
// visit without Stripe's keys, keeps the cut-off as before; /es/manage says it in Spanish; a fee
// Stripe was processing is settled by its webhook, once.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ManageActionResult, ManagePageData } from "~/components/manage/manage-types";
import { formatDateString, SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { action as customerAction, loader as customerPage } from "~/routes/customers";
import { action, loader } from "~/routes/manage";
import { bookingDateString } from "~/services/booking/booked-appointment.server";
import { hashManageToken, newManageToken } from "~/services/booking/manage-token.server";
import {
  appointments,
  emailOutbox,
  feeLinks,
  paymentRefunds,
  paymentSettings,
  staffActions,
  visitPayments,
} from "~/services/db/schema.server";
import { CUSTOMER_ACTOR } from "~/services/payments/customer-cancel.server";
import { createAppointment, createService } from "../../support/factories";
import { connectStripeStandIn, protectVisit } from "../../support/protected-visit";
import { signInOwnerAndStaff } from "../../support/staff-accounts";
import { asStaff, type StaffAnswer } from "../../support/staff-desk";
import { type ChargeOutcome, eventOf, type StripeStandIn } from "../../support/stripe-stand-in";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_latecancel0",
  STRIPE_WEBHOOK_SECRET: "whsec_latecancel00",
};

const connected = connectStripeStandIn(KEYS);
const { withoutKeys } = connected;
let standIn: StripeStandIn;
beforeEach(() => {
  standIn = connected.standIn;
  standIn.refundRefusal.message = null;
});
const _stripe = connected.client;

const HOUR = 3_600_000;
/** Several loader and action calls and Stripe requests each: Vitest's 5 s is too close on 2 cores. */
const SLOW = { timeout: 20_000 };

/**
 * An $80 appointment starting `hoursAhead` from now, with its manage link; protected ('deposit'
 * paid at the stand-in, or a 'card' on file, both saved at Checkout) unless 'none'.
 */
async function visit(
  kind: "deposit" | "card" | "none",
  hoursAhead: number,
  options: { depositCents?: number; outcome?: ChargeOutcome } = {},
) {
  const db = database.db;
  const service = await createService(db, { priceCents: 8000 });
  const token = newManageToken();
  const appointment = await createAppointment(db, {
    service,
    startsAt: new Date(Date.now() + hoursAhead * HOUR),
    manageTokenHash: hashManageToken(token),
  });
  if (kind !== "none") {
    await protectVisit(db, connected, appointment, { kind, ...options });
  }
  standIn.requests.length = 0;
  return { appointment, token };
}

const contextOf = () =>
  Object.assign(new RouterContextProvider(), {
    db: database.db,
    kickEmail: vi.fn(),
    clientAddress: "203.0.113.7",
    secure: false,
    siteUrl: "https://nails.example",
  });

type Found = Extract<ManagePageData, { state: "found" }>;

/** The manage page as its loader gives it. */
async function page(token: string, path = "/manage"): Promise<Found> {
  const request = new Request(`http://localhost${path}?token=${token}`);
  const answer = (await loader({ request, context: contextOf(), params: {} } as never)) as {
    data: ManagePageData;
  };
  if (answer.data.state !== "found") throw new Error(`Not found: ${answer.data.state}`);
  return answer.data;
}

/** 'Cancel' (or 'Move') as the page's form posts it: the answer and its status. */
async function post(fields: Record<string, string>, path = "/manage") {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const answer = (await action({ request, context: contextOf(), params: {} } as never)) as {
    data: ManageActionResult;
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, result: answer.data };
}
const cancel = (token: string, terms?: string, path?: string) =>
  post({ intent: "cancel", token, ...(terms === undefined ? {} : { terms }) }, path);

/** The owner and a Staff account, signed in once in a test (the database is emptied before each). */
let accounts: ReturnType<typeof signInOwnerAndStaff> | undefined;
beforeEach(() => {
  accounts = undefined;
});
const signedIn = () => {
  accounts ??= signInOwnerAndStaff(database.db, "ines@example.com");
  return accounts;
};

/** The customer's page (/customers?email=) as `cookie`'s account sees it: each appointment's status, payment and refund. */
async function customerRows(email: string | null, cookie?: string) {
  const request = new Request(
    `http://localhost/customers?email=${encodeURIComponent(email ?? "")}`,
    {
      headers: {
        Cookie: cookie ?? (await signedIn()).ownerCookie,
      },
    },
  );
  const shown = (await asStaff(database.db, request, customerPage as never, "/customers")) as {
    customer?: {
      appointments: { status: string; payment: string | null; refund: string | null }[];
    };
  };
  return shown.customer?.appointments.map((row) => [row.status, row.payment, row.refund]);
}

/** 'Refund Late Cancellation Fee' as the customer's page posts it: the status and what it says. */
async function refundLateFee(appointmentId: string, cookie: string) {
  const request = new Request("http://localhost/customers", {
    method: "POST",
    body: new URLSearchParams({ intent: "refund-late-fee", id: appointmentId }),
    headers: { Cookie: cookie },
  });
  const answer = (await asStaff(
    database.db,
    request,
    customerAction as never,
    "/customers",
  )) as StaffAnswer;
  return [answer.init?.status ?? 200, answer.data.message];
}

const statusOf = async (id: string) =>
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status;
const paymentOf = async (visitId: string) =>
  (await database.db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId)))[0];
const log = async () =>
  (await database.db.select().from(staffActions)).map((entry) => [entry.actorEmail, entry.action]);
const lateFeeIntents = (visitId: string) =>
  [...standIn.paymentIntents.values()].filter(
    (intent) => intent.metadata.kind === "late_cancel_fee" && intent.metadata.visit_id === visitId,
  );
const requestsTo = (path: string) => standIn.requests.filter((r) => r.path === path);
/** Each refund asked of the stand-in: its idempotency key, amount and PaymentIntent. */
const refundsAsked = () =>
  requestsTo("/v1/refunds").map((r) => [
    r.idempotencyKey,
    r.params.amount,
    r.params.payment_intent,
  ]);
const whose = (appointment: { name: string; startsAt: Date }) =>
  `${appointment.name}'s visit of ${formatDateString(appointment.startsAt, SALON_TIME_ZONE)}`;

describe("a protected visit inside its cancellation window", () => {
  it(
    "says the fee first, then charges it once, the deposit counted, and frees the time",
    SLOW,
    async () => {
      const { appointment, token } = await visit("deposit", 10);
      const shown = await page(token);
      // Moving online is refused inside the window; cancelling is offered, with its fee said.
      expect(shown.canChange).toBe(false);
      expect(shown.movable).toBeNull();
      expect(shown.cutoff).toBe("24 hours");
      expect(shown.cancelTerms).toEqual({
        late: true,
        text: "Cancelling now, within 24 hours of your appointment, costs a late cancellation fee of $40.00: your $25.00 deposit is kept and $15.00 is charged to your card.",
        confirmation: "4000/2500/1500/0",
      });

      // Without the terms the page said (a page read before the window), nothing is done.
      const unconfirmed = await cancel(token);
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.result).toEqual({
        ok: false,
        message:
          "Cancelling now costs a late cancellation fee. Please read it below and confirm again.",
      });
      expect(await statusOf(appointment.id)).toBe("booked");
      expect(standIn.requests).toEqual([]);

      // Two submits at once: one cancels and charges, the other finds it cancelled.
      const outbox = (await database.db.select().from(emailOutbox)).length;
      const both = await Promise.all([
        cancel(token, shown.cancelTerms?.confirmation ?? ""),
        cancel(token, shown.cancelTerms?.confirmation ?? ""),
      ]);
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 404]);
      expect(both.find((answer) => answer.status === 200)?.result).toMatchObject({
        ok: true,
        state: "cancelled",
      });
      expect(await statusOf(appointment.id)).toBe("cancelled");
      // The usual emails: the customer's cancellation and the salon's notice; then, once Stripe
      // charged her card, what it was charged (once, though two submits came).
      const queued = (await database.db.select().from(emailOutbox)).slice(outbox);
      expect(queued).toHaveLength(3);
      const receipts = queued.filter((email) => email.subject === "A Fee Was Charged to Your Card");
      expect(receipts.map((email) => email.toAddress)).toEqual([appointment.email]);
      // The whole fee as her cancellation email said it, and the part her card was charged.
      expect(receipts[0]?.textBody).toContain(
        "$15.00 of the late cancellation fee of $40.00 was charged to your card",
      );
      expect(receipts[0]?.textBody).toContain("Your deposit of $25.00 was kept toward the fee.");

      const [intent, ...more] = lateFeeIntents(appointment.visitId);
      expect(more).toEqual([]);
      expect(intent).toMatchObject({ amount: 1500, currency: "usd", status: "succeeded" });
      const [sent] = requestsTo("/v1/payment_intents");
      expect(sent?.idempotencyKey).toBe(`visit-${appointment.visitId}-late-cancel-fee`);
      expect(sent?.params).toMatchObject({
        off_session: "true",
        confirm: "true",
        amount: "1500",
        description: `Late cancellation fee for ${appointment.typeName}, ${bookingDateString(appointment, "en")}`,
      });
      expect(requestsTo("/v1/refunds")).toEqual([]);
      expect(await paymentOf(appointment.visitId)).toMatchObject({
        lateFeeState: "succeeded",
        lateFeeCents: 1500,
        lateFeeKeptCents: 2500,
        lateFeeIntentId: intent?.id,
        refundId: null,
      });
      expect(await log()).toEqual([
        [
          CUSTOMER_ACTOR.email,
          `Charged the late cancellation fee of $40.00 for ${whose(appointment)}, cancelled online within the 24-hour window: $15.00 to the card, $25.00 of the deposit kept`,
        ],
      ]);

      // A later submit changes nothing.
      expect((await cancel(token, "4000/2500/1500/0")).status).toBe(404);
      expect(lateFeeIntents(appointment.visitId)).toHaveLength(1);
      expect(await log()).toHaveLength(1);
    },
  );

  it("refuses a move as before, in the window's words", SLOW, async () => {
    await database.db.insert(paymentSettings).values({ cancellationWindowHours: 30 });
    const { appointment, token } = await visit("card", 28);
    // 28 hours ahead: past MANAGE_CUTOFF_HOURS (24), inside the 30-hour window.
    const moved = await post({ intent: "move", token, date: "2099-01-01", slot: "x" });
    expect(moved.status).toBe(409);
    expect(moved.result).toMatchObject({
      message: expect.stringContaining("Your appointment starts within 30 hours"),
    });
    expect(await statusOf(appointment.id)).toBe("booked");
    expect((await page(token)).cancelTerms).toMatchObject({
      late: true,
      text: "Cancelling now, within 30 hours of your appointment, costs a late cancellation fee of $40.00, charged to your card.",
    });
  });

  it(
    "refunds what a deposit larger than the fee leaves of it, and charges nothing",
    SLOW,
    async () => {
      const { appointment, token } = await visit("deposit", 10, { depositCents: 5000 });
      const shown = await page(token);
      expect(shown.cancelTerms?.text).toBe(
        "Cancelling now, within 24 hours of your appointment, costs a late cancellation fee of $40.00: it is kept from your $50.00 deposit, and the other $10.00 is refunded to your card.",
      );
      expect((await cancel(token, shown.cancelTerms?.confirmation ?? "")).status).toBe(200);
      expect(lateFeeIntents(appointment.visitId)).toEqual([]);
      const refunds = requestsTo("/v1/refunds");
      expect(refunds).toHaveLength(1);
      expect(refunds[0]?.params).toMatchObject({ amount: "1000" });
      expect(refunds[0]?.idempotencyKey).toBe(`visit-${appointment.visitId}-deposit-refund`);
      expect(await paymentOf(appointment.visitId)).toMatchObject({ refundedCents: 1000 });
      expect(await log()).toEqual([
        [
          CUSTOMER_ACTOR.email,
          `${whose(appointment)} was cancelled online within the 24-hour window: $40.00 of the deposit kept as the late cancellation fee of $40.00`,
        ],
        [
          CUSTOMER_ACTOR.email,
          `Refunded $10.00 of the deposit of $50.00 of ${whose(appointment)} (the rest kept as the late cancellation fee)`,
        ],
      ]);
      // Her page says what the salon kept of the deposit: the fee, which the owner may give back.
      expect(await customerRows(appointment.email)).toEqual([
        [
          "cancelled",
          "Deposit $50.00 paid ($10.00 refunded), $40.00 of the deposit kept",
          "$40.00",
        ],
      ]);
    },
  );

  it(
    "keeps the visit cancelled when the card is declined or the bank asks the customer, and tells the owner",
    SLOW,
    async () => {
      const declined = await visit("card", 10, { outcome: "card_declined" });
      const shown = await page(declined.token);
      expect(shown.cancelTerms?.confirmation).toBe("4000/0/4000/0");
      const answer = await cancel(declined.token, "4000/0/4000/0");
      expect(answer.status).toBe(200);
      expect(answer.result).toMatchObject({ ok: true, state: "cancelled" });
      expect(await statusOf(declined.appointment.id)).toBe("cancelled");
      expect(await paymentOf(declined.appointment.visitId)).toMatchObject({
        lateFeeState: "failed",
        lateFeeCents: 4000,
        lateFeeAt: null,
      });

      const asked = await visit("deposit", 10, { outcome: "authentication_required" });
      expect((await cancel(asked.token, "4000/2500/1500/0")).status).toBe(200);
      expect(await statusOf(asked.appointment.id)).toBe("cancelled");
      expect(requestsTo("/v1/refunds")).toEqual([]);
      expect(await log()).toEqual([
        [
          CUSTOMER_ACTOR.email,
          `${whose(declined.appointment)} was cancelled online within the 24-hour window, but $40.00 of the late cancellation fee could not be charged: the card was declined (insufficient funds). Charge it another way if needed`,
        ],
        [
          CUSTOMER_ACTOR.email,
          `${whose(asked.appointment)} was cancelled online within the 24-hour window, but $15.00 of the late cancellation fee could not be charged: the bank asks for the customer's own approval of the charge; she was emailed a link to approve it (${asked.appointment.email}), $25.00 of the deposit kept`,
        ],
      ]);
    },
  );

  it("shows what each late cancellation's fee came to on the customer's page", SLOW, async () => {
    const charged = await visit("deposit", 10);
    const declined = await visit("card", 10, { outcome: "card_declined" });
    const asked = await visit("deposit", 10, { outcome: "authentication_required" });
    expect(await customerRows(charged.appointment.email)).toEqual([
      ["booked", "Deposit $25.00 paid", null],
    ]);
    expect((await cancel(charged.token, "4000/2500/1500/0")).status).toBe(200);
    expect((await cancel(declined.token, "4000/0/4000/0")).status).toBe(200);
    expect((await cancel(asked.token, "4000/2500/1500/0")).status).toBe(200);
    expect(await customerRows(charged.appointment.email)).toEqual([
      [
        "cancelled",
        "Deposit $25.00 paid, late cancellation fee $15.00 charged, $25.00 of the deposit kept",
        // The whole fee: her card's part and the deposit kept toward it.
        "$40.00",
      ],
    ]);
    expect(await customerRows(declined.appointment.email)).toEqual([
      ["cancelled", "Card on file, late cancellation fee $40.00 not charged", null],
    ]);
    expect(await customerRows(asked.appointment.email)).toEqual([
      [
        "cancelled",
        "Deposit $25.00 paid, late cancellation fee $15.00 awaiting her approval, $25.00 of the deposit kept",
        // Not while her card's part waits for her: the fee is not settled yet.
        null,
      ],
    ]);
    // A visit that asked nothing has no payment to show.
    const free = await visit("none", 10);
    expect(await customerRows(free.appointment.email)).toEqual([["booked", null, null]]);
  });

  it(
    "lets the owner refund a late cancellation fee from the customer's page, once; Staff may not",
    SLOW,
    async () => {
      const { appointment, token } = await visit("card", 10);
      expect((await cancel(token, "4000/0/4000/0")).status).toBe(200);
      const { ownerCookie, staffCookie } = await signedIn();
      const refunds = () => requestsTo("/v1/refunds");
      standIn.requests.length = 0;

      // Staff see no button, and the server refuses them without asking Stripe.
      expect(await customerRows(appointment.email, staffCookie)).toEqual([
        ["cancelled", "Card on file, late cancellation fee $40.00 charged", null],
      ]);
      expect(await refundLateFee(appointment.id, staffCookie)).toEqual([
        403,
        "Only the owner can refund a fee.",
      ]);
      expect(refunds()).toEqual([]);

      // A refusal changes nothing but the next try's key.
      standIn.refundRefusal.message = "Your card's issuer refused the refund.";
      try {
        expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
          502,
          "The late cancellation fee of $40.00 was not refunded (Your card's issuer refused the refund.).",
        ]);
      } finally {
        standIn.refundRefusal.message = null;
      }
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        200,
        `Refunded $40.00 of ${appointment.name}'s late cancellation fee to her card.`,
      ]);
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        409,
        "The late cancellation fee was already refunded.",
      ]);
      expect(refundsAsked()).toEqual([
        [
          `visit-${appointment.visitId}-late-cancel-fee-refund-0-0`,
          "4000",
          lateFeeIntents(appointment.visitId)[0]?.id,
        ],
        [
          `visit-${appointment.visitId}-late-cancel-fee-refund-0-1`,
          "4000",
          lateFeeIntents(appointment.visitId)[0]?.id,
        ],
      ]);
      expect(await customerRows(appointment.email, ownerCookie)).toEqual([
        ["cancelled", "Card on file, late cancellation fee $40.00 charged ($40.00 refunded)", null],
      ]);
      const entries = (await log()).map(([, action]) => action);
      expect(entries.slice(-2)).toEqual([
        `The late cancellation fee of $40.00 of ${whose(appointment)} was not refunded (Your card's issuer refused the refund.)`,
        `Refunded $40.00 of the late cancellation fee of ${whose(appointment)}`,
      ]);
      // Stripe's own word of the refund then adds nothing: no second ledger row, no entry.
      const intent = lateFeeIntents(appointment.visitId)[0]?.id ?? "";
      const charge = {
        id: `ch_${intent}`,
        object: "charge",
        amount: 4000,
        amount_refunded: 4000,
        currency: "usd",
        payment_intent: intent,
        refunded: true,
      } as unknown as Stripe.Charge;
      const told = await connected.deliver(database.db, eventOf("charge.refunded", charge));
      expect(told.status).toBe(200);
      const ledger = await database.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.visitId, appointment.visitId));
      expect(ledger.map((row) => [row.kind, row.cents])).toEqual([["late_cancel_fee", 4000]]);
      expect((await log()).slice(-1)).toEqual([
        [
          "owner@example.com",
          `Refunded $40.00 of the late cancellation fee of ${whose(appointment)}`,
        ],
      ]);

      // A visit still booked has no late cancellation fee to give back.
      const booked = await visit("card", 30);
      expect(await refundLateFee(booked.appointment.id, ownerCookie)).toEqual([
        404,
        "That cancelled appointment could not be found.",
      ]);
    },
  );

  it(
    "refunds the whole late fee, her card's part and the deposit kept toward it, once",
    SLOW,
    async () => {
      const { appointment, token } = await visit("deposit", 10);
      expect((await cancel(token, "4000/2500/1500/0")).status).toBe(200);
      const { ownerCookie } = await signedIn();
      standIn.requests.length = 0;
      const deposit = (await paymentOf(appointment.visitId))?.paymentIntentId;
      const fee = lateFeeIntents(appointment.visitId)[0]?.id;

      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        200,
        `Refunded $40.00 of ${appointment.name}'s late cancellation fee to her card.`,
      ]);
      expect(refundsAsked()).toEqual([
        [`visit-${appointment.visitId}-late-cancel-fee-refund-0-0`, "1500", fee],
        [`visit-${appointment.visitId}-late-cancel-fee-kept-deposit-refund-0-0`, "2500", deposit],
      ]);
      expect(await customerRows(appointment.email, ownerCookie)).toEqual([
        [
          "cancelled",
          "Deposit $25.00 paid ($25.00 refunded), late cancellation fee $15.00 charged ($15.00 refunded)",
          null,
        ],
      ]);
      expect((await log()).slice(-2).map(([, action]) => action)).toEqual([
        `Refunded $15.00 of the late cancellation fee of ${whose(appointment)}`,
        `Refunded $25.00 of the deposit kept as the late cancellation fee of ${whose(appointment)}`,
      ]);
      const ledger = async () =>
        (
          await database.db
            .select()
            .from(paymentRefunds)
            .where(eq(paymentRefunds.visitId, appointment.visitId))
        ).map((row) => [row.kind, row.cents]);
      expect(await ledger()).toEqual([
        ["late_cancel_fee", 1500],
        ["deposit", 2500],
      ]);

      // Again: nothing is left, and Stripe is not asked; its own word of the refund adds nothing.
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        409,
        "The late cancellation fee was already refunded.",
      ]);
      expect(requestsTo("/v1/refunds")).toHaveLength(2);
      const entries = (await log()).length;
      const charge = {
        id: `ch_${deposit}`,
        object: "charge",
        amount: 2500,
        amount_refunded: 2500,
        currency: "usd",
        payment_intent: deposit,
        refunded: true,
      } as unknown as Stripe.Charge;
      expect(
        (await connected.deliver(database.db, eventOf("charge.refunded", charge))).status,
      ).toBe(200);
      expect(await ledger()).toHaveLength(2);
      expect(await log()).toHaveLength(entries);
    },
  );

  it(
    "refunds a late fee the deposit covered whole: Staff may not, a refusal then a new key",
    SLOW,
    async () => {
      // A $50.00 deposit: the $40.00 fee is kept of it and $10.00 refunded at her cancel.
      const { appointment, token } = await visit("deposit", 10, { depositCents: 5000 });
      expect((await cancel(token, "4000/4000/0/1000")).status).toBe(200);
      expect(await paymentOf(appointment.visitId)).toMatchObject({
        lateFeeState: null,
        lateFeeKeptCents: 4000,
        refundedCents: 1000,
      });
      const { ownerCookie, staffCookie } = await signedIn();
      expect(await customerRows(appointment.email, ownerCookie)).toEqual([
        [
          "cancelled",
          "Deposit $50.00 paid ($10.00 refunded), $40.00 of the deposit kept",
          "$40.00",
        ],
      ]);
      standIn.requests.length = 0;
      expect(await refundLateFee(appointment.id, staffCookie)).toEqual([
        403,
        "Only the owner can refund a fee.",
      ]);
      expect(requestsTo("/v1/refunds")).toEqual([]);

      standIn.refundRefusal.message = "Your card's issuer refused the refund.";
      try {
        expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
          502,
          "$40.00 of the deposit kept toward the late cancellation fee was not refunded (Your card's issuer refused the refund.).",
        ]);
      } finally {
        standIn.refundRefusal.message = null;
      }
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        200,
        `Refunded $40.00 of ${appointment.name}'s late cancellation fee to her card.`,
      ]);
      const deposit = (await paymentOf(appointment.visitId))?.paymentIntentId;
      expect(refundsAsked()).toEqual([
        [`visit-${appointment.visitId}-late-cancel-fee-kept-deposit-refund-0-0`, "4000", deposit],
        [`visit-${appointment.visitId}-late-cancel-fee-kept-deposit-refund-0-1`, "4000", deposit],
      ]);
      expect(await paymentOf(appointment.visitId)).toMatchObject({ refundedCents: 5000 });
      expect(await customerRows(appointment.email, ownerCookie)).toEqual([
        ["cancelled", "Deposit $50.00 paid ($50.00 refunded)", null],
      ]);
      expect((await log()).slice(-2).map(([, action]) => action)).toEqual([
        `$40.00 of the deposit kept as the late cancellation fee of ${whose(appointment)} was not refunded (Your card's issuer refused the refund.)`,
        `Refunded $40.00 of the deposit kept as the late cancellation fee of ${whose(appointment)}`,
      ]);
      // Again: all of it was given back, and Stripe is not asked.
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        409,
        "The late cancellation fee was already refunded.",
      ]);
      expect(requestsTo("/v1/refunds")).toHaveLength(2);
    },
  );

  it(
    "gives back no more than was kept, though the rest of the deposit was never refunded",
    SLOW,
    async () => {
      // A $50.00 deposit, a $40.00 fee: the $10.00 it leaves is refused by Stripe at her cancel.
      const { appointment, token } = await visit("deposit", 10, { depositCents: 5000 });
      standIn.refundRefusal.message = "Your card's issuer refused the refund.";
      try {
        expect((await cancel(token, "4000/4000/0/1000")).status).toBe(200);
      } finally {
        standIn.refundRefusal.message = null;
      }
      const { ownerCookie } = await signedIn();
      expect(await customerRows(appointment.email, ownerCookie)).toEqual([
        ["cancelled", "Deposit $50.00 paid, $50.00 of the deposit kept", "$40.00"],
      ]);
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        200,
        `Refunded $40.00 of ${appointment.name}'s late cancellation fee to her card.`,
      ]);
      expect(await paymentOf(appointment.visitId)).toMatchObject({
        refundedCents: 4000,
        lateFeeKeptRefundedCents: 4000,
      });
      // The $10.00 left is no part of the fee: nothing more is offered or refunded as one.
      expect((await customerRows(appointment.email, ownerCookie))?.[0]?.[2]).toBeNull();
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        409,
        "The late cancellation fee was already refunded.",
      ]);
    },
  );

  it(
    "offers the kept part once her link to approve the card's part lapsed, not before",
    SLOW,
    async () => {
      const { appointment, token } = await visit("deposit", 10, {
        outcome: "authentication_required",
      });
      expect((await cancel(token, "4000/2500/1500/0")).status).toBe(200);
      const { ownerCookie } = await signedIn();
      expect((await customerRows(appointment.email, ownerCookie))?.[0]?.[2]).toBeNull();
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        409,
        "Her card's part of the late cancellation fee is not settled yet.",
      ]);
      // Her link's 14 days pass unpaid: the card's part will not come, the kept part may go back.
      await database.db
        .update(feeLinks)
        .set({ expiresAt: new Date(Date.now() - 1000), checkoutExpiresAt: null })
        .where(eq(feeLinks.visitId, appointment.visitId));
      expect((await customerRows(appointment.email, ownerCookie))?.[0]?.[2]).toBe("$25.00");
      expect(await refundLateFee(appointment.id, ownerCookie)).toEqual([
        200,
        `Refunded $25.00 of ${appointment.name}'s late cancellation fee to her card.`,
      ]);
    },
  );

  it("shows a visit of two services' payment once, on its first appointment", SLOW, async () => {
    const { appointment, token } = await visit("card", 10);
    const service = await createService(database.db, { priceCents: 4000 });
    await createAppointment(database.db, {
      service,
      startsAt: appointment.endsAt,
      visitId: appointment.visitId,
      customer: { name: appointment.name, email: appointment.email, phone: appointment.phone },
    });
    const shown = await page(token);
    expect((await cancel(token, shown.cancelTerms?.confirmation ?? "")).status).toBe(200);
    // Newest first: the second service, then the first, which carries the visit's payment.
    expect(await customerRows(appointment.email)).toEqual([
      ["cancelled", null, null],
      ["cancelled", "Card on file, late cancellation fee $60.00 charged", "$60.00"],
    ]);
  });

  it("says the fee in Spanish on /es/manage", SLOW, async () => {
    const { token } = await visit("deposit", 10);
    const shown = await page(token, "/es/manage");
    expect(shown.cancelTerms?.text).toBe(
      "Si cancela ahora, a menos de 24 horas de su cita, se aplica un cargo por cancelación tardía de $40.00: conservamos su depósito de $25.00 y cobramos $15.00 a su tarjeta.",
    );
    const unconfirmed = await cancel(token, undefined, "/es/manage");
    expect(unconfirmed.result).toEqual({
      ok: false,
      message:
        "Cancelar ahora tiene un cargo por cancelación tardía. Por favor, léalo aquí abajo y vuelva a confirmar.",
    });
  });
});

describe("a late fee Stripe was processing", () => {
  /** A card visit cancelled inside the window, its fee of $40.00 'processing' at Stripe. */
  async function processingFee() {
    const cancelled = await visit("card", 10, { outcome: "processing" });
    expect((await cancel(cancelled.token, "4000/0/4000/0")).status).toBe(200);
    expect(await paymentOf(cancelled.appointment.visitId)).toMatchObject({
      lateFeeState: "processing",
      lateFeeAt: null,
    });
    const [intent] = lateFeeIntents(cancelled.appointment.visitId);
    if (!intent) throw new Error("No late fee's PaymentIntent");
    return { ...cancelled, intent: structuredClone(intent) };
  }
  const stripeSays = async () => (await log()).filter(([who]) => who === "Stripe");

  it("is charged once payment_intent.succeeded comes, however often", SLOW, async () => {
    const { appointment, intent } = await processingFee();
    const succeeded = { ...intent, status: "succeeded" as const, amount_received: 4000 };
    const event = eventOf("payment_intent.succeeded", succeeded, "evt_late_fee_succeeded");
    expect(await connected.deliver(database.db, event)).toMatchObject({
      status: 200,
      handled: "applied",
    });
    expect(await connected.deliver(database.db, event)).toMatchObject({
      status: 200,
      handled: "repeated",
    });
    expect(await paymentOf(appointment.visitId)).toMatchObject({
      lateFeeState: "succeeded",
      lateFeeCents: 4000,
      lateFeeAt: expect.any(Date),
    });
    expect(await stripeSays()).toEqual([
      ["Stripe", `Charged the late cancellation fee of $40.00 for ${whose(appointment)}`],
    ]);
  });

  it(
    "is recorded as failed once payment_intent.payment_failed comes, nothing charged",
    SLOW,
    async () => {
      const { appointment, intent } = await processingFee();
      const failed = {
        ...intent,
        status: "requires_payment_method" as const,
        last_payment_error: { type: "card_error" as const, message: "Your card was declined." },
      };
      const event = eventOf("payment_intent.payment_failed", failed, "evt_late_fee_failed");
      expect(await connected.deliver(database.db, event)).toMatchObject({ handled: "applied" });
      expect(await connected.deliver(database.db, event)).toMatchObject({ handled: "repeated" });
      expect(await paymentOf(appointment.visitId)).toMatchObject({
        lateFeeState: "failed",
        lateFeeAt: null,
      });
      expect(await stripeSays()).toEqual([
        [
          "Stripe",
          `The late cancellation fee of $40.00 for ${whose(appointment)} failed (Your card was declined.); nothing was charged`,
        ],
      ]);
    },
  );
});

describe("outside the window, and visits it does not apply to", () => {
  it(
    "lets a protected visit be moved and cancelled until its window, the deposit refunded in full",
    SLOW,
    async () => {
      await database.db.insert(paymentSettings).values({ cancellationWindowHours: 6 });
      // 10 hours ahead: inside MANAGE_CUTOFF_HOURS (24), outside the 6-hour window.
      const { appointment, token } = await visit("deposit", 10);
      const shown = await page(token);
      expect(shown.canChange).toBe(true);
      expect(shown.cutoff).toBe("6 hours");
      expect(shown.cancelTerms).toEqual({
        late: false,
        text: "If you cancel, your $25.00 deposit is refunded in full.",
        confirmation: null,
      });
      const answer = await cancel(token);
      expect(answer.status).toBe(200);
      expect(await statusOf(appointment.id)).toBe("cancelled");
      expect(lateFeeIntents(appointment.visitId)).toEqual([]);
      const refunds = requestsTo("/v1/refunds");
      expect(refunds).toHaveLength(1);
      expect(refunds[0]?.params).toMatchObject({ amount: "2500" });
      expect(await paymentOf(appointment.visitId)).toMatchObject({
        refundedCents: 2500,
        lateFeeState: null,
      });
      expect(await log()).toEqual([
        [
          CUSTOMER_ACTOR.email,
          `Refunded the deposit of $25.00 of ${whose(appointment)} (cancelled online before the 6-hour window)`,
        ],
      ]);
    },
  );

  it(
    "still refuses an unprotected visit inside MANAGE_CUTOFF_HOURS, and a protected one without Stripe's keys",
    SLOW,
    async () => {
      const plain = await visit("none", 10);
      const shown = await page(plain.token);
      expect(shown.canChange).toBe(false);
      expect(shown.cancelTerms).toBeNull();
      expect(shown.cutoff).toBe("24 hours");
      const refused = await cancel(plain.token);
      expect(refused.status).toBe(409);
      expect(refused.result).toMatchObject({
        message: expect.stringContaining("Your appointment starts within 24 hours"),
      });
      expect(await statusOf(plain.appointment.id)).toBe("booked");

      const guarded = await visit("deposit", 10);
      withoutKeys();
      expect((await page(guarded.token)).cancelTerms).toBeNull();
      expect((await cancel(guarded.token, "4000/2500/1500/0")).status).toBe(409);
      expect(await statusOf(guarded.appointment.id)).toBe("booked");
      expect(standIn.requests).toEqual([]);
      expect(await log()).toEqual([]);
    },
  );
});
