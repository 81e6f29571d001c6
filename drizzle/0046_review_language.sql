ALTER TABLE "reviews" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_language" CHECK ("reviews"."language" in ('en', 'es'));