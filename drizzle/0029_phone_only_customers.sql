ALTER TABLE "appointments" DROP CONSTRAINT "appointments_email_length";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_email_or_phone" CHECK ("appointments"."email" is not null or "appointments"."phone" is not null);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_email_length" CHECK ("appointments"."email" is null or char_length("appointments"."email") between 3 and 254);