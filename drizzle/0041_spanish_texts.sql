ALTER TABLE "appointment_types" ADD COLUMN "type_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "description_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_entries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_texts" ADD COLUMN "value_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "name_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "summary_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "description_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_details" ADD COLUMN "tagline_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_details" ADD COLUMN "description_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "special_hours" ADD COLUMN "note_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_spanish_length" CHECK (char_length("appointment_types"."type_es") <= 80 and char_length("appointment_types"."description_es") <= 1000);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_language" CHECK ("appointments"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_language" CHECK ("blog_posts"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "contact_entries" ADD CONSTRAINT "contact_entries_language" CHECK ("contact_entries"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_value_es_length" CHECK (char_length("page_texts"."value_es") <= 5000);--> statement-breakpoint
ALTER TABLE "service_categories" ADD CONSTRAINT "service_categories_spanish_length" CHECK (char_length("service_categories"."name_es") <= 60 and char_length("service_categories"."summary_es") <= 300 and char_length("service_categories"."description_es") <= 1000);--> statement-breakpoint
ALTER TABLE "site_details" ADD CONSTRAINT "site_details_spanish_length" CHECK (char_length("site_details"."tagline_es") <= 160 and char_length("site_details"."description_es") <= 1000);--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_note_es_length" CHECK (char_length("special_hours"."note_es") <= 100);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_language" CHECK ("waitlist_entries"."language" in ('en', 'es'));