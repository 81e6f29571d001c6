// A protected booking in Spanish through the built server (issues 39 and 40, docs/payments.md):
// the policy in /es/schedule's dialog and on /es/policies is Spanish, its services by the owner's
// Spanish names; Checkout is asked in Spanish (`locale: 'es'`, its line "Depósito para ...") and
// returns to /es/schedule/paid, which says 'Esperando su pago' and, after the signed webhook, 'Su
// cita está reservada' with "Depósito de $25.00 pagado"; the evidence keeps the Spanish she read,
// and her confirmation email says it. An English booking beside it is asked as it always was.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments, emailOutbox, visitPayments } from "~/services/db/schema.server";
import { ensureProductionBuild, withStoreDatabase } from "../../support/app-server";
import {
  depositOnGelManicure,
  type StripeShop,
  startStripeShop,
  stripeKeys,
} from "../../support/stripe-shop";
import { eventOf } from "../../support/stripe-stand-in";

const KEYS = stripeKeys("checkoutpagees");
const SPANISH_DEPOSIT = "Al reservar, le cobramos un depósito: $25 para Manicura en gel.";
const ENGLISH_DEPOSIT = "We take a deposit when you book: $25 for Gel Manicure.";

let shop: StripeShop<Awaited<ReturnType<typeof depositOnGelManicure>>>;

beforeAll(async () => {
  await ensureProductionBuild();
  shop = await startStripeShop(KEYS, depositOnGelManicure);
}, 120_000);

afterAll(() => shop?.stop());

const timeAt = (index: number) =>
  shop.prepared.times[index] as { dateIso: string; startsAt: string };

const fields = (index: number, email: string) => ({
  date: timeAt(index).dateIso,
  service: shop.prepared.manicure,
  technician: "any",
  slot: timeAt(index).startsAt,
  name: "Lucía Gómez",
  email,
  phone: "(312) 555-0124",
  agree: "yes",
});

