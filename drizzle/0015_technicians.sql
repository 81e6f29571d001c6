CREATE TABLE "technicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"hours" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technicians_name_length" CHECK (char_length("technicians"."name") between 1 and 40)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "technicians_name" ON "technicians" USING btree ("name");--> statement-breakpoint
-- Hand-written: every worker named so far becomes a technician who works whenever the salon is
-- open (hours null), as every worker did before; nothing booked changes.
INSERT INTO "technicians" ("name")
SELECT DISTINCT name FROM (
  SELECT unnest("workers") AS name FROM "appointment_types"
  UNION SELECT "worker" FROM "appointments"
  UNION SELECT "worker" FROM "closed_days" WHERE "worker" IS NOT NULL
) AS named
WHERE char_length(name) between 1 and 40
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "technicians_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "technicians"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();--> statement-breakpoint
CREATE TRIGGER "technicians_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "technicians"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();
