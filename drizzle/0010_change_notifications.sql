-- Hand-written: every change that an open page shows (the day's appointments, the services, their
-- categories, closed days, contact messages) is announced on the channel "salon_changes", with the
-- table's name as the payload, when its transaction commits. Every server process listens
-- (PostgreSQL: LISTEN on its own connection; PGlite: the one process hears itself) and tells its
-- open pages through /events (server/live-events.ts). Triggers, so no writer can forget it; per
-- statement, and PostgreSQL folds a transaction's equal notifications into one.
CREATE FUNCTION "notify_salon_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('salon_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();--> statement-breakpoint
CREATE TRIGGER "appointment_types_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointment_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();--> statement-breakpoint
CREATE TRIGGER "service_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();--> statement-breakpoint
CREATE TRIGGER "closed_days_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();--> statement-breakpoint
CREATE TRIGGER "contact_entries_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_salon_change"();