let address = 0;
const post = (path: string, body: Record<string, string>) =>
  fetch(`${shop.server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    redirect: "manual",
    headers: { "X-Forwarded-For": `198.18.2.${++address}` },
  });
const page = (path: string) =>
  fetch(`${shop.server.url}${path}`).then(async (r) => ({
    status: r.status,
    html: await r.text(),
  }));

/** The Checkout Session request the stand-in received last. */
const lastCheckout = () =>
  shop.standIn.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)
    ?.params;

const deliver = (event: Stripe.Event) => shop.deliver(event);

describe("a protected service booked in Spanish", () => {
  it("shows the policy in Spanish in /es/schedule's dialog and on /es/policies", async () => {
    const query = new URLSearchParams({
      date: timeAt(0).dateIso,
      service: shop.prepared.manicure,
      technician: "any",
      slot: timeAt(0).startsAt,
    });
    const schedule = await page(`/es/schedule?${query}`);
    expect(schedule.status).toBe(200);
    expect(schedule.html).toContain("Acepto la política de cancelación");
    expect(schedule.html).toContain(SPANISH_DEPOSIT);
    expect(schedule.html).toContain(
      "Si no se presenta, le cobramos el 50% del precio de la visita.",
    );
    expect(schedule.html).not.toContain("We take a deposit");

    const policies = await page("/es/policies");
    expect(policies.html).toContain(SPANISH_DEPOSIT);
    expect(policies.html).toContain(
      "Puede cambiar o cancelar sin costo alguno hasta 24 horas antes de su cita.",
    );
    // Spanish now, on a Spanish page: no longer marked as English.
    expect(policies.html).toMatch(/<ul class="policies__payments">/);
    expect(policies.html).not.toContain("If you do not come");
    // The English pages say the English, as before.
    expect((await page(`/schedule?${query}`)).html).toContain(ENGLISH_DEPOSIT);
    expect((await page("/policies")).html).toContain(ENGLISH_DEPOSIT);
  }, 30_000);

  it("asks Checkout in Spanish, returns to /es/schedule/paid and says it in Spanish", async () => {
    const answer = await post("/es/schedule/book", fields(0, "lucia@example.com"));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.checkout.returnPath).toMatch(/^\/es\/schedule\/paid\?session=cs_test_/);
    const asked = lastCheckout();
    expect(asked?.locale).toBe("es");
    expect(asked?.success_url).toMatch(/\/es\/schedule\/paid\?session=\{CHECKOUT_SESSION_ID\}$/);
    expect(asked?.cancel_url).toMatch(/\/es\/schedule\/paid\?back=[A-Za-z0-9_-]{43}$/);
    // Back from Checkout unpaid, the page says so in Spanish and offers to free the time.
    const backLink = new URL(String(asked?.cancel_url));
    const backPage = await page(`${backLink.pathname}${backLink.search}`);
    expect(backPage.html).toContain("Su horario sigue reservado");
    expect(backPage.html).toContain("Elegir otro horario");
    expect(backPage.html).not.toContain("Choose Another Time");
    expect(JSON.stringify(asked?.line_items)).toContain("Depósito para Manicura en gel, ");

    const sessionId = new URLSearchParams(body.checkout.returnPath.split("?")[1]).get("session");
    if (!sessionId) throw new Error("No session in the return path");
    const returnPath = `/es/schedule/paid?session=${sessionId}`;
    let back = await page(returnPath);
    expect(back.status).toBe(200);
    expect(back.html).toContain('<html lang="es-US">');
    expect(back.html).toContain("Esperando su pago");
    expect(back.html).toContain("Continuar al pago");
    expect(back.html).toContain("Manicura en gel");
    expect(back.html).toMatch(/Le guardamos este horario hasta las? \d/);
    expect(back.html).not.toContain("Waiting for your payment");
    expect(back.html).toContain('href="/es/schedule"');

    shop.standIn.complete(sessionId);
    const session = shop.standIn.sessions.get(sessionId) as Stripe.Checkout.Session;
    expect(await (await deliver(eventOf("checkout.session.completed", session))).json()).toEqual({
      received: true,
      handled: "applied",
    });
    back = await page(returnPath);
    expect(back.html).toContain("Su cita está reservada");
    expect(back.html).toContain("Depósito de $25.00 pagado");
    expect(back.html).toContain("Le enviamos la confirmación");
    expect(back.html).not.toContain("Your appointment is booked");
    expect(back.html).not.toContain("Deposit $25.00 paid");
  }, 30_000);

  it("without JavaScript, goes to /es/schedule/paid", async () => {
    const answer = await post("/es/schedule", fields(1, "lucia@example.com"));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location") ?? "").toMatch(/^\/es\/schedule\/paid\?session=cs_/);
    expect(lastCheckout()?.locale).toBe("es");
  }, 30_000);

  it("asks Checkout for an English booking as before", async () => {
    const answer = await post("/schedule/book", fields(2, "dana@example.com"));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.checkout.returnPath).toMatch(/^\/schedule\/paid\?session=cs_test_/);
    const asked = lastCheckout();
    expect(asked?.locale).toBeUndefined();
    expect(asked?.success_url).toMatch(/[^s]\/schedule\/paid\?session=\{CHECKOUT_SESSION_ID\}$/);
    expect(JSON.stringify(asked?.line_items)).toContain("Deposit for Gel Manicure, ");
    const sessionId = new URLSearchParams(body.checkout.returnPath.split("?")[1]).get("session");
    expect((await page(`/schedule/paid?session=${sessionId}`)).html).toContain(
      "Waiting for your payment",
    );
  }, 30_000);

  it("kept the policy she agreed to in her language, and her confirmation says it", async () => {
    await shop.server.stop();
    const { payments, rows, emails } = await withStoreDatabase(shop.store, async (db) => ({
      payments: await db.select().from(visitPayments),
      rows: await db.select().from(appointments),
      emails: await db.select().from(emailOutbox),
    }));
    const languageOf = (visitId: string) => rows.find((row) => row.visitId === visitId)?.language;
    const spanish = payments.filter((payment) => languageOf(payment.visitId) === "es");
    const english = payments.filter((payment) => languageOf(payment.visitId) === "en");
    expect([spanish.length, english.length]).toEqual([2, 1]);
    for (const payment of spanish) {
      expect(payment.policyText.split("\n")[0]).toBe(
        `${SPANISH_DEPOSIT} Se aplica al precio de su visita.`,
      );
      expect(payment.policyText).not.toContain("We take");
    }
    expect(english[0]?.policyText).toContain(ENGLISH_DEPOSIT);
    // The one confirmed (the first Spanish visit): her confirmation, in Spanish, with the policy.
    const confirmation = emails.find((email) => email.toAddress === "lucia@example.com");
    expect(confirmation?.textBody).toContain(
      "Su reserva está sujeta a nuestra política de cancelación, que usted aceptó al reservar:",
    );
    expect(confirmation?.textBody).toContain(SPANISH_DEPOSIT);
    expect(confirmation?.htmlBody).toContain("Manicura en gel");
  }, 60_000);
});
