CREATE TABLE "payment_disputes" (
	"dispute_id" text PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cents" integer NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_disputes_values" CHECK ("payment_disputes"."kind" in ('deposit', 'no_show_fee', 'late_cancel_fee') and "payment_disputes"."cents" >= 0 and char_length("payment_disputes"."dispute_id") between 1 and 255 and char_length("payment_disputes"."reason") between 1 and 100)
);
--> statement-breakpoint
CREATE INDEX "payment_disputes_visit_id" ON "payment_disputes" USING btree ("visit_id");