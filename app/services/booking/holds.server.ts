// Holding a chosen time (docs/product.md#holds): while a visitor's confirm dialog is open, the
// technicians and times of their choice are held for them (HOLD_SECONDS, 5 minutes), so no one
// else is offered it. A hold is taken like a booking (claimVisit: fresh busy times, the
// technicians' locks, an exclusion constraint between holds), replaces the visitor's earlier one,
// and ends with their booking, their close, or its expiry. Holds only narrow what others are
// offered (never the staff's): a booking never depends on one. One client (an IPv4 address or
// IPv6 /64) holds at most two times, two technician-hours in all, whatever its cookies, and
// holding a time again, with any cookie, released or not, never pushes its end on
// (docs/security.md#holds).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { withAddOns } from "../../domain/booking/visit";
import type { VisitRequestItem } from "../../domain/booking/visit-request";
import type { Database, Transaction } from "../db/client.server";
import { slotHolds } from "../db/schema.server";
import { bookingPolicy } from "../platform/env.server";
import { toRule } from "../salon/appointment-types.server";
import { claimVisit } from "./claim.server";
import { firstHoldEnd, type HeldPart, rememberFirstHold } from "./hold-firsts.server";
import type { ListingOptions } from "./slot-listing.server";
import { resolveVisit } from "./visit.server";

export const HOLD_COOKIE = "hold";
const MINUTE_MS = 60_000;

/** The visitor's hold key: the SHA-256 of their hold cookie, or undefined without one. */
export function readHolder(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name === HOLD_COOKIE && /^[A-Za-z0-9_-]{43}$/.test(value)) {
      return createHash("sha256").update(value).digest("hex");
    }
  }
  return undefined;
}

/**
 * A new hold cookie (256 random bits) and its key; the cookie lasts the browser session. Its path
 * is the booking page of the page's language: "/schedule" or "/es/schedule".
 */
