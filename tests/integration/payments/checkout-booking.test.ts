// Booking a protected service online (issue 40, docs/payments.md#booking) on a real database,
// with the official Stripe package against the local stand-in and webhooks signed as Stripe signs
// them: the visit is kept 'Awaiting payment' and confirmed only by checkout.session.completed
// (the same event twice: one effect), an expired Checkout frees its time for another visitor,
// Checkout is asked in cents and USD with an idempotency key, the policy's terms she agreed to
// are kept with her visit (the owner's later change does not move her fee or window), and
// without keys, or for a service that asks nothing, booking is as before.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { oneService } from "~/domain/booking/visit-request";
import { listAppointmentsOn } from "~/services/appointments/staff-schedule.server";
import type { VisitBookingRequest } from "~/services/booking/booking.server";
import { findPaidVisit } from "~/services/booking/paid-view.server";
import { releaseLapsedPending } from "~/services/booking/pending-bookings.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import {
  appointments,
  emailOutbox,
  paymentSettings,
  serviceProtections,
  staffActions,
  visitPayments,
} from "~/services/db/schema.server";
import { cancelTermsOf } from "~/services/payments/cancel-terms.server";
import { noShowFeeDue } from "~/services/payments/no-show-fee.server";
import {
  AGREE_REQUIRED,
  bookOnlineVisit,
  PAYMENT_HOLD_MS,
} from "~/services/payments/protected-booking.server";
import { stripeClientFor } from "~/services/payments/stripe-client.server";
import { receiveStripeWebhook } from "~/services/payments/webhooks.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { eventOf, type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
const SITE = "https://nails.example.com";
const KEYS = { STRIPE_SECRET_KEY: "sk_test_checkout00", STRIPE_WEBHOOK_SECRET: "whsec_checkout00" };

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const withKeys = () => {
  Object.assign(process.env, KEYS, { STRIPE_API_BASE: standIn.url });
};
const withoutKeys = () => {
  for (const name of [...Object.keys(KEYS), "STRIPE_API_BASE"]) delete process.env[name];
};
afterEach(withoutKeys);

let manicure: string; // $50, a $25 deposit
let pedicure: string; // $45, a card on file
let wax: string; // asks nothing
beforeEach(async () => {
  withKeys();
  standIn.requests.length = 0;
  const db = database.db;
  await seedCatalogueOnce(db);
  manicure = (await typeNamed(db, "Gel Manicure")).id;
  pedicure = (await typeNamed(db, "Classic Pedicure")).id;
  wax = (await typeNamed(db, "Eyebrow Wax")).id;
  await db.insert(serviceProtections).values([
    { typeId: manicure, kind: "deposit", depositCents: 2500 },
    { typeId: pedicure, kind: "card" },
  ]);
});

/** The first free time of `typeId` some days ahead, as the form would post it. */
async function freeTime(typeId: string, daysAhead = 6): Promise<VisitBookingRequest> {
  const dateIso = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), daysAhead);
  const items = oneService(typeId, "any");
  const listed = await listVisitTimes(database.db, { dateIso, items });
  const slot = listed.ok ? listed.slots[0] : undefined;
  if (!slot) throw new Error(`No free time on ${dateIso}`);
  return {
    dateIso,
    startsAt: new Date(slot.startsAt),
    name: "Dana Cole",
    email: "dana@example.com",
    phone: "+13125550123",
    items,
  };
}

let clientNumber = 0;
const book = (request: VisitBookingRequest, agreed = true) =>
  bookOnlineVisit(
    database.db,
    request,
    { siteUrl: SITE, online: { maxUpcoming: 5, client: `198.51.100.${++clientNumber}` } },
    { agreed, clientIp: "198.51.100.77", userAgent: "Mozilla/5.0 (test) Chrome/140" },
  );

/** Posts `event` to the webhook as Stripe would, signed with the endpoint's secret. */
async function deliver(event: Stripe.Event) {
  const stripe = new Stripe(KEYS.STRIPE_SECRET_KEY);
  const payload = JSON.stringify(event, null, 2);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: KEYS.STRIPE_WEBHOOK_SECRET,
  });
  return receiveStripeWebhook(database.db, settings(), payload, signature, { siteUrl: SITE });
}

