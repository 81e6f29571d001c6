// Each refund of a protected visit's money recorded once, on its own day (issue 40,
// docs/payments.md#refunds), on a real database, with the official Stripe package against the
// local stand-in and Stripe's charge.refunded signed as Stripe signs it: a no-show fee the desk
// charged and the owner refunded in Stripe's dashboard is logged, shown on the desk and given
// back in Reports' 'Refunds'; a deposit refunded in two steps records each step once, whatever
// order the events come in and however often; the salon's own refund and its event are one. A
// dispute of a visit's deposit or fee marks the visit on the desk, once, and the owner's email
// names the customer, the visit and what was disputed.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { formatDateString, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { loader as reportsLoader } from "~/routes/reports";
import { action as deskAction, loader as deskLoader } from "~/routes/scheduleadmin";
import {
  emailOutbox,
  paymentDisputes,
  paymentRefunds,
  staffActions,
  visitPayments,
} from "~/services/db/schema.server";
import { createAppointment, createService } from "../../support/factories";
import { connectStripeStandIn, protectVisit } from "../../support/protected-visit";
import { signInOwnerAndStaff } from "../../support/staff-accounts";
import { asStaff, type StaffAnswer, setUpStaffDesk } from "../../support/staff-desk";
import { eventOf } from "../../support/stripe-stand-in";

const desk = setUpStaffDesk();
const stripe = connectStripeStandIn({
  STRIPE_SECRET_KEY: "sk_test_refunds000",
  STRIPE_WEBHOOK_SECRET: "whsec_refunds0000",
});
const HOUR = 3_600_000;
/** Each test drives the desk, the webhook and the stand-in several times. */
const SLOW = { timeout: 30_000 };
const PRICE = 8000;

beforeEach(() => {
  stripe.standIn.requests.length = 0;
});

/** An $80 visit, protected as `kind` says (a $25 deposit paid at the stand-in, or a card). */
async function protectedVisit(kind: "deposit" | "card", hoursAhead = -1) {
  const service = await createService(desk.db, { priceCents: PRICE });
  const appointment = await createAppointment(desk.db, {
    service,
    startsAt: new Date(Date.now() + hoursAhead * HOUR),
  });
  const payment = await protectVisit(desk.db, stripe, appointment, { kind });
  return { appointment, depositIntent: payment.paymentIntentId };
}
type Visit = Awaited<ReturnType<typeof protectedVisit>>["appointment"];

async function press(fields: Record<string, string>, cookie = desk.cookie) {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
  const answer = (await asStaff(desk.db, request, deskAction as never, "/scheduleadmin")) as
    | StaffAnswer
    | Response;
  if (answer instanceof Response) throw new Error(`Not answered: ${answer.status}`);
  return answer.data.message;
}

/** The appointment as the desk's /scheduleadmin shows it to `cookie`'s account. */
async function deskRow(appointment: Visit, cookie = desk.cookie) {
  const date = salonDateOf(appointment.startsAt, SALON_TIME_ZONE);
  const request = new Request(`http://localhost/scheduleadmin?date=${date}`, {
    headers: { Cookie: cookie },
  });
  const page = (await asStaff(desk.db, request, deskLoader as never, "/scheduleadmin")) as {
    appointments: { id: string; payment: string | null; feeRefundCents: number | null }[];
  };
  return page.appointments.find((a) => a.id === appointment.id);
}

/** The appointment's payment as the desk's /scheduleadmin shows it. */
const deskLabel = async (appointment: Visit) => (await deskRow(appointment))?.payment;

/** Reports' 'Refunds', 'No-show fees' and 'Lost disputes' for today, as the owner's /reports shows them. */
async function todaysRevenue() {
  const today = salonDateOf(new Date(), SALON_TIME_ZONE);
  const request = new Request(`http://localhost/reports?period=custom&from=${today}&to=${today}`, {
    headers: { Cookie: desk.cookie },
  });
  const page = (await asStaff(desk.db, request, reportsLoader as never, "/reports")) as {
    tables: { revenue: { rows: string[][] } };
  };
  const row = (label: string) => page.tables.revenue.rows.find((r) => r[0] === label)?.[1];
  return {
    refunds: row("Refunds"),
    noShowFees: row("No-show fees"),
    lostDisputes: row("Lost disputes"),
  };
}

