CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_place_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"line" text NOT NULL,
	"items" jsonb NOT NULL,
	"service" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"periods" text[] NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_starts_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"offer_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_periods" CHECK ("waitlist_entries"."periods" <@ array['morning', 'afternoon', 'evening']::text[]),
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked')),
	CONSTRAINT "waitlist_entries_name_length" CHECK (char_length("waitlist_entries"."name") between 1 and 100),
	CONSTRAINT "waitlist_entries_email_length" CHECK (char_length("waitlist_entries"."email") between 3 and 254),
	CONSTRAINT "waitlist_entries_service_length" CHECK (char_length("waitlist_entries"."service") between 1 and 1000),
	CONSTRAINT "waitlist_entries_offer" CHECK ("waitlist_entries"."status" = 'waiting' or ("waitlist_entries"."offered_starts_at" is not null and "waitlist_entries"."offer_token_hash" is not null))
);
--> statement-breakpoint
CREATE INDEX "waitlist_entries_day_status" ON "waitlist_entries" USING btree ("day","status");--> statement-breakpoint
CREATE INDEX "waitlist_entries_line" ON "waitlist_entries" USING btree ("line","place");--> statement-breakpoint
CREATE INDEX "waitlist_entries_email" ON "waitlist_entries" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_offer_token_hash" ON "waitlist_entries" USING btree ("offer_token_hash");