ALTER TABLE "site_details" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_details" ADD COLUMN "neighborhood" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_details" ADD CONSTRAINT "site_details_short_name_length" CHECK (char_length("site_details"."short_name") <= 40 and char_length("site_details"."neighborhood") <= 60);--> statement-breakpoint
-- A salon started before these fields keeps today's words (issue 38): the first-start salon's logo
-- mark and neighbourhood, only where its name and street are still the first start's.
UPDATE "site_details" SET "short_name" = '2 x 10' WHERE "name" = '2 x 10 Nails & Spa';--> statement-breakpoint
UPDATE "site_details" SET "neighborhood" = 'Wicker Park' WHERE "street" = '1410 N Milwaukee Ave' AND "city" = 'Chicago';
