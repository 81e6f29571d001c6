ALTER TABLE "contact_entries" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_entries" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_handled_by_length" CHECK (char_length("contact_entries"."handled_by") <= 254);