ALTER TABLE "appointments" ADD COLUMN "client" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_confirm_token_hash" ON "appointments" USING btree ("confirm_token_hash") WHERE "appointments"."confirm_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "appointments_pending_until" ON "appointments" USING btree ("pending_until") WHERE "appointments"."pending_until" is not null;--> statement-breakpoint
CREATE INDEX "appointments_client" ON "appointments" USING btree ("client") WHERE "appointments"."client" is not null;