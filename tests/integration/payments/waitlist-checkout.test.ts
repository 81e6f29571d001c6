// A waitlist offer's link for a protected service (issue 40, docs/payments.md#waitlist-offers),
// on a real database, through /waitlist's loader and action as React Router runs them, with the
// official Stripe package against the local stand-in and webhooks signed as Stripe signs them:
// the page says the policy and asks 'I agree to the cancellation policy'; without it nothing is
// booked; with it the time is kept 'Awaiting payment', her agreement kept, the place marked
// booked and Checkout opened for the deposit; the signed completion confirms the visit and
// emails her; in Spanish the policy and the return page are Spanish; without Stripe's keys the
// link books at once, as before.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "~/domain/i18n/locale";
import { action as offerAction, loader as offerPage } from "~/routes/waitlist";
import { hashManageToken } from "~/services/booking/manage-token.server";
import {
  appointments,
  emailOutbox,
  serviceProtections,
  visitPayments,
  waitlistEntries,
} from "~/services/db/schema.server";
import { createService, createTechnician, customerData } from "../../support/factories";
import { findDistinctFreeSlots } from "../../support/free-slots";
import { connectStripeStandIn } from "../../support/protected-visit";
import { eventOf } from "../../support/stripe-stand-in";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();
const SITE = "https://offers.example";
const stripe = connectStripeStandIn({
  STRIPE_SECRET_KEY: "sk_test_waitlistoffer",
  STRIPE_WEBHOOK_SECRET: "whsec_waitlistoffer",
});
/** Each test books through the page and the stand-in several times. */
const SLOW = { timeout: 30_000 };

/**
 * A place offered a free time of a $80 service of its own asking a $25 deposit (or nothing), in
 * `language`, as the waitlist's worker leaves it: its link's token.
 */
async function offered(options: { deposit?: boolean; language?: Locale } = {}) {
  const technician = await createTechnician(database.db);
  const service = await createService(database.db, {
    priceCents: 8000,
    technicians: [technician.name],
    typeEs: "Servicio de prueba",
  });
  if (options.deposit !== false) {
    await database.db
      .insert(serviceProtections)
      .values({ typeId: service.id, kind: "deposit", depositCents: 2500 });
  }
  const [slot] = await findDistinctFreeSlots(database.db, 1);
  if (!slot) throw new Error("No free time for the offer");
  const token = randomBytes(32).toString("base64url");
  const { name, email } = customerData();
  if (!email) throw new Error("The factory's customer has an email");
  const [entry] = await database.db
    .insert(waitlistEntries)
    .values({
      day: slot.dateIso,
      line: `${slot.dateIso}:${service.id}`,
      items: [{ typeId: service.id, technician: "any", addOnIds: [] }],
      service: service.type,
      name,
      email,
      periods: [],
      status: "offered",
      offeredStartsAt: new Date(slot.startsAt),
      offeredAt: new Date(),
      offerTokenHash: hashManageToken(token),
      confirmedAt: new Date(),
      language: options.language ?? "en",
    })
    .returning();
  if (!entry) throw new Error("The place was not stored");
  return { token, entry, email };
}

const context = () =>
  Object.assign(new RouterContextProvider(), {
    db: database.db,
    kickEmail: vi.fn(),
    clientAddress: "203.0.113.9",
    clientIp: "203.0.113.9",
    secure: false,
    siteUrl: SITE,
  });
const pageUrl = (locale: Locale) => `http://localhost${locale === "es" ? "/es" : ""}/waitlist`;

/** /waitlist?token= as its loader answers it. */
async function openOffer(token: string, locale: Locale = "en") {
  const request = new Request(`${pageUrl(locale)}?token=${token}`);
  const answer = (await offerPage({ request, context: context(), params: {} } as never)) as {
    data: {
      state: string;
      policy?: string[];
      booked?: boolean;
      payment?: { state: string; checkoutUrl?: string | null };
    };
  };
  return answer.data;
}

/** 'Book This Time', with 'I agree to the cancellation policy' ticked or not. */
async function book(token: string, agreed: boolean, locale: Locale = "en") {
  const request = new Request(pageUrl(locale), {
    method: "POST",
    body: new URLSearchParams({ token, ...(agreed ? { agree: "yes" } : {}) }),
    headers: { "User-Agent": "Test Browser/2.0" },
  });
  const answer = await offerAction({ request, context: context(), params: {} } as never);
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("Location") ?? "" };
  }
  const { data, init } = answer as unknown as {
    data: { ok: boolean; message?: string; agree?: string };
    init: { status?: number } | null;
  };
  return { status: init?.status ?? 200, ...data };
}

const bookedBy = (email: string) =>
  database.db.select().from(appointments).where(eq(appointments.email, email));
const entryOf = async (id: string) =>
  (await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0];
const paymentOf = async (visitId: string) =>
  (await database.db.select().from(visitPayments).where(eq(visitPayments.visitId, visitId)))[0];
