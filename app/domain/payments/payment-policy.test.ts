import { describe, expect, it } from "vitest";
import {
  depositCentsOf,
  feeCentsOf,
  lateCancelSplit,
  PAYMENT_DEFAULTS,
  policyText,
  type ServiceProtection,
  visitAsk,
} from "./payment-policy";

const card: ServiceProtection = { kind: "card" };
const deposit25: ServiceProtection = { kind: "deposit", cents: 2500 };
const deposit20: ServiceProtection = { kind: "deposit", percent: 20 };

describe("deposits and fees", () => {
  it("takes a deposit as an amount, never more than the price, or as a share rounded to the cent", () => {
    expect(depositCentsOf(deposit25, 6000)).toBe(2500);
    expect(depositCentsOf(deposit25, 1800)).toBe(1800);
    expect(depositCentsOf(deposit20, 5250)).toBe(1050);
    expect(depositCentsOf({ kind: "deposit", percent: 15 }, 4999)).toBe(750);
    expect(depositCentsOf(card, 6000)).toBe(0);
    expect(depositCentsOf({ kind: "none" }, 6000)).toBe(0);
  });

  it("counts the deposit toward a fee and never charges below zero", () => {
    expect(feeCentsOf(8000, 50)).toBe(4000);
    expect(feeCentsOf(8000, 50, 2500)).toBe(1500);
    expect(feeCentsOf(8000, 25, 2500)).toBe(0);
  });

  it("splits a customer's own cancellation: free outside the window, the fee from the deposit first inside it", () => {
    const visit = { visitPriceCents: 8000, percent: 50, canCharge: true };
    // Outside the window: nothing kept or charged, the deposit refunded in full.
    expect(lateCancelSplit({ ...visit, late: false, depositCents: 2500 })).toEqual({
      feeCents: 0,
      keptCents: 0,
      chargeCents: 0,
      refundCents: 2500,
    });
    // Inside it: $40 fee, the $25 deposit kept, $15 charged.
    expect(lateCancelSplit({ ...visit, late: true, depositCents: 2500 })).toEqual({
      feeCents: 4000,
      keptCents: 2500,
      chargeCents: 1500,
      refundCents: 0,
    });
    // A card on file: the whole fee charged; without a card to charge, nothing.
    expect(lateCancelSplit({ ...visit, late: true, depositCents: 0 }).chargeCents).toBe(4000);
    expect(
      lateCancelSplit({ ...visit, late: true, depositCents: 0, canCharge: false }).chargeCents,
    ).toBe(0);
    // A deposit larger than the fee: the fee kept, the rest refunded.
    expect(lateCancelSplit({ ...visit, late: true, depositCents: 5000 })).toEqual({
      feeCents: 4000,
      keptCents: 4000,
      chargeCents: 0,
      refundCents: 1000,
    });
    // A rest below Stripe's $0.50 is not charged; a 0% fee refunds the deposit in full.
    expect(lateCancelSplit({ ...visit, late: true, depositCents: 3960 }).chargeCents).toBe(0);
    expect(lateCancelSplit({ ...visit, late: true, percent: 0, depositCents: 2500 })).toEqual({
      feeCents: 0,
      keptCents: 0,
      chargeCents: 0,
      refundCents: 2500,
    });
  });
});

describe("the policy text", () => {
  it("is empty when no service asks anything", () => {
    expect(
      policyText(PAYMENT_DEFAULTS, [{ name: "Gel Manicure", protection: { kind: "none" } }]),
    ).toEqual([]);
  });

  it("says the deposits, the card on file, the window, both fees and the deposit's part", () => {
    const text = policyText(PAYMENT_DEFAULTS, [
      { name: "Acrylic Full Set", protection: deposit25 },
      { name: "Spa Pedicure", protection: deposit20 },
      { name: "Gel Manicure", protection: card },
      { name: "Polish Change", protection: { kind: "none" } },
    ]);
    expect(text).toEqual([
      "We take a deposit when you book: $25 for Acrylic Full Set and 20% of the price for Spa Pedicure. It counts toward the price of your visit.",
      "For Gel Manicure we keep your card on file when you book; nothing is charged then.",
      "You may move or cancel free of charge until 24 hours before your appointment.",
      "A later cancellation costs 50% of the visit's price.",
      "If you do not come, we charge 50% of the visit's price.",
      "A deposit counts toward these fees: we keep it and charge only the rest.",
      "If we have to cancel, we refund your deposit in full.",
    ]);
  });

  it("follows the owner's numbers: one hour, no late fee, a full no-show fee, cards only", () => {
    const text = policyText(
      {
        cancellationWindowHours: 1,
        lateCancelFeePercent: 0,
        noShowFeePercent: 100,
        policyVersion: 3,
      },
      [{ name: "Gel Manicure", protection: card }],
    );
    expect(text).toContain(
      "You may move or cancel free of charge until 1 hour before your appointment.",
    );
    expect(text).toContain(
      "A later cancellation costs nothing, but please call us so we can offer the time to someone else.",
    );
    expect(text).toContain("If you do not come, we charge 100% of the visit's price.");
    expect(text.join(" ")).not.toContain("deposit");
  });
});

