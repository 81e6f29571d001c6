// Holding a chosen time (docs/product.md#holds): while a visitor's confirm dialog is open, the
// technicians and times of their choice are held for them (HOLD_SECONDS, 5 minutes), so no one
// else is offered it. A hold is taken like a booking (claimSlot, claimVisit: fresh busy times, the
// technicians' locks, an exclusion constraint between holds), replaces the visitor's earlier one,
// and ends with their booking, their close, or its expiry. Holds only narrow what others are
// offered: a booking never depends on one.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lte, or } from "drizzle-orm";
import { requestedWorker } from "../../domain/booking/booking-schema";
import { withAddOns } from "../../domain/booking/visit";
import { isVisit, type VisitRequestItem } from "../../domain/booking/visit-request";
import type { Database, Transaction } from "../db/client.server";
import { slotHolds } from "../db/schema.server";
import { bookingPolicy } from "../platform/env.server";
import { findAppointmentType, toRule } from "../salon/appointment-types.server";
import { claimSlot } from "./booking.server";
import type { ListingOptions } from "./slot-listing.server";
import { claimVisit, resolveVisit } from "./visit.server";

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

/** A new hold cookie (256 random bits) and its key; the cookie lasts the browser session. */
export function newHoldCookie(secure: boolean): { header: string; holder: string } {
  const value = randomBytes(32).toString("base64url");
  return {
    header: `${HOLD_COOKIE}=${value}; Path=/schedule; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    holder: createHash("sha256").update(value).digest("hex"),
  };
}

interface HeldPart {
  worker: string;
  startMs: number;
  /** The end plus the service's clean-up. */
  untilMs: number;
}

/** The visitor's hold becomes `parts`; expired holds of these technicians go first. */
async function replaceHold(tx: Transaction, holder: string, parts: HeldPart[], now: Date) {
  const expiresAt = new Date(now.getTime() + bookingPolicy().holdMs);
  const workers = parts.map((part) => part.worker);
  await tx
    .delete(slotHolds)
    .where(
      or(
        eq(slotHolds.holder, holder),
        and(inArray(slotHolds.worker, workers), lte(slotHolds.expiresAt, now)),
      ),
    );
  await tx.insert(slotHolds).values(
    parts.map((part) => ({
      holder,
      worker: part.worker,
      startsAt: new Date(part.startMs),
      endsAt: new Date(part.untilMs),
      expiresAt,
      createdAt: now,
    })),
  );
  return expiresAt;
}

export type HoldResult = { ok: true; expiresAt: Date } | { ok: false };

/**
 * Holds the time `startsAt` of the search (one service, or a visit's) for `holder`: the
 * technician who would be booked now, or each of the visit's. Refused when it is no longer free
 * for them (someone booked or holds it).
 */
export async function placeHold(
  db: Database,
  holder: string,
  input: { dateIso: string; startsAt: Date; items: readonly VisitRequestItem[] },
  options: ListingOptions = {},
): Promise<HoldResult> {
  const now = options.now ?? new Date();
  const claimOptions = { ...options, now, holder };
  if (isVisit(input.items)) {
    const items = await resolveVisit(db, input.items);
    if (!items) return { ok: false };
    const claimed = await claimVisit(db, { ...input, items }, claimOptions, (tx, slot) =>
      replaceHold(
        tx,
        holder,
        slot.parts.map((part) => {
          const rule = withAddOns({
            type: toRule((items[part.item] as (typeof items)[number]).type),
            addOns: (items[part.item] as (typeof items)[number]).addOns.map(toRule),
          });
          return {
            worker: part.worker,
            startMs: part.startMs,
            untilMs: part.endMs + (rule.bufferMin ?? 0) * MINUTE_MS,
          };
        }),
        now,
      ),
    );
    return claimed.ok ? { ok: true, expiresAt: claimed.value } : { ok: false };
  }
  const [item] = input.items;
  const type = item && (await findAppointmentType(db, item.typeId));
  if (!item || !type) return { ok: false };
  const claimed = await claimSlot(
    db,
    {
      type,
      dateIso: input.dateIso,
      startsAt: input.startsAt,
      worker: requestedWorker(item.worker),
    },
    claimOptions,
    (tx, worker, endsAt) =>
      replaceHold(
        tx,
        holder,
        [
          {
            worker,
            startMs: input.startsAt.getTime(),
            untilMs: endsAt.getTime() + type.bufferMin * MINUTE_MS,
          },
        ],
        now,
      ),
  );
  return claimed.ok ? { ok: true, expiresAt: claimed.value } : { ok: false };
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
