ALTER TABLE "visit_payments" DROP CONSTRAINT "visit_payments_fees";--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "late_fee_kept_cents" integer;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "late_fee_kept_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_fees" CHECK (("visit_payments"."no_show_fee_state" is null or "visit_payments"."no_show_fee_state" in ('succeeded', 'processing', 'failed', 'awaiting')) and ("visit_payments"."no_show_fee_cents" is null or "visit_payments"."no_show_fee_cents" > 0) and "visit_payments"."no_show_fee_attempts" >= 0 and ("visit_payments"."refunded_cents" is null or "visit_payments"."refunded_cents" >= 0) and ("visit_payments"."late_fee_state" is null or "visit_payments"."late_fee_state" in ('succeeded', 'processing', 'failed', 'awaiting')) and ("visit_payments"."late_fee_cents" is null or "visit_payments"."late_fee_cents" > 0) and ("visit_payments"."late_fee_kept_cents" is null or "visit_payments"."late_fee_kept_cents" > 0) and "visit_payments"."late_fee_kept_refunded_cents" >= 0 and greatest(char_length("visit_payments"."no_show_fee_intent_id"), char_length("visit_payments"."refund_id"), char_length("visit_payments"."late_fee_intent_id")) <= 255);--> statement-breakpoint
-- Visits cancelled late before this migration whose fee charged her card: the fee kept all of
-- the deposit then (a deposit smaller than the fee), so what is still held of it is the kept part.
-- A fee the deposit covered whole left no row to tell it by (only the activity log says it).
UPDATE "visit_payments" SET "late_fee_kept_cents" = "paid_cents" - coalesce("refunded_cents", 0)
WHERE "late_fee_state" IS NOT NULL AND "kind" = 'deposit' AND "state" = 'confirmed'
  AND "payment_intent_id" IS NOT NULL AND "paid_cents" - coalesce("refunded_cents", 0) > 0;
