CREATE TABLE "payment_refunds" (
	"payment_intent_id" text NOT NULL,
	"total_refunded_cents" integer NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cents" integer NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refunds_payment_intent_id_total_refunded_cents_pk" PRIMARY KEY("payment_intent_id","total_refunded_cents"),
	CONSTRAINT "payment_refunds_values" CHECK ("payment_refunds"."kind" in ('deposit', 'no_show_fee', 'late_cancel_fee') and "payment_refunds"."cents" > 0 and "payment_refunds"."total_refunded_cents" >= "payment_refunds"."cents" and char_length("payment_refunds"."payment_intent_id") between 1 and 255 and ("payment_refunds"."refund_id" is null or char_length("payment_refunds"."refund_id") <= 255))
);
--> statement-breakpoint
CREATE INDEX "payment_refunds_refunded_at" ON "payment_refunds" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_visit_id" ON "payment_refunds" USING btree ("visit_id");--> statement-breakpoint
-- A deposit refunded before this table: its one recorded refund, on the date of its last.
INSERT INTO "payment_refunds" ("payment_intent_id", "total_refunded_cents", "visit_id", "kind", "cents", "refund_id", "refunded_at")
SELECT "payment_intent_id", "refunded_cents", "visit_id", 'deposit', "refunded_cents", "refund_id", "refunded_at"
FROM "visit_payments"
WHERE "kind" = 'deposit' AND "payment_intent_id" IS NOT NULL AND "refunded_cents" > 0 AND "refunded_at" IS NOT NULL;
