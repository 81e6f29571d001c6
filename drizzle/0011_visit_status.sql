ALTER TABLE "appointments" ADD COLUMN "visit_status" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_status" CHECK ("appointments"."visit_status" is null or "appointments"."visit_status" in ('arrived', 'completed', 'no_show'));