// The owner's Payments settings on a real database (issue 40, docs/payments.md): what a wrong value
// is told, that it changes nothing, what a save stores, and the policy customers then read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentSettings, serviceProtections } from "~/services/db/schema.server";
import {
  depositField,
  listServiceProtections,
  protectionField,
  publicPaymentPolicy,
  readPaymentSettings,
  savePaymentSettings,
} from "~/services/payments/payment-settings.server";
import { createService } from "../../support/factories";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
});

const POLICY = {
  cancellationWindowHours: "48",
  lateCancelFeePercent: "40",
  noShowFeePercent: "100",
};

async function twoServices() {
  const acrylic = await createService(database.db, { type: "Acrylic Full Set", priceCents: 6000 });
  const gel = await createService(database.db, { type: "Gel Manicure", priceCents: 4500 });
  return { acrylic, gel };
}

async function stored() {
  return {
    settings: await database.db.select().from(paymentSettings),
    protections: await database.db.select().from(serviceProtections),
  };
}

describe("the Payments settings", () => {
  it("are the defaults before the first save: a 24-hour window, 50% fees, nothing asked", async () => {
    const { gel } = await twoServices();
    expect(await readPaymentSettings(database.db)).toMatchObject({
      cancellationWindowHours: 24,
      lateCancelFeePercent: 50,
      noShowFeePercent: 50,
    });
    const services = await listServiceProtections(database.db);
    expect(services.find((service) => service.typeId === gel.id)?.protection).toEqual({
      kind: "none",
    });
  });

  it("refuses wrong numbers and deposits field by field, and changes nothing", async () => {
    const { acrylic, gel } = await twoServices();
    const result = await savePaymentSettings(database.db, {
      cancellationWindowHours: "-1",
      lateCancelFeePercent: "150",
      noShowFeePercent: "half",
      [protectionField(acrylic.id)]: "deposit",
      [depositField(acrylic.id)]: "twenty",
      [protectionField(gel.id)]: "deposit",
      [depositField(gel.id)]: "120%",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        cancellationWindowHours: "Enter a whole number of hours, like 24",
        lateCancelFeePercent: "At most 100%",
        noShowFeePercent: "Enter a whole number of percent, like 50",
        [depositField(acrylic.id)]:
          "Enter an amount, like $25, or a percentage of the price, like 20%",
        [depositField(gel.id)]: "A percentage is between 1% and 100%",
      },
    });
    expect(await stored()).toEqual({ settings: [], protections: [] });

    // One wrong deposit among right numbers still saves nothing.
    const one = await savePaymentSettings(database.db, {
      ...POLICY,
      [protectionField(acrylic.id)]: "deposit",
      [depositField(acrylic.id)]: "$0.50",
      [protectionField(gel.id)]: "card",
    });
    expect(one.ok).toBe(false);
    expect(await stored()).toEqual({ settings: [], protections: [] });
  });

  it("saves an amount, a percentage and a card on file, says so for the log, and None removes one", async () => {
    const { acrylic, gel } = await twoServices();
    const saved = await savePaymentSettings(database.db, {
      ...POLICY,
      [protectionField(acrylic.id)]: "deposit",
      [depositField(acrylic.id)]: "$25",
      [protectionField(gel.id)]: "card",
      [depositField(gel.id)]: "ignored without a deposit",
    });
    expect(saved).toEqual({
      ok: true,
      did: "Changed the payment settings: cancellation window 48 hours, late cancellation fee 40%, no-show fee 100%; Acrylic Full Set: Deposit $25, Gel Manicure: Card on file",
    });
    const first = await readPaymentSettings(database.db);
    expect(first).toMatchObject({ cancellationWindowHours: 48, lateCancelFeePercent: 40 });
    const byId = async () =>
      new Map((await listServiceProtections(database.db)).map((s) => [s.typeId, s.protection]));
    expect((await byId()).get(acrylic.id)).toEqual({ kind: "deposit", cents: 2500 });
    expect((await byId()).get(gel.id)).toEqual({ kind: "card" });

    await savePaymentSettings(database.db, {
      ...POLICY,
      [protectionField(acrylic.id)]: "deposit",
      [depositField(acrylic.id)]: "20 %",
      [protectionField(gel.id)]: "none",
    });
    expect((await byId()).get(acrylic.id)).toEqual({ kind: "deposit", percent: 20 });
    expect((await byId()).get(gel.id)).toEqual({ kind: "none" });
    expect((await stored()).protections).toHaveLength(1);
    // What a customer agrees to names the version she read: every save is a new one.
    expect((await readPaymentSettings(database.db)).policyVersion).toBe(first.policyVersion + 1);
  });

  it("is read by customers only once Stripe is connected and a service asks something", async () => {
    const { acrylic } = await twoServices();
    await savePaymentSettings(database.db, {
      ...POLICY,
      [protectionField(acrylic.id)]: "deposit",
      [depositField(acrylic.id)]: "25",
    });
    expect(await publicPaymentPolicy(database.db)).toEqual([]);

    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_policy0000");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_policy0000");
    const policy = await publicPaymentPolicy(database.db);
    expect(policy[0]).toBe(
      "We take a deposit when you book: $25 for Acrylic Full Set. It counts toward the price of your visit.",
    );
    expect(policy).toContain("If you do not come, we charge 100% of the visit's price.");

    await savePaymentSettings(database.db, { ...POLICY, [protectionField(acrylic.id)]: "none" });
    expect(await publicPaymentPolicy(database.db)).toEqual([]);
  });
});
