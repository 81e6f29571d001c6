CREATE TABLE "fee_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cents" integer NOT NULL,
	"first_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checkout_attempts" integer DEFAULT 0 NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"checkout_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_intent_id" text,
	CONSTRAINT "fee_links_token_hash" CHECK ("fee_links"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "fee_links_values" CHECK ("fee_links"."kind" in ('no_show_fee', 'late_cancel_fee') and "fee_links"."cents" > 0 and "fee_links"."checkout_attempts" >= 0 and greatest(char_length("fee_links"."first_intent_id"), char_length("fee_links"."checkout_session_id"), char_length("fee_links"."payment_intent_id")) <= 255 and ("fee_links"."checkout_url" is null or char_length("fee_links"."checkout_url") <= 2000))
);
--> statement-breakpoint
ALTER TABLE "visit_payments" DROP CONSTRAINT "visit_payments_fees";--> statement-breakpoint
CREATE INDEX "fee_links_visit_id" ON "fee_links" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_links_checkout_session" ON "fee_links" USING btree ("checkout_session_id") WHERE "fee_links"."checkout_session_id" is not null;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_fees" CHECK (("visit_payments"."no_show_fee_state" is null or "visit_payments"."no_show_fee_state" in ('succeeded', 'processing', 'failed', 'awaiting')) and ("visit_payments"."no_show_fee_cents" is null or "visit_payments"."no_show_fee_cents" > 0) and "visit_payments"."no_show_fee_attempts" >= 0 and ("visit_payments"."refunded_cents" is null or "visit_payments"."refunded_cents" >= 0) and ("visit_payments"."late_fee_state" is null or "visit_payments"."late_fee_state" in ('succeeded', 'processing', 'failed', 'awaiting')) and ("visit_payments"."late_fee_cents" is null or "visit_payments"."late_fee_cents" > 0) and greatest(char_length("visit_payments"."no_show_fee_intent_id"), char_length("visit_payments"."refund_id"), char_length("visit_payments"."late_fee_intent_id")) <= 255);