const sessionOf = (visitId: string) =>
  [...stripe.standIn.sessions.values()].filter((s) => s.client_reference_id === visitId).at(-1);

describe("a waitlist offer of a protected service", () => {
  it(
    "asks her agreement, keeps the time 'Awaiting payment' for Checkout, and the webhook confirms it",
    SLOW,
    async () => {
      const { token, entry, email } = await offered();
      const page = await openOffer(token);
      expect(page.state).toBe("found");
      const policy = page.policy ?? [];
      expect(policy.join(" ")).toContain("$25");

      // Without 'I agree to the cancellation policy': said beside it, nothing booked.
      expect(await book(token, false)).toEqual({
        status: 400,
        ok: false,
        message: "Please agree to the cancellation policy to book this service.",
        agree: "Please agree to the cancellation policy to book this service.",
      });
      expect(await bookedBy(email)).toEqual([]);
      expect((await entryOf(entry.id))?.status).toBe("offered");
      expect(stripe.standIn.sessions.size).toBe(0);

      // With it: the return page, which links to Stripe's.
      const started = await book(token, true);
      expect(started).toEqual({
        status: 303,
        location: expect.stringMatching(/^\/schedule\/paid\?session=cs_/),
      });
      const [row, ...others] = await bookedBy(email);
      expect(others).toEqual([]);
      expect(row).toMatchObject({ channel: "waitlist", status: "booked" });
      expect(row?.pendingUntil).not.toBeNull();
      expect((await entryOf(entry.id))?.status).toBe("booked");
      const visitId = row?.visitId ?? "";
      expect(await paymentOf(visitId)).toMatchObject({
        kind: "deposit",
        amountCents: 2500,
        policyText: policy.join("\n"),
        ipAddress: "203.0.113.9",
        userAgent: "Test Browser/2.0",
      });
      const session = sessionOf(visitId);
      expect(started.location).toBe(`/schedule/paid?session=${session?.id}`);
      expect(session).toMatchObject({ mode: "payment", amount_total: 2500 });
      // No email until she has paid; her link, opened again, says her time is kept while she pays.
      expect(await database.db.select().from(emailOutbox)).toEqual([]);
      expect((await openOffer(token)).payment).toEqual({
        state: "waiting",
        until: expect.any(String),
        checkoutUrl: session?.url,
      });
      // The link books once.
      expect(await book(token, true)).toMatchObject({ status: 409, ok: false });

      const paid = stripe.standIn.complete(session?.id ?? "");
      expect(
        await stripe.deliver(database.db, eventOf("checkout.session.completed", paid)),
      ).toEqual(expect.objectContaining({ status: 200, handled: "applied" }));
      const [confirmed] = await bookedBy(email);
      expect(confirmed?.pendingUntil).toBeNull();
      expect(await paymentOf(visitId)).toMatchObject({ state: "confirmed", paidCents: 2500 });
      const emails = await database.db.select().from(emailOutbox);
      expect(emails.map((email) => email.toAddress)).toContain(email);
    },
  );

  it(
    "says on her link that the time to pay is over once Checkout closed unpaid",
    SLOW,
    async () => {
      const { token, email } = await offered();
      expect((await book(token, true)).status).toBe(303);
      const [row] = await bookedBy(email);
      const session = sessionOf(row?.visitId ?? "");
      expect(session).toBeDefined();
      const expired = { ...(session as NonNullable<typeof session>), status: "expired" as const };
      await stripe.deliver(database.db, eventOf("checkout.session.expired", expired));
      const page = await openOffer(token);
      expect(page).toMatchObject({ booked: true, payment: { state: "released" } });
      expect((await bookedBy(email))[0]?.status).toBe("cancelled");
    },
  );

  it(
    "says the policy in Spanish to a Spanish place, and returns to the Spanish page",
    SLOW,
    async () => {
      const { token } = await offered({ language: "es" });
      const policy = (await openOffer(token, "es")).policy ?? [];
      expect(policy.join(" ")).toContain("depósito");
      const started = await book(token, true, "es");
      expect(started).toEqual({
        status: 303,
        location: expect.stringMatching(/^\/es\/schedule\/paid\?session=cs_/),
      });
    },
  );

  it("without Stripe's keys asks nothing and books at once, as before", SLOW, async () => {
    stripe.withoutKeys();
    const { token, email } = await offered();
    expect((await openOffer(token)).policy).toBeUndefined();
    expect(await book(token, false)).toMatchObject({ status: 200, ok: true });
    const [row] = await bookedBy(email);
    expect(row).toMatchObject({ channel: "waitlist", status: "booked", pendingUntil: null });
  });

  it("a service asking nothing books at once, with Stripe connected", SLOW, async () => {
    const { token, email } = await offered({ deposit: false });
    expect((await openOffer(token)).policy).toBeUndefined();
    expect(await book(token, false)).toMatchObject({ status: 200, ok: true });
    expect((await bookedBy(email))[0]?.pendingUntil).toBeNull();
  });
});
