-- The site version: every statement that changes what the owner says on her site takes the next
-- stamp, in its own transaction, so no writer can forget it; the page cache renders every public
-- page again when it moves (server/page-cache.ts, docs/decisions/011-public-page-cache.md).
-- Since drizzle/0023.
CREATE OR REPLACE FUNCTION "bump_site_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_version" SET "version" = nextval('site_version_seq') WHERE "id" = 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "site_details_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE OR REPLACE TRIGGER "special_hours_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE OR REPLACE TRIGGER "gallery_photos_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE OR REPLACE TRIGGER "reviews_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE OR REPLACE TRIGGER "blog_posts_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE OR REPLACE TRIGGER "page_texts_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

-- The cancellation policy on /policies follows the owner's Payments settings (since drizzle/0041).
CREATE OR REPLACE TRIGGER "payment_settings_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE OR REPLACE TRIGGER "service_protections_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_protections"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
