CREATE TABLE "protection_waivers" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"waived_by" text NOT NULL,
	"waived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_waivers_waived_by" CHECK (char_length("protection_waivers"."waived_by") between 1 and 320)
);
--> statement-breakpoint
CREATE TABLE "secure_booking_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "secure_booking_links_token_hash" CHECK ("secure_booking_links"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "secure_booking_links_sent_by" CHECK (char_length("secure_booking_links"."sent_by") between 1 and 320)
);
--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "origin" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD COLUMN "checkout_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "secure_booking_links_visit_id" ON "secure_booking_links" USING btree ("visit_id");--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_origin" CHECK ("visit_payments"."origin" in ('online', 'emailed_link') and "visit_payments"."checkout_attempts" >= 1);