const settings = () => ({
  secretKey: KEYS.STRIPE_SECRET_KEY,
  webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
  apiBase: new URL(standIn.url),
});

const sessionOf = (id: string) => {
  const session = standIn.sessions.get(id);
  if (!session) throw new Error(`No session ${id}`);
  return structuredClone(session);
};

async function stored() {
  const db = database.db;
  return {
    rows: await db.select().from(appointments),
    payments: await db.select().from(visitPayments),
    emails: await db.select().from(emailOutbox),
  };
}

describe("a protected service booked online", () => {
  it("is kept 'Awaiting payment' until its webhook confirms it, once, with the deposit recorded", async () => {
    const booked = await book(await freeTime(manicure));
    if (!booked.ok || !booked.checkout) throw new Error(`Not sent to Checkout: ${booked.ok}`);
    const { sessionId, url } = booked.checkout;
    expect(url).toBe(`${standIn.url}/pay/${sessionId}`);

    // Kept, not confirmed: no manage link, no email, the return page waits.
    let now = await stored();
    expect(now.rows).toHaveLength(1);
    expect(now.rows[0]).toMatchObject({ status: "booked", manageTokenHash: null });
    expect(now.rows[0]?.pendingUntil).not.toBeNull();
    expect(now.emails).toEqual([]);
    expect(await findPaidVisit(database.db, sessionId)).toMatchObject({ state: "waiting" });
    const dateIso = salonDateOf(booked.appointment.startsAt, SALON_TIME_ZONE);
    const desk = async () => (await listAppointmentsOn(database.db, dateIso))[0];
    expect(await desk()).toMatchObject({
      pending: true,
      payment: "Awaiting payment",
      depositCents: null,
    });

    // The evidence of what she agreed to, and Stripe's ids once known.
    const visitId = now.rows[0]?.visitId;
    expect(now.payments).toEqual([
      expect.objectContaining({
        visitId,
        kind: "deposit",
        amountCents: 2500,
        state: "awaiting",
        checkoutSessionId: sessionId,
        policyVersion: 1,
        ipAddress: "198.51.100.77",
        userAgent: "Mozilla/5.0 (test) Chrome/140",
      }),
    ]);
    expect(now.payments[0]?.policyText).toContain("We take a deposit when you book: $25");
    expect(now.payments[0]?.stripeCustomerId).toMatch(/^cus_/);

    // What Stripe was asked: a Customer, then Checkout in payment mode, in cents and USD, the
    // card saved for later, each with our idempotency key.
    const [customer, checkout] = standIn.requests;
    expect(customer).toMatchObject({
      method: "POST",
      path: "/v1/customers",
      idempotencyKey: `visit-${visitId}-customer`,
      params: { email: "dana@example.com", name: "Dana Cole" },
    });
    expect(checkout).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: `visit-${visitId}-checkout`,
      params: {
        mode: "payment",
        allowed_payment_method_types: ["card"],
        customer: now.payments[0]?.stripeCustomerId,
        client_reference_id: visitId,
        line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2500" } }],
        payment_intent_data: { setup_future_usage: "off_session" },
        success_url: `${SITE}/schedule/paid?session={CHECKOUT_SESSION_ID}`,
      },
    });

    // She pays on Stripe's page; the return page still waits until the webhook arrives.
    standIn.complete(sessionId);
    expect(await findPaidVisit(database.db, sessionId)).toMatchObject({ state: "waiting" });
    const event = eventOf("checkout.session.completed", sessionOf(sessionId));
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "applied" });
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "repeated" });

    now = await stored();
    expect(now.rows[0]?.pendingUntil).toBeNull();
    expect(now.rows[0]?.manageTokenHash).not.toBeNull();
    const intent = standIn.sessions.get(sessionId)?.payment_intent;
    expect(now.payments[0]).toMatchObject({
      state: "confirmed",
      paymentIntentId: intent,
      paidCents: 2500,
      stripeCustomerId: standIn.sessions.get(sessionId)?.customer,
    });
    expect(now.payments[0]?.paymentMethodId).toMatch(/^pm_/);
    // The confirmation and the salon's notice, once.
    expect(now.emails).toHaveLength(2);
    expect(now.emails.some((email) => email.toAddress === "dana@example.com")).toBe(true);
    expect(await findPaidVisit(database.db, sessionId)).toMatchObject({
      state: "booked",
      payment: "Deposit $25.00 paid",
    });
    // The front desk's calendar and day list say so; 'Complete Visit' counts it toward the price.
    expect(await desk()).toMatchObject({
      pending: false,
      payment: "Deposit $25.00 paid",
      depositCents: 2500,
    });
    // The deposit is in the activity log, as every charge is.
    expect((await database.db.select().from(staffActions)).map((entry) => entry.action)).toEqual([
      expect.stringMatching(
        /^Dana Cole paid a deposit of \$25\.00 for the visit of .+ \(online booking\)$/,
      ),
    ]);
  });

  it("confirms nothing on a Checkout completed but not paid", async () => {
    const booked = await book(await freeTime(manicure));
    if (!booked.ok || !booked.checkout) throw new Error("Not sent to Checkout");
    const { sessionId } = booked.checkout;
    // Completed with a payment still to settle (a bank debit, were one offered).
    const unpaid = { ...sessionOf(sessionId), status: "complete" as const };
    expect(unpaid.payment_status).toBe("unpaid");
    await deliver(eventOf("checkout.session.completed", unpaid));
    const now = await stored();
    expect(now.payments[0]).toMatchObject({ state: "awaiting", paidCents: null });
    expect(now.rows[0]).toMatchObject({ manageTokenHash: null });
    expect(now.rows[0]?.pendingUntil).not.toBeNull();
    expect(now.emails).toEqual([]);
    expect((await database.db.select().from(staffActions)).map((entry) => entry.action)).toEqual([
      `Checkout ${sessionId} completed without payment (unpaid); nothing was confirmed or recorded paid`,
    ]);
  });

  it("keeps a card on file through Checkout in setup mode", async () => {
    const booked = await book(await freeTime(pedicure));
    if (!booked.ok || !booked.checkout) throw new Error("Not sent to Checkout");
    const { sessionId } = booked.checkout;
    const checkout = standIn.requests.find((request) => request.path === "/v1/checkout/sessions");
    expect(checkout?.params).toMatchObject({ mode: "setup", currency: "usd" });
    expect(checkout?.params.line_items).toBeUndefined();
    expect(checkout?.idempotencyKey).toMatch(/^visit-.+-checkout$/);

    standIn.complete(sessionId);
    await deliver(eventOf("checkout.session.completed", sessionOf(sessionId)));
    const { payments } = await stored();
    expect(payments[0]).toMatchObject({ kind: "card", state: "confirmed", paymentIntentId: null });
    expect(payments[0]?.setupIntentId).toMatch(/^seti_/);
    expect(payments[0]?.paymentMethodId).toMatch(/^pm_/);
    expect(await findPaidVisit(database.db, sessionId)).toMatchObject({
      state: "booked",
      payment: "Card on file",
    });
  });

  it("keeps the terms she agreed to: the owner's later change of the policy is for later bookings", async () => {
    const db = database.db;
    const agreed = { cancellationWindowHours: 48, lateCancelFeePercent: 80, noShowFeePercent: 100 };
    await db.insert(paymentSettings).values({ ...agreed, policyVersion: 2 });
    const booked = await book(await freeTime(pedicure));
    if (!booked.ok || !booked.checkout) throw new Error("Not sent to Checkout");
    standIn.complete(booked.checkout.sessionId);
    await deliver(eventOf("checkout.session.completed", sessionOf(booked.checkout.sessionId)));
    expect((await stored()).payments[0]).toMatchObject({ state: "confirmed", ...agreed });

    // The owner lowers everything afterwards; her visit keeps what she agreed to.
    await db.update(paymentSettings).set({
      cancellationWindowHours: 2,
      lateCancelFeePercent: 10,
      noShowFeePercent: 10,
      policyVersion: 3,
    });
    const [row] = (await stored()).rows;
    if (!row) throw new Error("Not kept");
    const appointment = { id: row.id, visitId: row.visitId, startsAt: row.startsAt };
    expect(await cancelTermsOf(db, appointment, new Date())).toMatchObject({
      windowHours: 48,
      deadline: new Date(appointment.startsAt.getTime() - 48 * 3_600_000),
    });
    const late = await cancelTermsOf(
      db,
      appointment,
      new Date(appointment.startsAt.getTime() - 3_600_000),
    );
    expect(late?.split.feeCents).toBe((4500 * 80) / 100);
    await db
      .update(appointments)
      .set({ visitStatus: "no_show" })
      .where(eq(appointments.id, appointment.id));
    const due = await noShowFeeDue(db, appointment.id);
    expect(due.ok && due.due.feeCents).toBe(4500);
  });

  it("frees the time when Checkout expires: another visitor books it", async () => {
    const request = await freeTime(manicure);
    const first = await book(request);
    if (!first.ok || !first.checkout) throw new Error("Not sent to Checkout");
    // Kept for the first visitor: the second, asking the same technician, is refused the time.
    const second = {
      ...request,
      email: "eve@example.com",
      name: "Eve Park",
      items: oneService(manicure, first.appointment.technician),
    };
    const refused = await book(second);
    expect(refused).toMatchObject({ ok: false, kind: "unavailable" });

    const expired = await stripeClientFor(settings()).checkout.sessions.expire(
      first.checkout.sessionId,
    );
    const event = eventOf("checkout.session.expired", expired);
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "applied" });
    expect(await deliver(event)).toMatchObject({ status: 200, handled: "repeated" });
    const { rows, payments, emails } = await stored();
    expect(rows.map((row) => row.status)).toEqual(["cancelled"]);
    expect(payments[0]?.state).toBe("expired");
    expect(emails).toEqual([]);
    expect(await findPaidVisit(database.db, first.checkout.sessionId)).toMatchObject({
      state: "released",
    });

    const booked = await book(second);
    expect(booked).toMatchObject({
      ok: true,
      appointment: { technician: first.appointment.technician },
    });
  });

  it("frees the time when it is not paid in time (the lapsed pending bookings' release)", async () => {
    const booked = await book(await freeTime(manicure));
    if (!booked.ok || !booked.checkout) throw new Error("Not sent to Checkout");
    const later = new Date(Date.now() + PAYMENT_HOLD_MS + 60_000);
    expect(await releaseLapsedPending(database.db, later)).toBe(1);
    // A payment completed after that books nothing: the owner is told to refund it.
    standIn.complete(booked.checkout.sessionId);
    await deliver(eventOf("checkout.session.completed", sessionOf(booked.checkout.sessionId)));
    const { rows, payments, emails } = await stored();
    expect(rows.map((row) => row.status)).toEqual(["cancelled"]);
    expect(payments[0]?.state).toBe("expired");
    expect(emails).toEqual([]);
  });

  it("asks 'I agree to the cancellation policy' first: without it nothing is kept or sent", async () => {
    const refused = await book(await freeTime(manicure), false);
    expect(refused).toEqual({ ok: false, kind: "invalid", fieldErrors: { agree: AGREE_REQUIRED } });
    expect(await stored()).toEqual({ rows: [], payments: [], emails: [] });
    expect(standIn.requests).toEqual([]);
  });
});

describe("booking as before", () => {
  it("books a service that asks nothing outright, with Stripe connected", async () => {
    const booked = await book(await freeTime(wax), false);
    expect(booked.ok && booked.checkout).toBeUndefined();
    const { rows, payments, emails } = await stored();
    expect(rows[0]).toMatchObject({ status: "booked", pendingUntil: null });
    expect(payments).toEqual([]);
    expect(emails).toHaveLength(2);
    expect(standIn.requests).toEqual([]);
  });

  it("books a protected service outright when Stripe's keys are not set", async () => {
    withoutKeys();
    const booked = await book(await freeTime(manicure), false);
    expect(booked.ok && booked.checkout).toBeUndefined();
    const { rows, payments, emails } = await stored();
    expect(rows[0]).toMatchObject({ status: "booked", pendingUntil: null });
    expect(rows[0]?.manageTokenHash).not.toBeNull();
    expect(payments).toEqual([]);
    expect(emails).toHaveLength(2);
    expect(standIn.requests).toEqual([]);
  });
});
