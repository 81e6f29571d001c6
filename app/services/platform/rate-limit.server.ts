// Fixed-window rate limits kept in the database, so they hold across every process on one
// PostgreSQL (docs/architecture.md#shape): one atomic upsert per hit, no read-then-write.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";

interface RateLimitOptions {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  now?: Date;
  /** What this hit counts for (default 1): an expensive read counts as the work it makes. */
  cost?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits still allowed in this window after this one. */
  remaining: number;
  /** 0 when allowed; otherwise the time until the window ends (for a Retry-After header). */
  retryAfterMs: number;
}

/**
 * The key as stored: the column holds at most 200 characters of text without NUL, and keys carry
 * client input (an address from X-Forwarded-For, a typed email). Any other key is stored as its
 * SHA-256, so it is still counted on its own instead of failing the request.
 */
function storedKey(key: string): string {
  if (key.length >= 1 && key.length <= 200 && !key.includes("\u0000")) return key;
  return `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/**
 * Counts one hit for `key` (e.g. "contact:203.0.113.7") in the current window. Refused hits are
 * counted too, so hammering does not reopen the window early.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  options: RateLimitOptions,
): Promise<RateLimitResult> {
  const { limit, windowMs, cost = 1 } = options;
  if (!(Number.isInteger(limit) && limit >= 0)) throw new RangeError("limit: an integer >= 0");
  if (!(Number.isInteger(cost) && cost >= 1)) throw new RangeError("cost: an integer >= 1");
  if (!(Number.isInteger(windowMs) && windowMs > 0))
    throw new RangeError("windowMs: an integer > 0");
  const now = (options.now ?? new Date()).getTime();
  // Windows are aligned to the epoch, so every process computes the same window for `now`.
  const windowStart = now - (now % windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: storedKey(key), windowStart: new Date(windowStart), hits: cost })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + ${cost}` },
    })
    .returning({ hits: rateLimits.hits });
  if (!row) throw new Error(`Counting a hit for ${key} returned no row.`);
  const allowed = row.hits <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - row.hits),
    retryAfterMs: allowed ? 0 : windowStart + windowMs - now,
  };
}

/**
 * Deletes the windows that ended by `now`, for limits whose windows are at most `longestWindowMs`
 * long (default one day). Call it now and then, e.g. hourly. Returns how many rows went.
 */
export async function pruneRateLimits(
  db: Database,
  now: Date = new Date(),
  longestWindowMs: number = 24 * 60 * 60 * 1000,
): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - longestWindowMs)))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * Whether `key` is already over `limit` in the current window, without counting a hit: for
 * limits on failures only (sign-in), where a success must not use up the allowance.
 */
export async function isRateLimited(
  db: Database,
  key: string,
  options: RateLimitOptions,
): Promise<{ limited: boolean; hits: number; retryAfterMs: number }> {
  const now = (options.now ?? new Date()).getTime();
  const windowStart = now - (now % options.windowMs);
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(eq(rateLimits.key, storedKey(key)), eq(rateLimits.windowStart, new Date(windowStart))),
    );
  const hits = row?.hits ?? 0;
  const limited = hits >= options.limit;
  return { limited, hits, retryAfterMs: limited ? windowStart + options.windowMs - now : 0 };
}
