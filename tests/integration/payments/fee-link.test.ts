// The emailed payment link of a fee (issue 40, docs/payments.md#fee-link), on a real database,
// through /scheduleadmin's and /manage's actions and /schedule/fee's loader and action as React
// Router runs them, with the emails delivered over real SMTP and read as a mail app decodes them,
// and the official Stripe package against the local stand-in answering that the bank asks the
// customer to authenticate: the first PaymentIntent cancelled; 'Approve Your Payment' emailed in
// her language with its link at the configured address (only the token's hash kept); the desk's
// fee 'awaiting her approval', not offered again; her page with the visit, the fee and the policy
// she agreed to; a wrong token 404 with nothing changed; a Checkout Session for exactly the fee on
// her Stripe customer; the signed completion recorded once with its log entry; the page then
// paid, and a Checkout that expired tried again from the same link.
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { formatDateString, SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import type { Locale } from "~/domain/i18n/locale";
import { action as manageAction } from "~/routes/manage";
import { action as feeAction, loader as feePage } from "~/routes/schedule-fee";
import { action as deskAction, loader as deskLoader } from "~/routes/scheduleadmin";
import { bookingDateString } from "~/services/booking/booked-appointment.server";
import { hashManageToken, newManageToken } from "~/services/booking/manage-token.server";
import { feeLinks, staffActions, visitPayments } from "~/services/db/schema.server";
import { closeLinkCheckouts } from "~/services/payments/fee-link.server";
import { noShowFeeDue } from "~/services/payments/no-show-fee.server";
import { setUpEmailDesk } from "../../support/email-desk";
import { createAppointment, createService, customerData } from "../../support/factories";
import { connectStripeStandIn, protectVisit } from "../../support/protected-visit";
import { signInOwnerAndStaff } from "../../support/staff-accounts";
import { asStaff, type StaffAnswer } from "../../support/staff-desk";
import { eventOf } from "../../support/stripe-stand-in";

/** The site's configured address (PUBLIC_URL): the emailed links name it. */
const SITE = "https://fees.example";
const inbox = setUpEmailDesk(SITE);
const KEYS = { STRIPE_SECRET_KEY: "sk_test_feelink000", STRIPE_WEBHOOK_SECRET: "whsec_feelink000" };
const stripe = connectStripeStandIn(KEYS);
const HOUR = 3_600_000;
/** Each test drives the desk or /manage, the page, SMTP and the stand-in several times. */
const SLOW = { timeout: 30_000 };
const STAFF = "desk@example.com";
const POLICY = "If you do not come, we charge 50% of the visit's price.";

let cookies: { ownerCookie: string; staffCookie: string };
beforeEach(async () => {
  cookies = await signInOwnerAndStaff(inbox.db, STAFF);
});

/**
 * An $80 visit, begun an hour ago unless `hoursAhead` says otherwise, its card saved at Checkout
 * (a $25 deposit paid, or a card on file), on which the bank asks her to authenticate every
 * off-session charge; with its manage link's token.
 */
async function askingVisit(
  kind: "deposit" | "card",
  options: { language?: Locale; hoursAhead?: number } = {},
) {
  const service = await createService(inbox.db, { priceCents: 8000, typeEs: "Servicio de prueba" });
  const token = newManageToken();
  const appointment = await createAppointment(inbox.db, {
    service,
    startsAt: new Date(Date.now() + (options.hoursAhead ?? -1) * HOUR),
    customer: customerData(),
    language: options.language ?? "en",
    manageTokenHash: hashManageToken(token),
  });
  const payment = await protectVisit(inbox.db, stripe, appointment, {
    kind,
    outcome: "authentication_required",
  });
  stripe.standIn.requests.length = 0;
  return { appointment, manageToken: token, customerId: payment.stripeCustomerId };
}

type Row = Awaited<ReturnType<typeof askingVisit>>["appointment"];

/** A desk button pressed by the staff account: its form posted to /scheduleadmin. */
async function press(fields: Record<string, string>) {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookies.staffCookie },
  });
  const answer = (await asStaff(inbox.db, request, deskAction as never, "/scheduleadmin", SITE)) as
    | StaffAnswer
    | Response;
  if (answer instanceof Response) throw new Error(`Not answered: ${answer.status}`);
  return { status: answer.init?.status ?? 200, message: answer.data.message };
}
const chargeNoShow = (appointment: Row) => press({ intent: "charge-no-show", id: appointment.id });

