// A protected visit's cancellation policy in every email to its customer (issue 40,
// docs/payments.md#policy-in-emails), as her mail app receives them over real SMTP from a real
// database, with Stripe's keys set and the official Stripe package against the local stand-in:
// the moved email (her move on /manage, the desk's move), the reminder and the cancelled email
// (the salon's cancel, her own) each repeat the policy she agreed to, as the visit's evidence keeps
// it, in her language; a late cancellation's says the deposit kept as its fee, the one amount known
// when it is queued. An unprotected visit's emails say nothing of a policy.
import { describe, expect, it } from "vitest";
import type { Locale } from "~/domain/i18n/locale";
import { findByManageToken } from "~/services/appointments/manage-link.server";
import { moveAppointmentByStaff, moveByCustomer } from "~/services/appointments/move.server";
import { queueDueReminders } from "~/services/appointments/reminders.server";
import { cancelAppointment } from "~/services/appointments/staff-schedule.server";
import { bookAppointment, bookVisit } from "~/services/booking/booking.server";
import { deliverDueEmails } from "~/services/email/outbox.server";
import { cancelThroughLink } from "~/services/payments/customer-cancel.server";
import { setUpEmailDesk } from "../../support/email-desk";
import { readMimeMessage } from "../../support/mime-message";
import { connectStripeStandIn, type Protection, protectVisit } from "../../support/protected-visit";
import { manicureAndPedicure, typeNamed } from "../../support/seeded-catalogue";

const SITE = "https://policy.example";
const inbox = setUpEmailDesk(SITE);
const KEYS = { STRIPE_SECRET_KEY: "sk_test_policymail", STRIPE_WEBHOOK_SECRET: "whsec_policymail" };

const stripe = connectStripeStandIn(KEYS);

/** Booked on Wednesday, December 9 2026; the visit is on Saturday the 12th, 10:00 AM Chicago. */
const WEDNESDAY = new Date("2026-12-09T16:00:00.000Z");
const SATURDAY = "2026-12-12";
const TEN_AM = new Date("2026-12-12T16:00:00.000Z");
const ONE_PM = new Date("2026-12-12T19:00:00.000Z");
/** 20 hours before it: its reminder is due, and its 24-hour cancellation window has begun. */
const FRIDAY = new Date("2026-12-11T20:00:00.000Z");
const DAY_MS = 24 * 3_600_000;
const customer = { name: "Ada Reyes", email: "ada@example.com", phone: "(312) 555-0142" };
/** Several bookings, emails and Stripe requests each: Vitest's 5 s is too close on 2 cores. */
const SLOW = { timeout: 30_000 };

/** The policy as the booking dialog showed it, in each language: what the evidence keeps. */
const POLICY: Record<Locale, string[]> = {
  en: [
    "We take a deposit when you book: $25 for Gel Manicure. It counts toward the price of your visit.",
    "You may move or cancel free of charge until 24 hours before your appointment.",
    "A later cancellation costs 50% of the visit's price.",
  ],
  es: [
    "Al reservar, le cobramos un depósito: $25 para Manicura en gel. Se aplica al precio de su visita.",
    "Puede cambiar o cancelar sin costo hasta 24 horas antes de su cita.",
    "Una cancelación tardía cuesta el 50% del precio de la visita.",
  ],
};
const PROTECTED_BY: Record<Locale, string> = {
  en: "Your booking is protected by our cancellation policy, which you agreed to when you booked:",
  es: "Su reserva está sujeta a nuestra política de cancelación, que usted aceptó al reservar:",
};
const WAS_PROTECTED_BY: Record<Locale, string> = {
  en: "Your booking was protected by our cancellation policy, which you agreed to when you booked:",
  es: "Su reserva estaba sujeta a nuestra política de cancelación, que usted aceptó al reservar:",
};

/**
 * Books on WEDNESDAY in `locale`, a Gel Manicure at 10:00 AM ('visit': with Nail Art and a Classic
 * Pedicure), protected as `protection` says with the policy in her language; its confirmation
 * delivered out of the way. Its manage token and first appointment.
 */
