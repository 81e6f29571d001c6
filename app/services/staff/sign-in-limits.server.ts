// How failed sign-ins are limited (docs/product.md#login-messages-and-rate-limits). A limit per
// account alone lets anyone lock the owner out by typing wrong passwords for her email; so the
// hard limits are per client address and per (account, address), and failures on the account
// from everywhere only slow each attempt on it down, never refusing the right password from an
// address that has not failed. Counted in the database, so the limits hold across processes.
import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../db/client.server";
import { hitRateLimit, isRateLimited } from "../platform/rate-limit.server";
import { RATE_LIMITS } from "../platform/rate-limits.server";

const SIGN_IN_LIMITS = {
  /** Failures from one address, whatever the accounts (one place trying many accounts). */
  address: RATE_LIMITS.signInAddress,
  /** Failures for one account from one address (a person mistyping, or guessing). */
  accountFromAddress: RATE_LIMITS.signInAccountFromAddress,
  /** Failures for one account from anywhere: past `slowAfter`, each attempt waits. */
  account: { ...RATE_LIMITS.signInAccount, slowAfter: 10, stepMs: 1000, maxDelayMs: 5000 },
} as const;

export const TOO_MANY_SIGN_INS = "Too many attempts. Please wait 15 minutes and try again.";

const keys = (email: string, address: string) => ({
  address: `login-ip:${address}`,
  accountFromAddress: email ? `login-account-ip:${email}:${address}` : undefined,
  account: email ? `login-account:${email}` : undefined,
});

/**
 * How long an attempt on an account with `failures` recent failures waits before its password
 * is checked: nothing up to `slowAfter`, then one step per ten more, at most `maxDelayMs`.
 */
export function signInDelayMs(failures: number): number {
  const { slowAfter, stepMs, maxDelayMs } = SIGN_IN_LIMITS.account;
  if (failures < slowAfter) return 0;
  return Math.min(maxDelayMs, stepMs * (1 + Math.floor((failures - slowAfter) / 10)));
}

/**
 * Before a sign-in's password is checked: refused (429) when this address, or this address for
 * this account, is over its limit; otherwise waits as long as the account's failures ask.
 * `email` is normalised; empty when the form had none.
 */
export async function admitSignIn(
  db: Database,
  email: string,
  address: string,
): Promise<{ admitted: true; delayedMs: number } | { admitted: false; retryAfterMs: number }> {
  const key = keys(email, address);
  const hard = await Promise.all([
    isRateLimited(db, key.address, SIGN_IN_LIMITS.address),
    key.accountFromAddress
      ? isRateLimited(db, key.accountFromAddress, SIGN_IN_LIMITS.accountFromAddress)
      : undefined,
  ]);
  const over = hard.find((limit) => limit?.limited);
  if (over) return { admitted: false, retryAfterMs: over.retryAfterMs };
  const failures = key.account
    ? (await isRateLimited(db, key.account, SIGN_IN_LIMITS.account)).hits
    : 0;
  const delayedMs = signInDelayMs(failures);
  if (delayedMs > 0) await sleep(delayedMs);
  return { admitted: true, delayedMs };
}

/** Counts a failed sign-in against the address, the (account, address) pair and the account. */
export async function recordFailedSignIn(
  db: Database,
  email: string,
  address: string,
): Promise<void> {
  const key = keys(email, address);
  await Promise.all([
    hitRateLimit(db, key.address, SIGN_IN_LIMITS.address),
    key.accountFromAddress
      ? hitRateLimit(db, key.accountFromAddress, SIGN_IN_LIMITS.accountFromAddress)
      : undefined,
    key.account ? hitRateLimit(db, key.account, SIGN_IN_LIMITS.account) : undefined,
  ]);
}
