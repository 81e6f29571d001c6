CREATE TABLE "service_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "service_categories_name_unique" UNIQUE("name"),
	CONSTRAINT "service_categories_slug" CHECK ("service_categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "service_categories_name_length" CHECK (char_length("service_categories"."name") between 1 and 60),
	CONSTRAINT "service_categories_summary_length" CHECK (char_length("service_categories"."summary") <= 300),
	CONSTRAINT "service_categories_description_length" CHECK (char_length("service_categories"."description") <= 1000)
);
--> statement-breakpoint
-- Hand-written: the menu pages (/, /services, /schedule) are kept under the stamp of the changes
-- that touch every day (drizzle/0006); an edited category must move it as an edited type does.
CREATE TRIGGER "service_categories_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();
