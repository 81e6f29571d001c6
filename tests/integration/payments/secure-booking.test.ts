// 'Secure Your Booking' for a protected visit the front desk booked (issue 40,
// docs/payments.md#secure-your-booking), on a real database, through /scheduleadmin's loader and
// action as React Router runs them behind the staff layout's middleware and through
// /schedule/secure's loader and action, with the emails delivered over real SMTP and read as a
// mail app decodes them, and the official Stripe package against the local stand-in with
// webhooks signed as Stripe signs them: the desk sees 'Not secured'; 'Waive Protection' logs it
// and says 'Protection waived'; a Staff account may do both, a signed-out request neither; the
// email in English and Spanish with its link at the configured address; a wrong token refused
// with nothing changed; her agreement kept and a Checkout Session made (amount, mode, key); the
// signed completion recorded once; a Checkout never paid leaves the visit booked.
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import {
  formatDateString,
  formatSlotLabel,
  SALON_TIME_ZONE,
  salonDateOf,
} from "~/domain/booking/time-zone";
import type { Locale } from "~/domain/i18n/locale";
import { action as secureAction, loader as securePage } from "~/routes/schedule-secure";
import { action as deskAction, loader as deskLoader } from "~/routes/scheduleadmin";
import { bookingDateString } from "~/services/booking/booked-appointment.server";
import {
  appointments,
  emailOutbox,
  protectionWaivers,
  secureBookingLinks,
  serviceProtections,
  staffActions,
  visitPayments,
} from "~/services/db/schema.server";
import { bookingPaymentFacts } from "~/services/payments/visit-protection.server";
import { receiveStripeWebhook } from "~/services/payments/webhooks.server";
import { setUpEmailDesk } from "../../support/email-desk";
import { createAppointment, createService, customerData } from "../../support/factories";
import { connectStripeStandIn } from "../../support/protected-visit";
import { signInOwnerAndStaff } from "../../support/staff-accounts";
import { asStaff, type StaffAnswer } from "../../support/staff-desk";
import { eventOf } from "../../support/stripe-stand-in";

/** The site's configured address (PUBLIC_URL): the emailed links name it. */
const SITE = "https://secure.example";
const inbox = setUpEmailDesk(SITE);
const KEYS = { STRIPE_SECRET_KEY: "sk_test_securelink", STRIPE_WEBHOOK_SECRET: "whsec_securelink" };
const stripe = connectStripeStandIn(KEYS);
const DAY = 86_400_000;
/** Each test drives the desk, the page, SMTP and the stand-in several times. */
const SLOW = { timeout: 30_000 };
const STAFF = "desk@example.com";

let cookies: { ownerCookie: string; staffCookie: string };
beforeEach(async () => {
  cookies = await signInOwnerAndStaff(inbox.db, STAFF);
  stripe.standIn.requests.length = 0;
});

type Row = typeof appointments.$inferSelect;

/**
 * Booked at the desk (the factory's channel) a week ahead: one $80 service of its own asking a
 * $25 deposit, a card on file, or nothing; the customer's language as given.
 */
async function deskBooking(
  options: { kind?: "deposit" | "card" | "none"; language?: Locale } = {},
): Promise<Row> {
  const kind = options.kind ?? "deposit";
  const service = await createService(inbox.db, { priceCents: 8000, typeEs: "Servicio de prueba" });
  if (kind === "deposit") {
    await inbox.db
      .insert(serviceProtections)
      .values({ typeId: service.id, kind: "deposit", depositCents: 2500 });
  } else if (kind === "card") {
    await inbox.db.insert(serviceProtections).values({ typeId: service.id, kind: "card" });
  }
  return createAppointment(inbox.db, {
    service,
    startsAt: new Date(Date.now() + 7 * DAY),
    customer: customerData(),
    language: options.language ?? "en",
  });
}

/** The appointment as the desk's /scheduleadmin shows it: its payment's word, and its buttons. */
async function deskRow(appointment: Row) {
  const date = salonDateOf(appointment.startsAt, SALON_TIME_ZONE);
  const request = new Request(`http://localhost/scheduleadmin?date=${date}`, {
    headers: { Cookie: cookies.ownerCookie },
  });
  const page = (await asStaff(inbox.db, request, deskLoader as never, "/scheduleadmin", SITE)) as {
    appointments: { id: string; payment: string | null; securable: boolean }[];
  };
  const row = page.appointments.find((a) => a.id === appointment.id);
  return row && { payment: row.payment, securable: row.securable };
}

