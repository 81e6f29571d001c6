CREATE TABLE "closed_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" text NOT NULL,
	"worker" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_days_date" CHECK ("closed_days"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "closed_days_worker_length" CHECK (char_length("closed_days"."worker") between 1 and 40),
	CONSTRAINT "closed_days_note_length" CHECK (char_length("closed_days"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_queued_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "closed_days_date_worker" ON "closed_days" USING btree ("date",coalesce("worker", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_manage_token_hash" ON "appointments" USING btree ("manage_token_hash") WHERE "appointments"."manage_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_sequence_not_negative" CHECK ("appointments"."sequence" >= 0);