/** The appointment as the desk's /scheduleadmin shows it: its payment, and the fee it offers. */
async function deskRow(appointment: Row) {
  const date = salonDateOf(appointment.startsAt, SALON_TIME_ZONE);
  const request = new Request(`http://localhost/scheduleadmin?date=${date}`, {
    headers: { Cookie: cookies.staffCookie },
  });
  const page = (await asStaff(inbox.db, request, deskLoader as never, "/scheduleadmin", SITE)) as {
    appointments: { id: string; payment: string | null; noShowFeeCents: number | null }[];
  };
  const row = page.appointments.find((a) => a.id === appointment.id);
  return row && { payment: row.payment, noShowFeeCents: row.noShowFeeCents };
}

const delivered = (to: string) => inbox.delivered(to);

/** The link an email carries, at the configured address, in her language: its token. */
const tokenIn = (text: string, locale: Locale) => inbox.tokenIn(text, "/schedule/fee", locale);

const publicContext = () => inbox.publicContext();

const pagePath = (locale: Locale) => `http://localhost${locale === "es" ? "/es" : ""}/schedule/fee`;

/** /schedule/fee?<query> as its loader answers it, with its headers. */
async function openPage(query: string, locale: Locale = "en") {
  const request = new Request(`${pagePath(locale)}?${query}`);
  const answer = (await feePage({ request, context: publicContext(), params: {} } as never)) as {
    data: Record<string, unknown> & { state: string };
    init: { status?: number; headers?: Record<string, string> } | null;
  };
  return { status: answer.init?.status ?? 200, page: answer.data, headers: answer.init?.headers };
}

/** Her 'Continue to Card Payment'. */
async function approve(token: string, locale: Locale = "en") {
  const request = new Request(pagePath(locale), {
    method: "POST",
    body: new URLSearchParams({ token }),
  });
  const answer = await feeAction({ request, context: publicContext(), params: {} } as never);
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("Location") ?? "" };
  }
  const { data, init } = answer as unknown as {
    data: { message: string };
    init: { status?: number } | null;
  };
  return { status: init?.status ?? 200, message: data.message };
}

const paymentOf = async (visitId: string) =>
  (await inbox.db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId)))[0];
const sessionCreates = () =>
  stripe.standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
const feeIntents = (visitId: string) =>
  [...stripe.standIn.paymentIntents.values()].filter((i) => i.metadata.visit_id === visitId);
/** The log entries of a fee (a word of its own: a customer's random name may hold "fee"). */
const feeLog = async () =>
  (await inbox.db.select().from(staffActions))
    .filter((entry) => /\bfee\b/.test(entry.action))
    .map((entry) => [entry.actorEmail, entry.action]);
const day = (appointment: Row) => formatDateString(appointment.startsAt, SALON_TIME_ZONE);

/** The emailed link's Checkout completed at the stand-in, its signed event delivered `times`. */
async function paid(sessionId: string, times: number) {
  const session = stripe.standIn.complete(sessionId);
  const event = eventOf("checkout.session.completed", session as Stripe.Checkout.Session);
  const answers = [];
  for (let i = 0; i < times; i++) answers.push((await stripe.deliver(inbox.db, event)).status);
  return { session, handled: answers };
}

