ALTER TABLE "visit_payments" ADD COLUMN "no_show_fee_intent_id" text;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "no_show_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "no_show_fee_state" text;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "no_show_fee_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "no_show_fee_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "refunded_cents" integer;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_fees" CHECK (("visit_payments"."no_show_fee_state" is null or "visit_payments"."no_show_fee_state" in ('succeeded', 'processing', 'failed')) and ("visit_payments"."no_show_fee_cents" is null or "visit_payments"."no_show_fee_cents" > 0) and "visit_payments"."no_show_fee_attempts" >= 0 and ("visit_payments"."refunded_cents" is null or "visit_payments"."refunded_cents" >= 0) and greatest(char_length("visit_payments"."no_show_fee_intent_id"), char_length("visit_payments"."refund_id")) <= 255);