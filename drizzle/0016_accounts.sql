CREATE TABLE "staff_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "staff_actions_action_length" CHECK (char_length("staff_actions"."action") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_actions_at" ON "staff_actions" USING btree ("at");--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role" CHECK ("staff_users"."role" in ('owner', 'staff'));--> statement-breakpoint
-- Hand-written: every account so far was made by the command-line tool, the owner's: owners all.
UPDATE "staff_users" SET "role" = 'owner';
