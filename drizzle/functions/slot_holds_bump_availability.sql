-- A hold changes what the listing offers its days (docs/product.md#holds): their availability
-- versions go up, as for an appointment, so kept listings are read again; expiry needs no write
-- (listings compare expires_at with the clock). Since drizzle/0018.
CREATE OR REPLACE FUNCTION "slot_holds_bump_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_availability"("appointment_days"(NEW.starts_at, NEW.ends_at));
  ELSE
    PERFORM "bump_availability"("appointment_days"(OLD.starts_at, OLD.ends_at));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "slot_holds_bump_availability" AFTER INSERT OR DELETE ON "slot_holds"
  FOR EACH ROW EXECUTE FUNCTION "slot_holds_bump_availability"();