async function book(locale: Locale, shape: "one" | "visit", protection?: Protection) {
  const where = { dateIso: SATURDAY, startsAt: TEN_AM.toISOString(), ...customer, locale };
  const options = { now: WEDNESDAY, siteUrl: SITE };
  const booked =
    shape === "visit"
      ? await bookVisit(
          inbox.db,
          { ...where, technician: "any", items: await manicureAndPedicure(inbox.db) },
          options,
        )
      : await bookAppointment(
          inbox.db,
          { ...where, technician: "any", typeId: (await typeNamed(inbox.db, "Gel Manicure")).id },
          options,
        );
  if (!booked.ok) throw new Error(JSON.stringify(booked));
  const found = await findByManageToken(inbox.db, booked.manageToken, { now: WEDNESDAY });
  if (!found) throw new Error("the booking's link opens nothing");
  if (protection) {
    const policyText = POLICY[locale].join("\n");
    await protectVisit(inbox.db, stripe, found, { ...protection, policyText });
  }
  await hers(WEDNESDAY);
  return { token: booked.manageToken, found };
}

/** The one email delivered to her at `now`, as its text and HTML parts. */
async function hers(now: Date) {
  const mine = await allHers(now);
  expect(mine).toHaveLength(1);
  return mine[0] as (typeof mine)[number];
}

/** Every email delivered to her now, in order, as her mail app reads them. */
async function allHers(now: Date) {
  inbox.smtp.received.length = 0;
  await deliverDueEmails(inbox.db, inbox.transport, { now });
  return inbox.smtp.received
    .filter((mail) => mail.to.includes(customer.email))
    .map((mail) => {
      const { text, html } = readMimeMessage(mail.raw);
      return { subject: mail.subject, text: text ?? "", html: html ?? "" };
    });
}

/** Her policy, introduced by `intro`, in both parts of `email`. */
function expectPolicy(email: { text: string; html: string }, intro: string, locale: Locale) {
  expect(email.text).toContain(`${intro}\n\n${POLICY[locale].join("\n")}`);
  expect(email.html).toContain(intro);
  expect(email.html).toContain(POLICY[locale][1]);
}

const remind = (now: Date) => queueDueReminders(inbox.db, { now, leadMs: DAY_MS });

