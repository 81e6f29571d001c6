CREATE TABLE "hold_firsts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client" text NOT NULL,
	"holder" text NOT NULL,
	"worker" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"forget_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hold_firsts_order" CHECK ("hold_firsts"."ends_at" > "hold_firsts"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "hold_firsts_client" ON "hold_firsts" USING btree ("client");--> statement-breakpoint
CREATE INDEX "hold_firsts_holder" ON "hold_firsts" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "hold_firsts_forget_at" ON "hold_firsts" USING btree ("forget_at");