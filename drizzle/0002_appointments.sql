CREATE TABLE "appointment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"days_of_week" text NOT NULL,
	"duration_min" integer NOT NULL,
	"description" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"workers" text[] NOT NULL,
	"price" text NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_type_length" CHECK (char_length("appointment_types"."type") between 1 and 80),
	CONSTRAINT "appointment_types_category_length" CHECK (char_length("appointment_types"."category") between 1 and 60),
	CONSTRAINT "appointment_types_description_length" CHECK (char_length("appointment_types"."description") between 1 and 1000),
	CONSTRAINT "appointment_types_duration" CHECK ("appointment_types"."duration_min" between 5 and 480 and "appointment_types"."duration_min" % 5 = 0),
	CONSTRAINT "appointment_types_start_time" CHECK ("appointment_types"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "appointment_types_end_time" CHECK ("appointment_types"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "appointment_types_hours_order" CHECK ("appointment_types"."end_time" > "appointment_types"."start_time"),
	CONSTRAINT "appointment_types_days" CHECK ("appointment_types"."days_of_week" ~ '^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(,(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday))*$'),
	CONSTRAINT "appointment_types_workers" CHECK (cardinality("appointment_types"."workers") between 1 and 10),
	CONSTRAINT "appointment_types_price" CHECK ("appointment_types"."price" ~ '^\$[0-9]{1,5}(\.[0-9]{2})?\+?$')
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"type_id" uuid,
	"type_name" text NOT NULL,
	"category" text NOT NULL,
	"worker" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"price" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"manage_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "appointments_order" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_name_length" CHECK (char_length("appointments"."name") between 1 and 100),
	CONSTRAINT "appointments_email_length" CHECK (char_length("appointments"."email") between 3 and 254),
	CONSTRAINT "appointments_phone_length" CHECK ("appointments"."phone" is null or char_length("appointments"."phone") <= 30),
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('booked', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_type_id_appointment_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."appointment_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_starts_at" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_worker_starts_at" ON "appointments" USING btree ("worker","starts_at");