describe("a protected visit's emails say the policy she agreed to", () => {
  it("in English: her move on /manage, the reminder and the salon's cancel", SLOW, async () => {
    const { token, found } = await book("en", "visit", { kind: "deposit" });
    const moved = await moveByCustomer(
      inbox.db,
      token,
      { dateIso: SATURDAY, startsAt: ONE_PM.toISOString() },
      { now: WEDNESDAY },
    );
    expect(moved.ok).toBe(true);
    const movedEmail = await hers(WEDNESDAY);
    expect(movedEmail.text).toContain("Your appointment has been moved.");
    expectPolicy(movedEmail, PROTECTED_BY.en, "en");

    expect(await remind(new Date(ONE_PM.getTime() - 20 * 3_600_000))).toBe(2);
    const reminder = await hers(new Date(ONE_PM.getTime() - 20 * 3_600_000));
    expectPolicy(reminder, PROTECTED_BY.en, "en");

    const cancelled = await cancelAppointment(inbox.db, found.id, {
      now: FRIDAY,
      cancelledBy: "owner@policy.example",
    });
    expect(cancelled.ok).toBe(true);
    const cancelledEmail = await hers(FRIDAY);
    expect(cancelledEmail.text).toContain("Your appointment has been cancelled:");
    expectPolicy(cancelledEmail, WAS_PROTECTED_BY.en, "en");
    // The salon cancelled: no fee, so nothing is said kept.
    expect(cancelledEmail.text).not.toContain("is kept");
  });

  it(
    "in Spanish: the desk's move, the reminder, and her late cancel with the deposit kept",
    SLOW,
    async () => {
      const { token, found } = await book("es", "one", { kind: "deposit" });
      const moved = await moveAppointmentByStaff(
        inbox.db,
        found.id,
        {
          date: SATURDAY,
          service: found.typeId ?? "",
          technician: found.technician,
          slot: ONE_PM.toISOString(),
        },
        { now: WEDNESDAY },
      );
      expect(moved.ok).toBe(true);
      const movedEmail = await hers(WEDNESDAY);
      expect(movedEmail.text).toContain("Su cita ha sido cambiada.");
      expectPolicy(movedEmail, PROTECTED_BY.es, "es");

      expect(await remind(FRIDAY)).toBe(1);
      const reminder = await hers(FRIDAY);
      expectPolicy(reminder, PROTECTED_BY.es, "es");
      expect(reminder.text).not.toMatch(/cancellation policy|Your booking/);

      // Inside the window: a $50 visit's 50% fee is the $25 deposit, kept; nothing charged.
      const cancelled = await cancelThroughLink(inbox.db, token, "2500/2500/0/0", { now: FRIDAY });
      expect(cancelled.ok).toBe(true);
      const cancelledEmail = await hers(FRIDAY);
      expect(cancelledEmail.text).toContain("Su cita ha sido cancelada:");
      expect(cancelledEmail.text).toContain(
        "Como aceptó al cancelar, conservamos $25.00 de su depósito como cargo por cancelación tardía de $25.00.",
      );
      expectPolicy(cancelledEmail, WAS_PROTECTED_BY.es, "es");
    },
  );

  it(
    "her late cancel of a card on file says the policy, then what her card was charged once Stripe said it",
    SLOW,
    async () => {
      const { token } = await book("en", "one", { kind: "card" });
      const cancelled = await cancelThroughLink(inbox.db, token, "2500/0/2500/0", { now: FRIDAY });
      expect(cancelled.ok).toBe(true);
      const [email, receipt, ...more] = await allHers(FRIDAY);
      expect(more).toEqual([]);
      expectPolicy(email ?? { text: "", html: "" }, WAS_PROTECTED_BY.en, "en");
      expect(email?.text).not.toMatch(/is kept|charged to your card/);
      // Charged after the cancel was written: its own email says what her card was charged.
      expect(receipt?.subject).toBe("A Fee Was Charged to Your Card");
      expect(receipt?.text).toContain(
        "As our cancellation policy says, a late cancellation fee of $25.00 was charged to your card for this visit:",
      );
      expectPolicy(
        receipt ?? { text: "", html: "" },
        "The policy you agreed to when you booked:",
        "en",
      );
    },
  );
  it("tells her in Spanish what her card was charged for a late cancel", SLOW, async () => {
    const { token } = await book("es", "one", { kind: "card" });
    const cancelled = await cancelThroughLink(inbox.db, token, "2500/0/2500/0", { now: FRIDAY });
    expect(cancelled.ok).toBe(true);
    const [email, receipt, ...more] = await allHers(FRIDAY);
    expect(more).toEqual([]);
    expect(email?.text).toContain("Su cita ha sido cancelada:");
    expect(receipt?.subject).toBe("Se cobró un cargo a su tarjeta");
    expect(receipt?.text).toContain(
      "Como dice nuestra política de cancelación, se cobró a su tarjeta un cargo por cancelación tardía de $25.00 por esta visita:",
    );
    expectPolicy(receipt ?? { text: "", html: "" }, "La política que aceptó al reservar:", "es");
    expect(receipt?.text).not.toMatch(/cancellation policy|was charged|se conservó/);
  });
});

describe("an unprotected visit's emails", () => {
  it("say no policy, though Stripe is connected: moved, reminder, cancelled", SLOW, async () => {
    const { token, found } = await book("en", "visit");
    const emails = [];
    const move = { dateIso: SATURDAY, startsAt: ONE_PM.toISOString() };
    expect((await moveByCustomer(inbox.db, token, move, { now: WEDNESDAY })).ok).toBe(true);
    emails.push(await hers(WEDNESDAY));
    expect(await remind(FRIDAY)).toBe(2);
    emails.push(await hers(FRIDAY));
    expect((await cancelAppointment(inbox.db, found.id, { now: FRIDAY })).ok).toBe(true);
    emails.push(await hers(FRIDAY));
    for (const email of emails) {
      expect(email.text).not.toMatch(/cancellation policy|agreed to|deposit/);
      expect(email.text).not.toContain(POLICY.en[1]);
    }
  });
});
