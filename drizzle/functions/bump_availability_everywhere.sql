-- Changes that can touch any day move the availability version of every day (the row
-- '-infinity', docs/decisions/013-slot-listing-cache.md): closed days and technicians' days off,
-- the services (technicians, durations) and their categories (the menu pages are kept under this
-- stamp), the team, the salon's opening hours and special hours. Since drizzle/0006; the
-- triggers since 0006, 0009, 0015 and 0023.
CREATE OR REPLACE FUNCTION "bump_availability_everywhere"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_availability"(ARRAY['-infinity'::date]);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "closed_days_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();

CREATE OR REPLACE TRIGGER "appointment_types_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointment_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();

CREATE OR REPLACE TRIGGER "service_categories_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();

CREATE OR REPLACE TRIGGER "technicians_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "technicians"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();

-- The details row's first insert (its seed, written by the first read of a database without it)
-- changes no hours: only a change or removal of the row moves every day (drizzle/0026).
CREATE OR REPLACE TRIGGER "site_details_bump_availability"
  AFTER UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();

CREATE OR REPLACE TRIGGER "special_hours_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();
