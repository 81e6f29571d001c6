ALTER TABLE "waitlist_entries" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_confirm_token_hash" ON "waitlist_entries" USING btree ("confirm_token_hash") WHERE "waitlist_entries"."confirm_token_hash" is not null;--> statement-breakpoint
-- Places taken before confirmations existed were counted: they stay confirmed, as joined.
UPDATE "waitlist_entries" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