describe("the no-show fee's payment link", () => {
  it(
    "emails it when the bank asks her to authenticate; her page pays exactly the fee, once",
    SLOW,
    async () => {
      const { appointment, customerId } = await askingVisit("deposit");
      const { visitId, name } = appointment;
      const email = appointment.email ?? "";
      expect((await press({ intent: "visit", id: appointment.id, status: "no_show" })).status).toBe(
        200,
      );
      expect(await chargeNoShow(appointment)).toEqual({
        status: 200,
        message: `${name}'s bank asks for her own approval of the no-show fee of $15.00: she was emailed a link to approve it.`,
      });
      // The off-session PaymentIntent that asked for her is cancelled: only her approval pays.
      expect(feeIntents(visitId).map((intent) => intent.status)).toEqual(["canceled"]);
      expect(feeIntents(visitId)[0]?.description).toBe(
        `No-show fee for ${appointment.typeName}, ${bookingDateString(appointment, "en")}`,
      );
      expect(await paymentOf(visitId)).toMatchObject({
        noShowFeeState: "awaiting",
        noShowFeeCents: 1500,
        noShowFeeAttempts: 1,
      });
      // Awaiting her: said on the row, and not offered again to the desk.
      expect(await deskRow(appointment)).toEqual({
        payment: "Deposit $25.00 paid, no-show fee $15.00 awaiting her approval",
        noShowFeeCents: null,
      });
      const asked = stripe.standIn.requests.length;
      expect(await chargeNoShow(appointment)).toEqual({
        status: 409,
        message: "The customer was emailed a link to approve the no-show fee: it awaits her.",
      });
      expect(stripe.standIn.requests).toHaveLength(asked);
      expect(await feeLog()).toEqual([
        [
          STAFF,
          `Emailed ${name} (${email}) a link to approve the no-show fee of $15.00 for the visit of ${day(appointment)}: her bank asks for her own approval`,
        ],
      ]);

      const mails = await delivered(email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Approve Your Payment"]);
      const text = mails[0]?.text ?? "";
      expect(text).toContain("a no-show fee of $15.00 applies to this visit");
      expect(text).toContain(appointment.typeName);
      expect(text).toContain(bookingDateString(appointment, "en"));
      expect(text).toContain(POLICY);
      expect(text).toContain("It works for 14 days");
      const token = tokenIn(text, "en");
      expect(mails[0]?.html).toContain(`${SITE}/schedule/fee?token=${token}`);
      const [link] = await inbox.db.select().from(feeLinks);
      expect(link?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(link).toMatchObject({ visitId, kind: "no_show_fee", cents: 1500 });

      const shown = await openPage(`token=${token}`);
      expect(shown).toEqual({
        status: 200,
        page: {
          state: "ask",
          token,
          amount: "$15.00",
          services: appointment.typeName,
          when: bookingDateString(appointment, "en"),
          fee: "No-show fee of $15.00",
          policy: [POLICY],
        },
        headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" },
      });

      stripe.standIn.requests.length = 0;
      const started = await approve(token);
      const creates = sessionCreates();
      expect(creates).toHaveLength(1);
      const sessionId = [...stripe.standIn.sessions.values()].find(
        (s) => s.client_reference_id === visitId,
      )?.id;
      expect(started).toEqual({ status: 303, location: `/schedule/fee?session=${sessionId}` });
      expect(creates[0]?.idempotencyKey).toBe(`fee-link-${link?.tokenHash.slice(0, 24)}-1`);
      expect(creates[0]?.params).toMatchObject({
        mode: "payment",
        customer: customerId,
        client_reference_id: visitId,
        metadata: { visit_id: visitId, kind: "no_show_fee" },
        line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "1500" } }],
        success_url: `${SITE}/schedule/fee?session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${SITE}/schedule/fee?token=${token}`,
      });
      expect(creates[0]?.params).not.toHaveProperty("locale");
      // A second press while it is open goes back to the same Checkout.
      expect(await approve(token)).toEqual(started);
      expect(sessionCreates()).toHaveLength(1);
      expect((await openPage(`session=${sessionId}`)).page).toMatchObject({ state: "waiting" });

      // Stripe's completion, delivered twice: recorded once.
      const { session, handled } = await paid(sessionId ?? "", 2);
      expect(handled).toEqual([200, 200]);
      expect(await paymentOf(visitId)).toMatchObject({
        noShowFeeState: "succeeded",
        noShowFeeCents: 1500,
        noShowFeeIntentId: session.payment_intent,
        noShowFeeAt: expect.any(Date),
      });
      const paidEntry = [
        "Stripe",
        `${name} paid the no-show fee of $15.00 for the visit of ${day(appointment)} (emailed payment link)`,
      ];
      expect((await feeLog()).slice(1)).toEqual([paidEntry]);
      expect(await deskRow(appointment)).toEqual({
        payment: "Deposit $25.00 paid, no-show fee $15.00 charged",
        noShowFeeCents: null,
      });
      // Paid: the page says so, and the link cannot pay again.
      expect((await openPage(`token=${token}`)).page).toMatchObject({ state: "paid" });
      expect((await openPage(`session=${sessionId}`)).page).toMatchObject({ state: "paid" });
      stripe.standIn.requests.length = 0;
      expect((await approve(token)).status).toBe(409);
      expect(stripe.standIn.requests).toEqual([]);
      expect(await chargeNoShow(appointment)).toMatchObject({ status: 409 });
    },
  );

  it(
    "lets the desk charge again once her link lapsed unpaid, which emails her a new one",
    SLOW,
    async () => {
      const { appointment } = await askingVisit("card");
      const { visitId, name } = appointment;
      const email = appointment.email ?? "";
      await press({ intent: "visit", id: appointment.id, status: "no_show" });
      expect((await chargeNoShow(appointment)).status).toBe(200);
      const [first] = await delivered(email);
      const oldToken = tokenIn(first?.text ?? "", "en");
      // She opens Checkout from it on its last day ...
      expect((await approve(oldToken)).status).toBe(303);
      const [opened] = [...stripe.standIn.sessions.values()].filter(
        (session) => session.client_reference_id === visitId,
      );
      const lapse = (set: Partial<typeof feeLinks.$inferInsert>) =>
        inbox.db.update(feeLinks).set(set).where(eq(feeLinks.visitId, visitId));
      // ... and the 14 days pass: while that Checkout is open, the fee still awaits her.
      await lapse({ expiresAt: new Date(Date.now() - 60_000) });
      expect(await deskRow(appointment)).toEqual({
        payment: "Card on file, no-show fee $40.00 awaiting her approval",
        noShowFeeCents: null,
      });
      expect((await chargeNoShow(appointment)).status).toBe(409);
      expect((await openPage(`token=${oldToken}`)).page).toMatchObject({ state: "expired" });

      // Its Checkout closed unpaid too: the desk says so and may charge again.
      await lapse({ checkoutExpiresAt: new Date(Date.now() - 60_000) });
      expect(await deskRow(appointment)).toEqual({
        payment: "Card on file, no-show fee $40.00 not approved: her link expired",
        noShowFeeCents: 4000,
      });
      stripe.standIn.requests.length = 0;
      expect(await chargeNoShow(appointment)).toEqual({
        status: 200,
        message: `${name}'s bank asks for her own approval of the no-show fee of $40.00: she was emailed a link to approve it.`,
      });
      // Her Checkout was closed at Stripe first, so it cannot be paid as well.
      expect(stripe.standIn.sessions.get(opened?.id ?? "")?.status).toBe("expired");
      // A new attempt (its own key), and a new link in a new email; the old one stays expired.
      const intents = stripe.standIn.requests.filter((r) => r.path === "/v1/payment_intents");
      expect(intents.map((r) => r.idempotencyKey)).toEqual([`visit-${visitId}-no-show-fee-1`]);
      expect(await paymentOf(visitId)).toMatchObject({
        noShowFeeState: "awaiting",
        noShowFeeAttempts: 2,
      });
      const mails = await delivered(email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Approve Your Payment"]);
      const newToken = tokenIn(mails[0]?.text ?? "", "en");
      expect(newToken).not.toBe(oldToken);
      expect((await openPage(`token=${newToken}`)).page).toMatchObject({ state: "ask" });
      expect((await openPage(`token=${oldToken}`)).page).toMatchObject({ state: "expired" });
      expect(await deskRow(appointment)).toEqual({
        payment: "Card on file, no-show fee $40.00 awaiting her approval",
        noShowFeeCents: null,
      });
      expect((await feeLog()).map(([, action]) => action)).toEqual([
        expect.stringMatching(/^Emailed .* a link to approve the no-show fee of \$40\.00/),
        expect.stringMatching(/^Emailed .* a link to approve the no-show fee of \$40\.00/),
      ]);
    },
  );

  it(
    "charges nothing again when she paid through the lapsed link's Checkout and Stripe's word is late",
    SLOW,
    async () => {
      const { appointment } = await askingVisit("card");
      const { visitId } = appointment;
      await press({ intent: "visit", id: appointment.id, status: "no_show" });
      await chargeNoShow(appointment);
      const token = tokenIn((await delivered(appointment.email ?? ""))[0]?.text ?? "", "en");
      await approve(token);
      const sessionId = String(
        [...stripe.standIn.sessions.values()].find((s) => s.client_reference_id === visitId)?.id,
      );
      // Paid in its last minute; the event is late, and by our clock link and Checkout lapsed.
      const session = stripe.standIn.complete(sessionId);
      await inbox.db
        .update(feeLinks)
        .set({ expiresAt: new Date(Date.now() - 60_000), checkoutExpiresAt: new Date() })
        .where(eq(feeLinks.visitId, visitId));
      expect((await deskRow(appointment))?.noShowFeeCents).toBe(4000);
      stripe.standIn.requests.length = 0;
      expect(await chargeNoShow(appointment)).toEqual({
        status: 409,
        message:
          "The customer paid the no-show fee through her emailed link; Stripe's word of it is on its way: nothing more to charge.",
      });
      expect(stripe.standIn.requests.some((r) => r.path === "/v1/payment_intents")).toBe(false);
      // The event comes: her payment is the fee, charged once. Had it come after the desk read
      // the fee lapsed, the desk's closing of its Checkouts finds the link paid and stops there.
      const lapsedRead = await noShowFeeDue(inbox.db, appointment.id);
      expect(lapsedRead).toMatchObject({ ok: true, due: { lapsed: true } });
      const event = eventOf("checkout.session.completed", session as Stripe.Checkout.Session);
      expect((await stripe.deliver(inbox.db, event)).status).toBe(200);
      expect(await closeLinkCheckouts(inbox.db, stripe.client(), visitId, "no_show_fee")).toBe(
        "paid",
      );
      expect(await deskRow(appointment)).toEqual({
        payment: "Card on file, no-show fee $40.00 charged",
        noShowFeeCents: null,
      });
      // No charge of the saved card but the first, which asked for her and was cancelled.
      expect(feeIntents(visitId).map((intent) => intent.status)).toEqual(["canceled"]);
    },
  );

  it(
    "records the desk's new charge of a lapsed fee from Stripe's event when its answer was lost",
    SLOW,
    async () => {
      const { appointment } = await askingVisit("card");
      const { visitId } = appointment;
      await press({ intent: "visit", id: appointment.id, status: "no_show" });
      await chargeNoShow(appointment);
      await inbox.db
        .update(feeLinks)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(feeLinks.visitId, visitId));
      // Charged on the saved card eleven minutes ago; the desk never heard back.
      const intent = (id: string, metadata: Record<string, string>) =>
        ({
          id,
          object: "payment_intent",
          amount: 4000,
          amount_received: 4000,
          currency: "usd",
          status: "succeeded",
          created: Math.floor(Date.now() / 1000) - 11 * 60,
          metadata: { visit_id: visitId, kind: "no_show_fee", ...metadata },
        }) as unknown as Stripe.PaymentIntent;
      // A payment of no saved-card charge (a Checkout's) is not taken for it.
      await stripe.deliver(inbox.db, eventOf("payment_intent.succeeded", intent("pi_other", {})));
      expect((await deskRow(appointment))?.payment).toBe(
        "Card on file, no-show fee $40.00 not approved: her link expired",
      );
      const lost = intent("pi_lost_lapsed", { via: "saved_card" });
      expect(
        (await stripe.deliver(inbox.db, eventOf("payment_intent.succeeded", lost))).status,
      ).toBe(200);
      expect(await paymentOf(visitId)).toMatchObject({
        noShowFeeState: "succeeded",
        noShowFeeIntentId: "pi_lost_lapsed",
      });
      expect(await deskRow(appointment)).toEqual({
        payment: "Card on file, no-show fee $40.00 charged",
        noShowFeeCents: null,
      });
    },
  );

  it("refuses a wrong token with a clear answer and changes nothing", SLOW, async () => {
    const { appointment } = await askingVisit("card");
    await press({ intent: "visit", id: appointment.id, status: "no_show" });
    await chargeNoShow(appointment);
    const before = await inbox.db.select().from(feeLinks);
    const payment = await paymentOf(appointment.visitId);
    stripe.standIn.requests.length = 0;
    for (const token of [randomBytes(32).toString("base64url"), "not-a-token"]) {
      expect(await openPage(`token=${token}`)).toMatchObject({
        status: 404,
        page: { state: "not-found" },
      });
      expect(await approve(token)).toEqual({
        status: 404,
        message:
          "This link does not open a payment to approve. Please open it again from our email, or call us.",
      });
    }
    expect((await openPage("session=cs_test_unknown000")).status).toBe(404);
    expect(stripe.standIn.requests).toEqual([]);
    expect(await inbox.db.select().from(feeLinks)).toEqual(before);
    expect(await paymentOf(appointment.visitId)).toEqual(payment);
  });

  it(
    "is in Spanish for a Spanish visit, and a Checkout that expired is tried again from the same link",
    SLOW,
    async () => {
      const { appointment } = await askingVisit("card", { language: "es" });
      await press({ intent: "visit", id: appointment.id, status: "no_show" });
      expect((await chargeNoShow(appointment)).status).toBe(200);
      const [mail, ...more] = await delivered(appointment.email ?? "");
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Apruebe su pago");
      const text = mail?.text ?? "";
      expect(text).toContain("Servicio de prueba");
      expect(text).toContain(bookingDateString(appointment, "es"));
      expect(text).toContain("un cargo por no presentarse de $40.00");
      expect(text).not.toContain("Approve Your Payment");
      // What Stripe was asked to charge says it in her language too (its receipt shows it).
      const [asked] = feeIntents(appointment.visitId);
      expect(asked?.description).toBe(
        `Cargo por no presentarse a Servicio de prueba, ${bookingDateString(appointment, "es")}`,
      );
      const token = tokenIn(text, "es");

      expect((await openPage(`token=${token}`, "es")).page).toMatchObject({
        state: "ask",
        services: "Servicio de prueba",
        when: bookingDateString(appointment, "es"),
        fee: "Cargo por no presentarse de $40.00",
      });
      stripe.standIn.requests.length = 0;
      const first = await approve(token, "es");
      expect(first.location).toMatch(/^\/es\/schedule\/fee\?session=cs_/);
      expect(sessionCreates()[0]?.params).toMatchObject({
        locale: "es",
        metadata: { kind: "no_show_fee" },
        line_items: [{ price_data: { unit_amount: "4000" } }],
        success_url: `${SITE}/es/schedule/fee?session={CHECKOUT_SESSION_ID}`,
      });
      const sessionId = new URL(first.location ?? "", SITE).searchParams.get("session") ?? "";
      const session = stripe.standIn.sessions.get(sessionId) as Stripe.Checkout.Session;
      session.status = "expired";
      const expired = eventOf("checkout.session.expired", session);
      expect((await stripe.deliver(inbox.db, expired)).status).toBe(200);
      expect((await openPage(`session=${sessionId}`, "es")).page).toMatchObject({
        state: "unpaid",
      });
      // The same link again: a new attempt, with a key of its own.
      expect((await openPage(`token=${token}`, "es")).page).toMatchObject({ state: "ask" });
      const again = await approve(token, "es");
      expect(again.location).not.toBe(first.location);
      expect(sessionCreates().map((r) => r.idempotencyKey?.slice(-2))).toEqual(["-1", "-2"]);
      expect((await paymentOf(appointment.visitId))?.noShowFeeState).toBe("awaiting");
    },
  );
});

