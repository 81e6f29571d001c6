CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"date" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_photo_id" uuid,
	"cover_alt" text DEFAULT '' NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_status" CHECK ("blog_posts"."status" in ('draft', 'published')),
	CONSTRAINT "blog_posts_date_format" CHECK ("blog_posts"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "blog_posts_slug_format" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "blog_posts_title_length" CHECK (char_length("blog_posts"."title") between 1 and 160),
	CONSTRAINT "blog_posts_author_length" CHECK (char_length("blog_posts"."author") between 1 and 80),
	CONSTRAINT "blog_posts_description_length" CHECK (char_length("blog_posts"."description") <= 500),
	CONSTRAINT "blog_posts_body_length" CHECK (char_length("blog_posts"."body_markdown") <= 100000)
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"alt" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"sort_order" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_photos_alt_length" CHECK (char_length("gallery_photos"."alt") between 1 and 200),
	CONSTRAINT "gallery_photos_caption_length" CHECK (char_length("gallery_photos"."caption") <= 300)
);
--> statement-breakpoint
CREATE TABLE "page_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"photo_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_texts_key_format" CHECK ("page_texts"."key" ~ '^[a-z0-9.-]{1,60}$'),
	CONSTRAINT "page_texts_value_length" CHECK (char_length("page_texts"."value") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "photo_files" (
	"photo_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "photo_files_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width"),
	CONSTRAINT "photo_files_format" CHECK ("photo_files"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"master" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_format" CHECK ("photos"."format" in ('jpeg', 'png', 'webp')),
	CONSTRAINT "photos_size" CHECK ("photos"."width" between 1 and 2560 and "photos"."height" between 1 and 2560)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote" text NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"sort_order" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_quote_length" CHECK (char_length("reviews"."quote") between 1 and 1000),
	CONSTRAINT "reviews_name_length" CHECK (char_length("reviews"."name") between 1 and 60),
	CONSTRAINT "reviews_city_length" CHECK (char_length("reviews"."city") <= 60)
);
--> statement-breakpoint
CREATE TABLE "site_details" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"instagram_url" text DEFAULT '' NOT NULL,
	"facebook_url" text DEFAULT '' NOT NULL,
	"tiktok_url" text DEFAULT '' NOT NULL,
	"pinterest_url" text DEFAULT '' NOT NULL,
	"arrive_early_minutes" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_details_one_row" CHECK ("site_details"."id" = 1),
	CONSTRAINT "site_details_name_length" CHECK (char_length("site_details"."name") between 1 and 80),
	CONSTRAINT "site_details_tagline_length" CHECK (char_length("site_details"."tagline") <= 160),
	CONSTRAINT "site_details_description_length" CHECK (char_length("site_details"."description") <= 1000),
	CONSTRAINT "site_details_phone" CHECK ("site_details"."phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "site_details_email_length" CHECK (char_length("site_details"."email") between 3 and 254),
	CONSTRAINT "site_details_address_length" CHECK (char_length("site_details"."street") between 1 and 120 and char_length("site_details"."city") between 1 and 60
        and "site_details"."state" ~ '^[A-Z]{2}$' and "site_details"."zip" ~ '^[0-9]{5}(-[0-9]{4})?$'),
	CONSTRAINT "site_details_geo" CHECK ("site_details"."latitude" between -90 and 90 and "site_details"."longitude" between -180 and 180),
	CONSTRAINT "site_details_social_length" CHECK (char_length("site_details"."instagram_url") <= 300 and char_length("site_details"."facebook_url") <= 300
        and char_length("site_details"."tiktok_url") <= 300 and char_length("site_details"."pinterest_url") <= 300),
	CONSTRAINT "site_details_arrive_early" CHECK ("site_details"."arrive_early_minutes" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "site_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "site_version_one_row" CHECK ("site_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"closed" boolean NOT NULL,
	"opens" text,
	"closes" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_hours_dates" CHECK ("special_hours"."from_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and "special_hours"."to_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and "special_hours"."to_date" >= "special_hours"."from_date"),
	CONSTRAINT "special_hours_times" CHECK ("special_hours"."closed" or ("special_hours"."opens" ~ '^[0-2][0-9]:[0-5][0-9]$' and "special_hours"."closes" ~ '^[0-2][0-9]:[0-5][0-9]$' and "special_hours"."opens" < "special_hours"."closes")),
	CONSTRAINT "special_hours_note_length" CHECK (char_length("special_hours"."note") <= 100)
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_files" ADD CONSTRAINT "photo_files_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_date" ON "blog_posts" USING btree ("date");--> statement-breakpoint
CREATE INDEX "gallery_photos_order" ON "gallery_photos" USING btree ("sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_files_name" ON "photo_files" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_hash" ON "photos" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "reviews_order" ON "reviews" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "special_hours_to_date" ON "special_hours" USING btree ("to_date");--> statement-breakpoint
-- Hand-written: the site version. Every statement that changes what the owner says on her site
-- takes the next stamp, in its own transaction, so no writer can forget it; the page cache renders
-- every public page again when it moves (server/page-cache.ts).
CREATE SEQUENCE "site_version_seq";--> statement-breakpoint
INSERT INTO "site_version" ("id", "version") VALUES (1, nextval('site_version_seq'));--> statement-breakpoint
CREATE FUNCTION "bump_site_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_version" SET "version" = nextval('site_version_seq') WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "site_details_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
CREATE TRIGGER "special_hours_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
CREATE TRIGGER "gallery_photos_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
CREATE TRIGGER "reviews_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
CREATE TRIGGER "blog_posts_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
CREATE TRIGGER "page_texts_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
-- The opening hours and special hours decide what the booking engine offers: like closed days,
-- a change moves every day's availability (drizzle/0006) and is announced to open pages
-- (drizzle/0010).
CREATE TRIGGER "site_details_bump_availability" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();--> statement-breakpoint
CREATE TRIGGER "special_hours_bump_availability" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();--> statement-breakpoint
CREATE TRIGGER "site_details_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();--> statement-breakpoint
CREATE TRIGGER "special_hours_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();--> statement-breakpoint
-- The whole salon's closed days become special hours, closed all day, with their notes; a
-- technician's own days off stay in closed_days, with the team.
INSERT INTO "special_hours" ("from_date", "to_date", "closed", "note", "created_at")
SELECT "date", "date", true, left(coalesce("note", ''), 100), "created_at"
FROM "closed_days" WHERE "worker" IS NULL;--> statement-breakpoint
DELETE FROM "closed_days" WHERE "worker" IS NULL;