/** charge.refunded as Stripe sends it: the charge of `intent`, `refunded` of it given back in all. */
const refunded = (intent: string, amount: number, total: number, id?: string) =>
  eventOf(
    "charge.refunded",
    {
      id: `ch_${intent}`,
      object: "charge",
      amount,
      amount_refunded: total,
      currency: "usd",
      payment_intent: intent,
      refunded: total === amount,
    } as unknown as Stripe.Charge,
    id,
  );

const deliver = (event: Stripe.Event) => stripe.deliver(desk.db, event);
const stripeLog = async () =>
  (await desk.db.select().from(staffActions))
    .filter((entry) => entry.actorEmail === "Stripe")
    .map((entry) => entry.action);
const refundsOf = async (visitId: string) =>
  (await desk.db.select().from(paymentRefunds).where(eq(paymentRefunds.visitId, visitId)))
    .map((r) => [r.kind, r.cents, r.totalRefundedCents])
    .sort((a, b) => Number(a[2]) - Number(b[2]));
const paymentOf = async (visitId: string) =>
  (await desk.db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId)))[0];
const visitWords = (appointment: Visit) =>
  `${appointment.name}'s visit of ${formatDateString(appointment.startsAt, SALON_TIME_ZONE)}`;
const usd = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;

describe("refunds told by Stripe's charge.refunded", SLOW, () => {
  it("records a no-show fee refunded in Stripe's dashboard once: logged, on the desk, in Reports", async () => {
    const { appointment } = await protectedVisit("card");
    await press({ intent: "visit", id: appointment.id, status: "no_show" });
    expect(await press({ intent: "charge-no-show", id: appointment.id })).toMatch(
      /^Charged .* no-show fee of \$40\.00\.$/,
    );
    const fee = await paymentOf(appointment.visitId);
    const feeCents = PRICE / 2;
    expect(fee).toMatchObject({ noShowFeeState: "succeeded", noShowFeeCents: feeCents });
    const intent = String(fee?.noShowFeeIntentId);

    // $15 of it given back; the event told twice, and again under another id.
    const event = refunded(intent, feeCents, 1500);
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "applied" });
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "repeated" });
    expect(await deliver(refunded(intent, feeCents, 1500))).toMatchObject({ handled: "applied" });

    expect(await refundsOf(appointment.visitId)).toEqual([["no_show_fee", 1500, 1500]]);
    expect((await stripeLog()).filter((line) => line.startsWith("Refunded"))).toEqual([
      `Refunded $15.00 of the no-show fee of ${visitWords(appointment)}`,
    ]);
    expect(await deskLabel(appointment)).toBe(
      `Card on file, no-show fee ${usd(feeCents)} charged ($15.00 refunded)`,
    );
    expect(await todaysRevenue()).toMatchObject({ refunds: usd(-1500), noShowFees: usd(feeCents) });
  });

  it("records a deposit refunded in two steps once each, however the events come", async () => {
    const { appointment, depositIntent } = await protectedVisit("deposit", 48);
    const intent = String(depositIntent);
    const first = refunded(intent, 2500, 1000);
    const second = refunded(intent, 2500, 2500);
    // The second step told first, then the first step late, then each again.
    for (const event of [second, first, second, first, refunded(intent, 2500, 1000)]) {
      expect(await deliver(event)).toMatchObject({ status: 200 });
    }
    expect(await refundsOf(appointment.visitId)).toEqual([["deposit", 2500, 2500]]);
    expect(await paymentOf(appointment.visitId)).toMatchObject({ refundedCents: 2500 });

    // Told in order on another visit: two refunds, each logged once.
    const other = await protectedVisit("deposit", 48);
    const otherIntent = String(other.depositIntent);
    for (const event of [refunded(otherIntent, 2500, 1000), refunded(otherIntent, 2500, 2500)]) {
      await deliver(event);
      await deliver(event);
    }
    expect(await refundsOf(other.appointment.visitId)).toEqual([
      ["deposit", 1000, 1000],
      ["deposit", 1500, 2500],
    ]);
    expect(await paymentOf(other.appointment.visitId)).toMatchObject({ refundedCents: 2500 });
    expect(await stripeLog()).toEqual([
      `Refunded $25.00 of the deposit of ${visitWords(appointment)}`,
      `Refunded $10.00 of the deposit of ${visitWords(other.appointment)}`,
      `Refunded $15.00 of the deposit of ${visitWords(other.appointment)}`,
    ]);
    expect(await deskLabel(other.appointment)).toBe("Deposit $25.00 paid ($25.00 refunded)");
    expect((await todaysRevenue()).refunds).toBe(usd(-5000));
  });

  it("counts a refund on the day Stripe made it, however late its event comes", async () => {
    const { appointment, depositIntent } = await protectedVisit("deposit", 48);
    // Made two days ago; delivered only now (Stripe retried through an outage).
    const made = Math.floor(Date.now() / 1000) - 2 * 86_400;
    const late = { ...refunded(String(depositIntent), 2500, 1000), created: made };
    expect(await deliver(late)).toMatchObject({ status: 200, handled: "applied" });
    const [row] = await desk.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.visitId, appointment.visitId));
    expect(row?.refundedAt).toEqual(new Date(made * 1000));
    // Not today's money: today's 'Refunds' is nothing.
    expect((await todaysRevenue()).refunds).toBe(usd(0));
  });

  it("keeps the salon's own refund and its event as one refund", async () => {
    const { appointment, depositIntent } = await protectedVisit("deposit", 48);
    expect(await press({ intent: "cancel", id: appointment.id })).toMatch(
      /The deposit of \$25\.00 was refunded/,
    );
    await deliver(refunded(String(depositIntent), 2500, 2500));
    expect(await refundsOf(appointment.visitId)).toEqual([["deposit", 2500, 2500]]);
    expect(await stripeLog()).toEqual([]);
    expect((await todaysRevenue()).refunds).toBe(usd(-2500));
  });

  it("refunds the rest of a deposit partly refunded in Stripe's dashboard when the salon cancels", async () => {
    const { appointment, depositIntent } = await protectedVisit("deposit", 48);
    await deliver(refunded(String(depositIntent), 2500, 1000));
    expect(await press({ intent: "cancel", id: appointment.id })).toMatch(
      /The deposit of \$15\.00 was refunded/,
    );
    expect(
      stripe.standIn.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.params.amount),
    ).toEqual(["1500"]);
    expect(await refundsOf(appointment.visitId)).toEqual([
      ["deposit", 1000, 1000],
      ["deposit", 1500, 2500],
    ]);
    expect((await todaysRevenue()).refunds).toBe(usd(-2500));
  });
});

