CREATE TABLE "slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder" text NOT NULL,
	"worker" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_holds_order" CHECK ("slot_holds"."ends_at" > "slot_holds"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "slot_holds_holder" ON "slot_holds" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "slot_holds_worker_starts_at" ON "slot_holds" USING btree ("worker","starts_at");--> statement-breakpoint
-- Hand-written below (docs/product.md#holds). Two live holds never share a technician's time:
-- whoever places a hold first deletes the expired ones of its technicians in its transaction.
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_no_overlap"
  EXCLUDE USING gist ("worker" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);--> statement-breakpoint
-- A hold changes what the listing offers its days: their availability versions go up, as for an
-- appointment (drizzle/0006), so kept listings are read again; expiry needs no write (listings
-- compare expires_at with the clock).
CREATE FUNCTION "slot_holds_bump_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_availability"("appointment_days"(NEW.starts_at, NEW.ends_at));
  ELSE
    PERFORM "bump_availability"("appointment_days"(OLD.starts_at, OLD.ends_at));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "slot_holds_bump_availability" AFTER INSERT OR DELETE ON "slot_holds"
  FOR EACH ROW EXECUTE FUNCTION "slot_holds_bump_availability"();
