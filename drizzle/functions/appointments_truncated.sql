-- Emptying the appointments empties the technician busy days and moves every day's availability.
-- Since drizzle/0007 (0006's trigger, given this function).
CREATE OR REPLACE FUNCTION "appointments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "technician_busy_days";
  PERFORM "bump_availability"(ARRAY['-infinity'::date]);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "appointments_truncate_bump_availability"
  AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_truncated"();