/** A desk button pressed: its form posted to /scheduleadmin with `cookie` ("": signed out). */
function press(intent: string, id: string, cookie: string) {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams({ intent, id }),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return asStaff(inbox.db, request, deskAction as never, "/scheduleadmin", SITE) as Promise<
    StaffAnswer | Response
  >;
}
const answered = (answer: StaffAnswer | Response) => {
  if (answer instanceof Response) throw new Error(`Not answered: ${answer.status}`);
  return { status: answer.init?.status ?? 200, ...answer.data };
};

/** The activity log's entries about securing visits: [who, what]. */
const securingLog = async () =>
  (await inbox.db.select().from(staffActions))
    .filter((entry) => /Secure Your Booking|protection|secured the visit/.test(entry.action))
    .map((entry) => [entry.actorEmail, entry.action]);

/** "Thursday, December 10 2026, 10:00 AM", as the log names a visit. */
const when = (appointment: Row) =>
  `${formatDateString(appointment.startsAt, SALON_TIME_ZONE)}, ${formatSlotLabel(appointment.startsAt, SALON_TIME_ZONE)}`;

const delivered = (to: string) => inbox.delivered(to);

/** The link an email carries, at the configured address, in her language: its token. */
const tokenIn = (text: string, locale: Locale) => inbox.tokenIn(text, "/schedule/secure", locale);

/** 'Email Secure Your Booking' pressed by the owner and delivered: the token of its link. */
async function emailedToken(appointment: Row): Promise<string> {
  expect(answered(await press("email-secure-link", appointment.id, cookies.ownerCookie))).toEqual(
    expect.objectContaining({ status: 200, ok: true }),
  );
  const [email] = await delivered(appointment.email ?? "");
  return tokenIn(email?.text ?? "", appointment.language);
}

const publicContext = () => inbox.publicContext();

const pagePath = (locale: Locale) =>
  `http://localhost${locale === "es" ? "/es" : ""}/schedule/secure`;

/** /schedule/secure?<query> as its loader answers it. */
async function openPage(query: string, locale: Locale = "en") {
  const request = new Request(`${pagePath(locale)}?${query}`);
  const answer = (await securePage({ request, context: publicContext(), params: {} } as never)) as {
    data: Record<string, unknown> & { state: string };
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, page: answer.data };
}

/** Her 'Continue to Card Payment', with 'I agree to the cancellation policy' ticked or not. */
async function agree(token: string, agreed: boolean, locale: Locale = "en") {
  const request = new Request(pagePath(locale), {
    method: "POST",
    body: new URLSearchParams({ token, ...(agreed ? { agree: "yes" } : {}) }),
    headers: { "User-Agent": "Test Browser/1.0" },
  });
  const answer = await secureAction({ request, context: publicContext(), params: {} } as never);
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("Location") ?? "" };
  }
  const { data, init } = answer as unknown as {
    data: { message: string; agree?: string };
    init: { status?: number } | null;
  };
  return { status: init?.status ?? 200, ...data };
}

const settings = () => ({
  secretKey: KEYS.STRIPE_SECRET_KEY,
  webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
  apiBase: new URL(stripe.standIn.url),
});
/** Posts `event` to the webhook as Stripe would, signed with the endpoint's secret. */
async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = new Stripe(KEYS.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload,
    secret: KEYS.STRIPE_WEBHOOK_SECRET,
  });
  return receiveStripeWebhook(inbox.db, settings(), payload, signature);
}

const paymentOf = async (visitId: string) =>
  (await inbox.db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId)))[0];
