-- Every change that an open page shows is announced on the channel "salon_changes"
-- (server/live-events.ts, CHANGES_CHANNEL), with the table's name as the payload, when its
-- transaction commits (docs/decisions/015-live-pages.md). Every server process listens and tells
-- its open pages through /events. Triggers, so no writer can forget it; per statement, and
-- PostgreSQL folds a transaction's equal notifications into one. Since drizzle/0010; the
-- triggers since 0010, 0015 and 0023.
CREATE OR REPLACE FUNCTION "notify_salon_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('salon_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "appointments_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "appointment_types_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointment_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "service_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "closed_days_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "contact_entries_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "technicians_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "technicians"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "site_details_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();

CREATE OR REPLACE TRIGGER "special_hours_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "special_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();