describe("'Refund No-show Fee' on the owner's desk", SLOW, () => {
  /** A card-on-file visit marked 'No-show' and charged its $40.00 fee at the desk. */
  async function chargedVisit() {
    const { appointment } = await protectedVisit("card");
    await press({ intent: "visit", id: appointment.id, status: "no_show" });
    await press({ intent: "charge-no-show", id: appointment.id });
    const intent = String((await paymentOf(appointment.visitId))?.noShowFeeIntentId);
    stripe.standIn.requests.length = 0;
    return { appointment, intent };
  }
  const refundRequests = () => stripe.standIn.requests.filter((r) => r.path === "/v1/refunds");
  const refundFee = (appointment: Visit, cookie?: string) =>
    press({ intent: "refund-no-show-fee", id: appointment.id }, cookie);

  it("gives the fee back once, logged, on the desk and in Reports; Staff may not", async () => {
    const { appointment, intent } = await chargedVisit();
    const { staffCookie } = await signInOwnerAndStaff(desk.db, "ines@example.com");
    // Staff see no button, and the server refuses them without asking Stripe.
    expect((await deskRow(appointment, staffCookie))?.feeRefundCents).toBeNull();
    expect(await refundFee(appointment, staffCookie)).toBe("Only the owner can refund a fee.");
    expect(refundRequests()).toEqual([]);

    expect((await deskRow(appointment))?.feeRefundCents).toBe(PRICE / 2);
    expect(await refundFee(appointment)).toBe(
      `Refunded $40.00 of ${appointment.name}'s no-show fee to her card.`,
    );
    expect(await refundFee(appointment)).toBe("The no-show fee was already refunded.");
    expect(refundRequests().map((r) => [r.idempotencyKey, r.params.amount])).toEqual([
      [`visit-${appointment.visitId}-no-show-fee-refund-0-0`, "4000"],
    ]);
    expect(await refundsOf(appointment.visitId)).toEqual([["no_show_fee", 4000, 4000]]);
    expect(await deskRow(appointment)).toMatchObject({
      payment: "Card on file, no-show fee $40.00 charged ($40.00 refunded)",
      feeRefundCents: null,
    });
    expect((await todaysRevenue()).refunds).toBe(usd(-4000));
    const entries = (await desk.db.select().from(staffActions)).filter((entry) =>
      entry.action.startsWith("Refunded"),
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      `Refunded $40.00 of the no-show fee of ${visitWords(appointment)}`,
    ]);
    // Stripe's own word of it then adds nothing.
    expect(await deliver(refunded(intent, 4000, 4000))).toMatchObject({ status: 200 });
    expect(await refundsOf(appointment.visitId)).toEqual([["no_show_fee", 4000, 4000]]);
    expect(await stripeLog()).toEqual([]);
  });

  it("gives back only what is left after a refund in Stripe's dashboard; a refusal changes nothing", async () => {
    const { appointment, intent } = await chargedVisit();
    await deliver(refunded(intent, 4000, 1500));
    expect((await deskRow(appointment))?.feeRefundCents).toBe(2500);

    stripe.standIn.refundRefusal.message = "Your card's issuer refused the refund.";
    try {
      expect(await refundFee(appointment)).toBe(
        "The no-show fee of $25.00 was not refunded (Your card's issuer refused the refund.).",
      );
    } finally {
      stripe.standIn.refundRefusal.message = null;
    }
    expect(await refundsOf(appointment.visitId)).toEqual([["no_show_fee", 1500, 1500]]);
    expect((await desk.db.select().from(staffActions)).map((entry) => entry.action).at(-1)).toBe(
      `The no-show fee of $25.00 of ${visitWords(appointment)} was not refunded (Your card's issuer refused the refund.)`,
    );

    expect(await refundFee(appointment)).toBe(
      `Refunded $25.00 of ${appointment.name}'s no-show fee to her card.`,
    );
    // Asked anew after the refusal: a key of its own (Stripe answers a key with its first answer).
    expect(refundRequests().map((r) => r.idempotencyKey)).toEqual([
      `visit-${appointment.visitId}-no-show-fee-refund-1500-0`,
      `visit-${appointment.visitId}-no-show-fee-refund-1500-1`,
    ]);
    expect(await refundsOf(appointment.visitId)).toEqual([
      ["no_show_fee", 1500, 1500],
      ["no_show_fee", 2500, 4000],
    ]);
    expect((await deskRow(appointment))?.feeRefundCents).toBeNull();
  });

  it("offers no refund of a fee her bank disputes", async () => {
    const { appointment, intent } = await chargedVisit();
    const dispute = {
      id: "dp_fee_refund",
      object: "dispute",
      amount: 4000,
      charge: `ch_${intent}`,
      payment_intent: intent,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
      evidence_details: { due_by: 1_900_000_000 },
    } as unknown as Stripe.Dispute;
    await deliver(eventOf("charge.dispute.created", dispute));
    expect((await deskRow(appointment))?.feeRefundCents).toBeNull();
    expect(await refundFee(appointment)).toBe(
      "Her bank disputes the no-show fee: it is settled in Stripe's dashboard.",
    );
    expect(refundRequests()).toEqual([]);
  });
});

