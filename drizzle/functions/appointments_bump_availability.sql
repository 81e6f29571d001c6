-- An appointment written moves the availability versions of the UTC days it blocks (its start to
-- blocked_until, clean-up included) and rebuilds its technician's busy times of those days
-- (refresh_technician_busy_days), old and new technician both when it moves to another. Since
-- drizzle/0006; the busy days since 0007; blocked_until since 0017.
CREATE OR REPLACE FUNCTION "appointments_bump_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    days := "appointment_days"(NEW.starts_at, NEW.blocked_until);
  ELSIF TG_OP = 'DELETE' THEN
    days := "appointment_days"(OLD.starts_at, OLD.blocked_until);
  ELSE
    days := "appointment_days"(OLD.starts_at, OLD.blocked_until) || "appointment_days"(NEW.starts_at, NEW.blocked_until);
  END IF;
  PERFORM "bump_availability"(days);
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_technician_busy_days"(NEW.technician, days);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_technician_busy_days"(OLD.technician, days);
  ELSE
    PERFORM "refresh_technician_busy_days"(OLD.technician, days);
    IF NEW.technician <> OLD.technician THEN
      PERFORM "refresh_technician_busy_days"(NEW.technician, days);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "appointments_bump_availability"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "technician", "starts_at", "ends_at", "buffer_min", "blocked_until" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_bump_availability"();
