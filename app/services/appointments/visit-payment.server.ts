// What a completed visit was paid (docs/product.md#prices-and-payments): marking an appointment
// 'Completed' stores its 'Amount charged' and 'Tip', which can be corrected later. Each
// appointment of a visit has its own amount (its own price prefilled); 'Complete Visit' marks
// every service of a visit at once with one tip (completeVisit).
import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import { PaymentSchema, splitCents, VisitTotalSchema } from "../../domain/payment-form";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { appointments } from "../db/schema.server";

type PaymentResult =
  | { ok: true; name: string; startsAt: Date; chargedCents: number; tipCents: number }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  /** Gone or cancelled; for a correction, also not marked Completed (nothing to correct). */
  | { ok: false; kind: "not-found" };

/**
 * `complete`: marks the booked appointment Completed with what was charged and tipped.
 * `correct`: changes the amounts of one already Completed, keeping when it was marked.
 * A field it cannot read (empty, a word, negative, over $99,999.99) saves nothing.
 */
export async function recordPayment(
  db: Database,
  id: string | undefined,
  fields: { charged?: string | undefined; tip?: string | undefined },
  options: { mode: "complete" | "correct"; now?: Date },
): Promise<PaymentResult> {
  const parsed = PaymentSchema.safeParse({ charged: fields.charged, tip: fields.tip });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const { charged, tip } = parsed.data;
  const amounts = { chargedCents: charged, tipCents: tip };
  const booked = and(eq(appointments.id, id), eq(appointments.status, "booked"));
  const [row] =
    options.mode === "complete"
      ? await db
          .update(appointments)
          .set({ ...amounts, visitStatus: "completed", visitMarkedAt: options.now ?? new Date() })
          .where(booked)
          .returning({ name: appointments.name, startsAt: appointments.startsAt })
      : await db
          .update(appointments)
          .set(amounts)
          .where(and(booked, eq(appointments.visitStatus, "completed")))
          .returning({ name: appointments.name, startsAt: appointments.startsAt });
  return row ? { ok: true, ...row, ...amounts } : { ok: false, kind: "not-found" };
}

/** A visit's service as 'Complete Visit' stored it. */
export interface CompletedPart {
  id: string;
  typeName: string;
  technician: string;
  chargedCents: number;
  tipCents: number;
}

type VisitPaymentResult =
  | { ok: true; name: string; startsAt: Date; parts: CompletedPart[] }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" };

/** 'Complete Visit' as posted: an amount per service (`charged` by id), or one `total`. */
export interface VisitPaymentFields {
  split?: string | undefined;
  total?: string | undefined;
  tip?: string | undefined;
  charged: Record<string, string | undefined>;
}

/**
 * Marks every booked service of the visit of appointment `id` that is not completed yet Completed
 * (`id`'s own included), in one transaction: what each was charged, typed per service (field
 * `charged-<id>`) or one total split by their prices (`split` "total"), and the one tip split by
 * what each was charged (splitCents), so each technician's part of it is hers. A field it cannot
 * read saves nothing; a service cancelled or completed meanwhile, neither (not-found).
 */
export async function completeVisit(
  db: Database,
  id: string | undefined,
  fields: VisitPaymentFields,
  options: { now?: Date } = {},
): Promise<VisitPaymentResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [opened] = await db
    .select({ visitId: appointments.visitId })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.status, "booked")));
  if (!opened) return { ok: false, kind: "not-found" };
  const open = and(eq(appointments.visitId, opened.visitId), eq(appointments.status, "booked"));
  // Its services not completed yet (a null mark is not "<> completed" in SQL).
  const notCompleted = or(
    isNull(appointments.visitStatus),
    ne(appointments.visitStatus, "completed"),
  );
  const parts = await db
    .select()
    .from(appointments)
    .where(and(open, notCompleted))
    .orderBy(asc(appointments.startsAt), asc(appointments.technician));
  const amounts = readVisitAmounts(parts, fields);
  if (!amounts.ok) return amounts;
  const tips = splitCents(amounts.tip, amounts.charged);
  const now = options.now ?? new Date();
  const stored = await db
    .transaction(async (tx) => {
      const done: CompletedPart[] = [];
      for (const [index, part] of parts.entries()) {
        const paid = { chargedCents: amounts.charged[index] ?? 0, tipCents: tips[index] ?? 0 };
        const [row] = await tx
          .update(appointments)
          .set({ ...paid, visitStatus: "completed", visitMarkedAt: now })
          .where(and(eq(appointments.id, part.id), eq(appointments.status, "booked")))
          .returning({ id: appointments.id });
        if (!row) throw new PartGone();
        done.push({ id: part.id, typeName: part.typeName, technician: part.technician, ...paid });
      }
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof PartGone) return null;
      throw error;
    });
  const first = parts[0];
  if (!stored || !first) return { ok: false, kind: "not-found" };
  return { ok: true, name: first.name, startsAt: first.startsAt, parts: stored };
}

/** Thrown inside completeVisit's transaction to roll it back: a service was cancelled meanwhile. */
class PartGone extends Error {}

/** The amounts of 'Complete Visit' read into cents, each refusal under its field's name. */
function readVisitAmounts(
  parts: readonly { id: string; priceCents: number }[],
  fields: VisitPaymentFields,
):
  | { ok: true; charged: number[]; tip: number }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  const tip = PaymentSchema.shape.tip.safeParse(fields.tip ?? "");
  if (!tip.success) fieldErrors.tip = tip.error.issues[0]?.message ?? "";
  let charged: number[] = [];
  if (fields.split === "total") {
    const total = VisitTotalSchema.safeParse(fields.total);
    if (total.success)
      charged = splitCents(
        total.data,
        parts.map((part) => part.priceCents),
      );
    else fieldErrors.total = total.error.issues[0]?.message ?? "";
  } else {
    charged = parts.map((part) => {
      const amount = VisitTotalSchema.safeParse(fields.charged[part.id]);
      if (amount.success) return amount.data;
      fieldErrors[`charged-${part.id}`] = amount.error.issues[0]?.message ?? "";
      return 0;
    });
  }
  if (Object.keys(fieldErrors).length > 0 || !tip.success) {
    return { ok: false, kind: "invalid", fieldErrors };
  }
  return { ok: true, charged, tip: tip.data };
}