describe("a dispute of a visit's payment (charge.dispute.created)", SLOW, () => {
  const disputed = (intent: string, id: string): Stripe.Dispute =>
    ({
      id,
      object: "dispute",
      amount: 2500,
      charge: `ch_${intent}`,
      payment_intent: intent,
      currency: "usd",
      reason: "product_not_received",
      status: "needs_response",
      created: Math.floor(Date.now() / 1000),
      evidence_details: { due_by: 1_900_000_000 },
    }) as unknown as Stripe.Dispute;

  it("marks the visit on the desk once and emails the owner its customer and visit", async () => {
    const { appointment, depositIntent } = await protectedVisit("deposit", 48);
    const event = eventOf("charge.dispute.created", disputed(String(depositIntent), "dp_visit"));
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "applied" });
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "repeated" });
    // The same dispute told again under another event id adds nothing.
    await deliver(eventOf("charge.dispute.created", disputed(String(depositIntent), "dp_visit")));

    const rows = await desk.db.select().from(paymentDisputes);
    expect(rows.map((row) => [row.disputeId, row.visitId, row.kind, row.cents])).toEqual([
      ["dp_visit", appointment.visitId, "deposit", 2500],
    ]);
    expect(await deskLabel(appointment)).toBe("Deposit $25.00 paid, $25.00 disputed by her bank");
    const emails = await desk.db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("A payment of $25.00 was disputed");
    for (const words of [appointment.name, "Disputed", "deposit", "product_not_received"]) {
      expect(emails[0]?.textBody).toContain(words);
    }
    expect(await stripeLog()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${appointment.name} disputed the deposit of \\$25\\.00 for the visit of ${formatDateString(appointment.startsAt, SALON_TIME_ZONE)} at .+ \\(product_not_received\\); the owner was emailed$`,
        ),
      ),
    ]);
  });

  it("says how it ended once charge.dispute.closed comes: lost on the desk and in Reports, won no more", async () => {
    expect((await todaysRevenue()).lostDisputes).toBe("$0.00");
    const lost = await protectedVisit("deposit", 48);
    const won = await protectedVisit("deposit", 48);
    for (const [visit, id] of [
      [lost, "dp_lost"],
      [won, "dp_won"],
    ] as const) {
      await deliver(eventOf("charge.dispute.created", disputed(String(visit.depositIntent), id)));
    }
    const closed = (id: string, intent: string, status: "lost" | "won") =>
      eventOf("charge.dispute.closed", { ...disputed(intent, id), status } as Stripe.Dispute);
    const lostEvent = closed("dp_lost", String(lost.depositIntent), "lost");
    expect(await deliver(lostEvent)).toMatchObject({ status: 200, handled: "applied" });
    // Told again under another event id: one log entry.
    await deliver(closed("dp_lost", String(lost.depositIntent), "lost"));
    await deliver(closed("dp_won", String(won.depositIntent), "won"));

    expect(await deskLabel(lost.appointment)).toBe(
      "Deposit $25.00 paid, $25.00 taken back by her bank",
    );
    expect(await deskLabel(won.appointment)).toBe("Deposit $25.00 paid");
    expect((await stripeLog()).filter((line) => line.startsWith("The dispute"))).toEqual([
      `The dispute of $25.00 about the deposit of ${visitWords(lost.appointment)} was lost: her bank took the money back`,
      `The dispute of $25.00 about the deposit of ${visitWords(won.appointment)} was won: the money stays with the salon`,
    ]);
    // The lost one is money taken back today, once; the won one is not.
    expect((await todaysRevenue()).lostDisputes).toBe("-$25.00");
  });

  it("stores a dispute whose closing came without its opening, and its opening later adds nothing", async () => {
    const { appointment, depositIntent } = await protectedVisit("deposit", 48);
    const lost = { ...disputed(String(depositIntent), "dp_unopened"), status: "lost" };
    await deliver(eventOf("charge.dispute.closed", lost as Stripe.Dispute));
    expect(await deskLabel(appointment)).toBe("Deposit $25.00 paid, $25.00 taken back by her bank");
    expect((await todaysRevenue()).lostDisputes).toBe("-$25.00");
    await deliver(
      eventOf("charge.dispute.created", disputed(String(depositIntent), "dp_unopened")),
    );
    expect(await deskLabel(appointment)).toBe("Deposit $25.00 paid, $25.00 taken back by her bank");
    expect(await desk.db.select().from(emailOutbox)).toEqual([]);
  });
});