export function newHoldCookie(
  secure: boolean,
  path = "/schedule",
): { header: string; holder: string } {
  const value = randomBytes(32).toString("base64url");
  return {
    header: `${HOLD_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    holder: createHash("sha256").update(value).digest("hex"),
  };
}

/** What one client may hold at once (docs/security.md#holds). */
export const HOLD_LIMITS = { holds: 2, technicianMinutes: 120 } as const;

/** Refused inside the hold's transaction (rolls it back): the client may not hold this. */
class NotHeld extends Error {
  constructor(readonly why: "too-long" | "too-many" | "held-before") {
    super(why);
  }
}

const minutesOf = (parts: readonly HeldPart[]) =>
  parts.reduce((sum, part) => sum + (part.untilMs - part.startMs) / MINUTE_MS, 0);

/**
 * When the hold ends: never after the end of this client's (or this cookie's) first hold of any of
 * these technicians' times (hold-firsts.server.ts), so holding again, with any cookie, released or
 * not, keeps the first end; a fresh one from `now` otherwise. Refuses past the client's limits,
 * counting its other cookies' active holds, under the client's lock so that simultaneous holds are
 * counted one by one.
 */
async function holdEnd(
  tx: Transaction,
  holder: string,
  client: string,
  parts: HeldPart[],
  now: Date,
): Promise<Date> {
  if (minutesOf(parts) > HOLD_LIMITS.technicianMinutes) throw new NotHeld("too-long");
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holds:${client}`}))`);
  const active = await tx
    .select()
    .from(slotHolds)
    .where(and(eq(slotHolds.client, client), gt(slotHolds.expiresAt, now)));
  const others = active.filter((row) => row.holder !== holder);
  const otherHolders = new Set(others.map((row) => row.holder));
  const otherMinutes = others.reduce(
    (sum, row) => sum + (row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS,
    0,
  );
  if (otherHolders.size >= HOLD_LIMITS.holds) throw new NotHeld("too-many");
  if (otherMinutes + minutesOf(parts) > HOLD_LIMITS.technicianMinutes) {
    throw new NotHeld("too-many");
  }
  const first = await firstHoldEnd(tx, { holder, client, parts, now });
  // Its first hold is over, and remembered: holding it again holds nothing.
  if (first && first <= now) throw new NotHeld("held-before");
  const expiresAt = first ?? new Date(now.getTime() + bookingPolicy().holdMs);
  await rememberFirstHold(tx, { holder, client, parts, now }, expiresAt);
  return expiresAt;
}

/** The visitor's hold becomes `parts`; expired holds of these technicians go first. */
async function replaceHold(
  tx: Transaction,
  holder: string,
  client: string,
  parts: HeldPart[],
  now: Date,
) {
  const expiresAt = await holdEnd(tx, holder, client, parts, now);
  const technicians = parts.map((part) => part.technician);
  await tx
    .delete(slotHolds)
    .where(
      or(
        eq(slotHolds.holder, holder),
        and(inArray(slotHolds.technician, technicians), lte(slotHolds.expiresAt, now)),
      ),
    );
  await tx.insert(slotHolds).values(
    parts.map((part) => ({
      holder,
      client,
      technician: part.technician,
      startsAt: new Date(part.startMs),
      endsAt: new Date(part.untilMs),
      expiresAt,
      createdAt: now,
    })),
  );
  return expiresAt;
}

/**
 * Held until `expiresAt`; or not: "taken" (someone else holds or booked it), "too-long" (a visit
 * of over two technician-hours is not held; its confirm is checked as any), "too-many" (the client
 * holds its two times or two technician-hours already), "held-before" (the client's first hold of
 * this time has ended, and holding it again does not start another).
 */
export type HoldResult =
  | { ok: true; expiresAt: Date }
  | { ok: false; why?: "taken" | "too-long" | "too-many" | "held-before" };

/** Runs a claim that may refuse with NotHeld; answers as HoldResult. */
async function held(
  claim: () => Promise<{ ok: true; value: Date } | { ok: false }>,
): Promise<HoldResult> {
  try {
    const claimed = await claim();
    return claimed.ok ? { ok: true, expiresAt: claimed.value } : { ok: false, why: "taken" };
  } catch (error) {
    if (error instanceof NotHeld) return { ok: false, why: error.why };
    throw error;
  }
}

/**
 * Holds the time `startsAt` of the search (one service, or a visit's) for `holder`: the
 * technician who would be booked now, or each of the visit's. Refused when it is no longer free
 * for them (someone booked or holds it).
 */
export async function placeHold(
  db: Database,
  holder: string,
  input: { dateIso: string; startsAt: Date; items: readonly VisitRequestItem[] },
  options: ListingOptions & { client?: string } = {},
): Promise<HoldResult> {
  const now = options.now ?? new Date();
  const claimOptions = { ...options, now, holder };
  // Without a client (a caller that knows none), the visitor is their own client.
  const client = options.client ?? holder;
  // One service is a visit of one item (docs/product.md#visits); a technician who does not do a
  // service is never free, so her time is "taken", as for a booking.
  const items = await resolveVisit(db, input.items, false);
  if (!items) return { ok: false };
  return held(() =>
    claimVisit(db, { ...input, items }, claimOptions, (tx, slot) =>
      replaceHold(
        tx,
        holder,
        client,
        slot.parts.map((part) => {
          const item = items[part.item] as (typeof items)[number];
          const rule = withAddOns({ type: toRule(item.type), addOns: item.addOns.map(toRule) });
          return {
            technician: part.technician,
            startMs: part.startMs,
            untilMs: part.endMs + (rule.bufferMin ?? 0) * MINUTE_MS,
          };
        }),
        now,
      ),
    ),
  );
}

/** "5 minutes", "30 seconds": how long a hold lasts, as the dialog says it. */
export function holdLabel(holdMs: number): string {
  const seconds = Math.round(holdMs / 1000);
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The visitor closed the dialog: their time is free for others again. */
export async function releaseHold(db: Database, holder: string): Promise<void> {
  await db.delete(slotHolds).where(eq(slotHolds.holder, holder));
}