const statusOf = async (id: string) =>
  (await inbox.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status;
const sessionCreates = () =>
  stripe.standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
const sessionOf = (visitId: string) =>
  [...stripe.standIn.sessions.values()].filter((s) => s.client_reference_id === visitId).at(-1);

describe("the desk's 'Not secured' and 'Waive Protection'", () => {
  it(
    "says 'Not secured' on a desk booking of a protected service; a Staff account waives it, logged",
    SLOW,
    async () => {
      const appointment = await deskBooking();
      const unprotected = await deskBooking({ kind: "none" });
      expect(await deskRow(appointment)).toEqual({ payment: "Not secured", securable: true });
      expect(await deskRow(unprotected)).toEqual({ payment: null, securable: false });

      const waived = answered(await press("waive-protection", appointment.id, cookies.staffCookie));
      expect(waived).toEqual(
        expect.objectContaining({
          status: 200,
          ok: true,
          message: `Waived the protection of ${appointment.name}'s visit.`,
        }),
      );
      expect(await deskRow(appointment)).toEqual({
        payment: "Protection waived",
        securable: false,
      });
      expect(await securingLog()).toEqual([
        [
          STAFF,
          `Waived the protection (a deposit of $25.00) of ${appointment.name}'s visit of ${when(appointment)}`,
        ],
      ]);
      // Nothing more is asked of it: a second waiver and the email are refused, nothing logged.
      const again = answered(await press("waive-protection", appointment.id, cookies.staffCookie));
      const email = answered(await press("email-secure-link", appointment.id, cookies.ownerCookie));
      expect([again.status, email.status]).toEqual([409, 409]);
      expect(await securingLog()).toHaveLength(1);
      expect(await delivered(appointment.email ?? "")).toEqual([]);
      expect(await statusOf(appointment.id)).toBe("booked");

      // Without Stripe's keys nothing of it shows.
      stripe.withoutKeys();
      const other = await deskBooking();
      expect(await deskRow(other)).toEqual({ payment: null, securable: false });
    },
  );

  it("refuses a signed-out request: nothing waived, emailed or logged", SLOW, async () => {
    const appointment = await deskBooking();
    for (const intent of ["waive-protection", "email-secure-link"]) {
      const answer = await press(intent, appointment.id, "");
      expect(answer).toBeInstanceOf(Response);
      expect([(answer as Response).status, (answer as Response).headers.get("Location")]).toEqual([
        302,
        "/login",
      ]);
    }
    expect(await inbox.db.select().from(protectionWaivers)).toEqual([]);
    expect(await inbox.db.select().from(secureBookingLinks)).toEqual([]);
    expect(await inbox.db.select().from(emailOutbox)).toEqual([]);
    expect(await securingLog()).toEqual([]);
    expect(await deskRow(appointment)).toEqual({ payment: "Not secured", securable: true });
  });
});

describe("'Email Secure Your Booking'", () => {
  it(
    "emails her the link at the configured address, in English; again makes a new link, three an hour",
    SLOW,
    async () => {
      const appointment = await deskBooking();
      const email = appointment.email ?? "";
      const sent = answered(await press("email-secure-link", appointment.id, cookies.staffCookie));
      expect(sent).toEqual(
        expect.objectContaining({
          status: 200,
          ok: true,
          message: `Emailed Secure Your Booking to ${appointment.name}.`,
        }),
      );
      const mails = await delivered(email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Secure Your Booking"]);
      const mail = mails[0] as (typeof mails)[number];
      const policy = (await bookingPaymentFacts(inbox.db, "en"))?.policy ?? [];
      expect(policy[0]).toContain(`$25 for ${appointment.typeName}`);
      expect(mail.text).toContain(appointment.typeName);
      expect(mail.text).toContain(bookingDateString(appointment, "en"));
      expect(mail.text).toContain("we ask a deposit of $25.00 by card");
      expect(mail.text).toContain(policy.join("\n"));
      const token = tokenIn(mail.text, "en");
      expect(mail.html).toContain(`${SITE}/schedule/secure?token=${token}`);
      // Only its hash is kept.
      const [link] = await inbox.db.select().from(secureBookingLinks);
      expect(link?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(await securingLog()).toEqual([
        [
          STAFF,
          `Emailed Secure Your Booking (a deposit of $25.00) to ${email} for ${appointment.name}'s visit of ${when(appointment)}`,
        ],
      ]);

      // Again: a new email with a new link; a fourth within the hour is refused.
      for (const _ of [1, 2]) {
        expect(
          answered(await press("email-secure-link", appointment.id, cookies.ownerCookie)).status,
        ).toBe(200);
      }
      const fourth = answered(
        await press("email-secure-link", appointment.id, cookies.ownerCookie),
      );
      expect(fourth.status).toBe(429);
      const tokens = (await delivered(email)).map((again) => tokenIn(again.text, "en"));
      expect(new Set([token, ...tokens]).size).toBe(3);
      expect(await securingLog()).toHaveLength(3);
      expect(await deskRow(appointment)).toEqual({ payment: "Not secured", securable: true });
    },
  );

  it(
    "writes it in Spanish for a Spanish-speaking customer: 'Asegure su cita', /es/ link",
    SLOW,
    async () => {
      const appointment = await deskBooking({ language: "es" });
      answered(await press("email-secure-link", appointment.id, cookies.ownerCookie));
      const [mail, ...more] = await delivered(appointment.email ?? "");
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Asegure su cita");
      const text = mail?.text ?? "";
      const policy = (await bookingPaymentFacts(inbox.db, "es"))?.policy ?? [];
      expect(policy[0]).toContain("$25 para Servicio de prueba");
      expect(text).toContain("Servicio de prueba");
      expect(text).toContain(bookingDateString(appointment, "es"));
      expect(text).toContain("le pedimos un depósito de $25.00 con tarjeta");
      expect(text).toContain(policy.join("\n"));
      expect(text).not.toContain("Secure Your Booking");
      tokenIn(text, "es");
    },
  );
});

describe("the emailed link's page", () => {
  it("refuses a wrong token with a clear answer and changes nothing", SLOW, async () => {
    const appointment = await deskBooking();
    await emailedToken(appointment);
    stripe.standIn.requests.length = 0;
    const wrong = randomBytes(32).toString("base64url");
    for (const token of [wrong, "not-a-token"]) {
      expect(await openPage(`token=${token}`)).toEqual({
        status: 404,
        page: { state: "not-found" },
      });
      expect(await agree(token, true)).toEqual({
        status: 404,
        ok: false,
        message:
          "This link does not open a booking to secure. Please open it again from our email, or call us.",
      });
    }
    expect(stripe.standIn.requests).toEqual([]);
    expect(await paymentOf(appointment.visitId)).toBeUndefined();
    expect(await deskRow(appointment)).toEqual({ payment: "Not secured", securable: true });
  });

  it(
    "takes her agreement and starts Checkout for the deposit; the signed webhook marks it paid, once",
    SLOW,
    async () => {
      const appointment = await deskBooking();
      const { visitId } = appointment;
      const token = await emailedToken(appointment);
      stripe.standIn.requests.length = 0;
      const policy = (await bookingPaymentFacts(inbox.db, "en"))?.policy ?? [];
      expect(await openPage(`token=${token}`)).toEqual({
        status: 200,
        page: {
          state: "ask",
          token,
          services: appointment.typeName,
          when: bookingDateString(appointment, "en"),
          policy,
          asks: "To secure this booking we ask a deposit of $25.00 by card, on our card payment page (Stripe).",
        },
      });

      // Without 'I agree': refused beside the box; nothing kept, Stripe not asked.
      expect(await agree(token, false)).toEqual({
        status: 400,
        ok: false,
        message: "Please agree to the cancellation policy to book this service.",
        agree: "Please agree to the cancellation policy to book this service.",
      });
      expect(stripe.standIn.requests).toEqual([]);
      expect(await paymentOf(visitId)).toBeUndefined();

      const started = await agree(token, true);
      const session = sessionOf(visitId);
      expect(started).toEqual({ status: 303, location: `/schedule/secure?session=${session?.id}` });
      const creates = sessionCreates();
      expect(creates).toHaveLength(1);
      expect(creates[0]?.idempotencyKey).toBe(`visit-${visitId}-secure-1`);
      expect(creates[0]?.params).toMatchObject({
        mode: "payment",
        client_reference_id: visitId,
        metadata: { visit_id: visitId },
        success_url: `${SITE}/schedule/secure?session={CHECKOUT_SESSION_ID}`,
        line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2500" } }],
        payment_intent_data: { setup_future_usage: "off_session" },
      });
      // Her agreement, kept as the online booking's is.
      expect(await paymentOf(visitId)).toMatchObject({
        state: "awaiting",
        origin: "emailed_link",
        kind: "deposit",
        amountCents: 2500,
        policyText: policy.join("\n"),
        ipAddress: "203.0.113.7",
        userAgent: "Test Browser/1.0",
        checkoutSessionId: session?.id,
      });
      expect(await deskRow(appointment)).toEqual({ payment: "Awaiting payment", securable: false });
      // Pressed again while her Checkout is open: the same page, no second session.
      expect(await agree(token, true)).toEqual(started);
      expect(sessionCreates()).toHaveLength(1);
      expect((await openPage(`session=${session?.id}`)).page).toEqual(
        expect.objectContaining({ state: "waiting", checkoutUrl: session?.url }),
      );

      // She pays; Stripe's signed event, delivered twice, has one effect.
      const paid = stripe.standIn.complete(session?.id ?? "");
      const event = eventOf("checkout.session.completed", paid);
      expect((await deliver(event)).status).toBe(200);
      expect(await deliver(event)).toEqual(expect.objectContaining({ handled: "repeated" }));
      expect(await deskRow(appointment)).toEqual({
        payment: "Deposit $25.00 paid",
        securable: false,
      });
      expect(await paymentOf(visitId)).toMatchObject({
        state: "confirmed",
        paidCents: 2500,
        paymentIntentId: paid.payment_intent,
      });
      const entries = await securingLog();
      expect(entries).toHaveLength(2);
      expect(entries).toContainEqual([
        "Stripe",
        `${appointment.name} secured the visit of ${formatDateString(appointment.startsAt, SALON_TIME_ZONE)} with a deposit of $25.00 (Secure Your Booking)`,
      ]);
      expect(await statusOf(appointment.id)).toBe("booked");
      expect((await openPage(`session=${session?.id}`)).page).toEqual(
        expect.objectContaining({ state: "secured", payment: "Deposit $25.00 paid" }),
      );
    },
  );

  it(
    "a card on file in Spanish: setup mode, Spanish Checkout and evidence; 'Card on file' once saved",
    SLOW,
    async () => {
      const appointment = await deskBooking({ kind: "card", language: "es" });
      const { visitId } = appointment;
      const token = await emailedToken(appointment);
      stripe.standIn.requests.length = 0;
      const policy = (await bookingPaymentFacts(inbox.db, "es"))?.policy ?? [];
      const page = await openPage(`token=${token}`, "es");
      expect(page.page).toEqual(
        expect.objectContaining({
          state: "ask",
          services: "Servicio de prueba",
          policy,
          asks: "Para asegurar esta cita le pedimos registrar una tarjeta en nuestra página de pago con tarjeta (Stripe). No se cobra nada ahora.",
        }),
      );
      expect((await agree(token, true, "es")).status).toBe(303);
      const [create] = sessionCreates();
      expect(create?.idempotencyKey).toBe(`visit-${visitId}-secure-1`);
      expect(create?.params).toMatchObject({
        mode: "setup",
        currency: "usd",
        locale: "es",
        success_url: `${SITE}/es/schedule/secure?session={CHECKOUT_SESSION_ID}`,
      });
      expect(create?.params.line_items).toBeUndefined();
      expect((await paymentOf(visitId))?.policyText).toBe(policy.join("\n"));
      const saved = stripe.standIn.complete(sessionOf(visitId)?.id ?? "");
      await deliver(eventOf("checkout.session.completed", saved));
      expect(await deskRow(appointment)).toEqual({ payment: "Card on file", securable: false });
    },
  );

  it(
    "leaves the visit booked when she never pays: 'Not secured' again, and a new Checkout later",
    SLOW,
    async () => {
      const appointment = await deskBooking();
      const { visitId } = appointment;
      const token = await emailedToken(appointment);
      await agree(token, true);
      const session = sessionOf(visitId);
      if (!session) throw new Error("No Checkout Session");
      await deliver(
        eventOf("checkout.session.expired", { ...session, status: "expired", url: null }),
      );
      expect(await statusOf(appointment.id)).toBe("booked");
      expect((await paymentOf(visitId))?.state).toBe("expired");
      expect(await deskRow(appointment)).toEqual({ payment: "Not secured", securable: true });
      expect((await openPage(`session=${session.id}`)).page.state).toBe("unpaid");

      // Her link still works: a new Checkout, with a key of its own.
      stripe.standIn.requests.length = 0;
      expect((await agree(token, true)).status).toBe(303);
      expect(sessionCreates().map((request) => request.idempotencyKey)).toEqual([
        `visit-${visitId}-secure-2`,
      ]);
    },
  );
});