describe("the late cancellation fee's payment link", () => {
  it(
    "emails it after her cancel inside the window; the webhook records the fee paid",
    SLOW,
    async () => {
      const { appointment, manageToken } = await askingVisit("deposit", { hoursAhead: 10 });
      const { visitId, name } = appointment;
      const request = new Request("http://localhost/manage", {
        method: "POST",
        body: new URLSearchParams({
          intent: "cancel",
          token: manageToken,
          terms: "4000/2500/1500/0",
        }),
      });
      const cancelled = (await manageAction({
        request,
        context: publicContext(),
        params: {},
      } as never)) as { init: { status?: number } | null };
      expect(cancelled.init?.status ?? 200).toBe(200);
      expect(await paymentOf(visitId)).toMatchObject({
        lateFeeState: "awaiting",
        lateFeeCents: 1500,
      });
      expect(feeIntents(visitId).filter((i) => i.metadata.kind === "late_cancel_fee")).toEqual([
        expect.objectContaining({ status: "canceled" }),
      ]);
      const mails = (await delivered(appointment.email ?? "")).filter(
        (mail) => mail.subject === "Approve Your Payment",
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("a late cancellation fee of $15.00 applies to this visit");
      const token = tokenIn(mails[0]?.text ?? "", "en");
      expect((await openPage(`token=${token}`)).page).toMatchObject({
        state: "ask",
        fee: "Late cancellation fee of $15.00",
        policy: [POLICY],
      });
      stripe.standIn.requests.length = 0;
      const started = await approve(token);
      expect(sessionCreates()[0]?.params).toMatchObject({
        metadata: { visit_id: visitId, kind: "late_cancel_fee" },
        line_items: [{ price_data: { unit_amount: "1500" } }],
      });
      const sessionId = new URL(started.location ?? "", SITE).searchParams.get("session") ?? "";
      const { session } = await paid(sessionId, 2);
      expect(await paymentOf(visitId)).toMatchObject({
        lateFeeState: "succeeded",
        lateFeeCents: 1500,
        lateFeeIntentId: session.payment_intent,
      });
      expect((await feeLog()).filter(([who]) => who === "Stripe")).toEqual([
        [
          "Stripe",
          `${name} paid the late cancellation fee of $15.00 for the visit of ${day(appointment)} (emailed payment link)`,
        ],
      ]);
      expect((await openPage(`token=${token}`)).page).toMatchObject({ state: "paid" });
    },
  );
});
