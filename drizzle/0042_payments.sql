CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cancellation_window_hours" integer DEFAULT 24 NOT NULL,
	"late_cancel_fee_percent" integer DEFAULT 50 NOT NULL,
	"no_show_fee_percent" integer DEFAULT 50 NOT NULL,
	"policy_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_window" CHECK ("payment_settings"."cancellation_window_hours" between 0 and 720),
	CONSTRAINT "payment_settings_fees" CHECK ("payment_settings"."late_cancel_fee_percent" between 0 and 100 and "payment_settings"."no_show_fee_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "service_protections" (
	"type_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"deposit_cents" integer,
	"deposit_percent" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_protections_kind" CHECK ("service_protections"."kind" in ('card', 'deposit')),
	CONSTRAINT "service_protections_deposit" CHECK (("service_protections"."kind" = 'card' and "service_protections"."deposit_cents" is null and "service_protections"."deposit_percent" is null) or ("service_protections"."kind" = 'deposit' and (("service_protections"."deposit_cents" between 1 and 1000000 and "service_protections"."deposit_percent" is null) or ("service_protections"."deposit_percent" between 1 and 100 and "service_protections"."deposit_cents" is null))))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_events_id_length" CHECK (char_length("stripe_events"."id") between 1 and 255),
	CONSTRAINT "stripe_events_type_length" CHECK (char_length("stripe_events"."type") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "service_protections" ADD CONSTRAINT "service_protections_type_id_appointment_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- /policies says the cancellation policy these tables make: a change renders it again
-- (drizzle/functions/bump_site_version.sql).
CREATE OR REPLACE TRIGGER "payment_settings_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "service_protections_bump_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_protections"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
