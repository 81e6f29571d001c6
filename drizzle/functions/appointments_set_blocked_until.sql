-- A service's clean-up minutes keep its technician busy after it (docs/product.md#visits):
-- blocked_until (ends_at + buffer_min) is set here on every write, so no writer can forget it;
-- the exclusion constraint and the listing's busy times use it instead of ends_at. Since
-- drizzle/0017.
CREATE OR REPLACE FUNCTION "appointments_set_blocked_until"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_until := NEW.ends_at + make_interval(mins => NEW.buffer_min);
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "appointments_set_blocked_until"
  BEFORE INSERT OR UPDATE OF "ends_at", "buffer_min", "blocked_until" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_set_blocked_until"();