describe("the policy text in Spanish", () => {
  it("says the same in Spanish, with the services as the caller names them", () => {
    const text = policyText(
      PAYMENT_DEFAULTS,
      [
        { name: "Uñas acrílicas", protection: deposit25 },
        { name: "Pedicura spa", protection: deposit20 },
        { name: "Manicura en gel", protection: card },
        { name: "Cambio de esmalte", protection: card },
        { name: "Retiro", protection: { kind: "none" } },
      ],
      "es",
    );
    expect(text).toEqual([
      "Al reservar, le cobramos un depósito: $25 para Uñas acrílicas y el 20% del precio para Pedicura spa. Se aplica al precio de su visita.",
      "Para Manicura en gel y Cambio de esmalte, registramos su tarjeta al reservar; en ese momento no se le cobra nada.",
      "Puede cambiar o cancelar sin costo alguno hasta 24 horas antes de su cita.",
      "Si cancela después de ese plazo, se cobra el 50% del precio de la visita.",
      "Si no se presenta, le cobramos el 50% del precio de la visita.",
      "El depósito se abona a estos cargos: lo conservamos y solo cobramos la diferencia.",
      "Si nosotros tenemos que cancelar, le reembolsamos su depósito completo.",
    ]);
  });

  it("follows the owner's numbers in Spanish: one hour, no late fee, no no-show fee", () => {
    const settings = {
      cancellationWindowHours: 1,
      lateCancelFeePercent: 0,
      noShowFeePercent: 0,
      policyVersion: 2,
    };
    const text = policyText(settings, [{ name: "Manicura en gel", protection: card }], "es");
    expect(text).toEqual([
      "Para Manicura en gel, registramos su tarjeta al reservar; en ese momento no se le cobra nada.",
      "Puede cambiar o cancelar sin costo alguno hasta 1 hora antes de su cita.",
      "Cancelar después de ese plazo no tiene costo, pero por favor llámenos para que podamos ofrecerle el horario a otra persona.",
      "Si no se presenta, no se le cobra nada.",
    ]);
    expect(
      policyText(
        { ...settings, cancellationWindowHours: 0 },
        [{ name: "Manicura en gel", protection: card }],
        "es",
      ),
    ).toContain("Puede cambiar o cancelar sin costo alguno hasta que comience su cita.");
  });

  it("keeps the English as it was when no language is given, or English is", () => {
    const services = [{ name: "Gel Manicure", protection: deposit25 }];
    expect(policyText(PAYMENT_DEFAULTS, services, "en")).toEqual(
      policyText(PAYMENT_DEFAULTS, services),
    );
    expect(policyText(PAYMENT_DEFAULTS, services)[0]).toBe(
      "We take a deposit when you book: $25 for Gel Manicure. It counts toward the price of your visit.",
    );
  });
});

describe("what a visit asks at booking", () => {
  const none: ServiceProtection = { kind: "none" };
  it("asks its services' deposits together, a card when only a card is asked, else nothing", () => {
    expect(
      visitAsk([
        { priceCents: 6000, protection: deposit25 },
        { priceCents: 5000, protection: deposit20 },
        { priceCents: 4500, protection: card },
      ]),
    ).toEqual({ kind: "deposit", cents: 3500 });
    expect(
      visitAsk([
        { priceCents: 6000, protection: card },
        { priceCents: 4500, protection: none },
      ]),
    ).toEqual({ kind: "card" });
    expect(visitAsk([{ priceCents: 6000, protection: none }])).toEqual({ kind: "none" });
  });

  it("keeps a card instead of a deposit below Stripe's smallest charge ($0.50)", () => {
    expect(visitAsk([{ priceCents: 200, protection: deposit20 }])).toEqual({ kind: "card" });
    expect(visitAsk([{ priceCents: 250, protection: deposit20 }])).toEqual({
      kind: "deposit",
      cents: 50,
    });
  });
});
