ALTER TABLE "gallery_photos" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_photos_slug" ON "gallery_photos" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_slug_format" CHECK ("gallery_photos"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');