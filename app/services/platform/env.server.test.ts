import { describe, expect, it } from "vitest";
import { readEnv, stripeSettings } from "./env.server";

describe("TRUST_PROXY", () => {
  it("is off unless set, and true means one hop, never every X-Forwarded-For entry", () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("takes the proxies' addresses and CIDRs, and refuses anything else", () => {
    expect(readEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8, ::1" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => readEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });
});

describe("MAX_BODY_BYTES", () => {
  it("is 64 KB unless set", () => {
    expect(readEnv({}).MAX_BODY_BYTES).toBe(65_536);
    expect(readEnv({ MAX_BODY_BYTES: "100000" }).MAX_BODY_BYTES).toBe(100_000);
    expect(() => readEnv({ MAX_BODY_BYTES: "ten" })).toThrow(/MAX_BODY_BYTES/);
  });
});

describe("Stripe", () => {
  const keys = {
    STRIPE_SECRET_KEY: "sk_test_51abcdefGH",
    STRIPE_WEBHOOK_SECRET: "whsec_abcdef123",
  };

  it("is off without keys, so booking works as before", () => {
    expect(stripeSettings({})).toBeUndefined();
  });

  it("is on with both keys, and STRIPE_API_BASE points the client elsewhere", () => {
    expect(stripeSettings(keys)).toEqual({
      secretKey: keys.STRIPE_SECRET_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
    });
    const local = stripeSettings({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:4100" });
    expect(local?.apiBase?.port).toBe("4100");
  });

  it("refuses one key without the other, a publishable key, and an API base with a path", () => {
    expect(() => readEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => readEnv({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => readEnv({ ...keys, STRIPE_SECRET_KEY: "pk_test_51abcdefGH" })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => readEnv({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:4100/v1" })).toThrow(
      /STRIPE_API_BASE/,
    );
  });
});
