// What a completed visit was paid (docs/product.md#prices-and-payments): marking an appointment
// 'Completed' stores its 'Amount charged' and 'Tip', which can be corrected later. Each
// appointment of a visit has its own amount (its own price prefilled).
import { and, eq } from "drizzle-orm";
import { PaymentSchema } from "../../domain/payment-form";
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
