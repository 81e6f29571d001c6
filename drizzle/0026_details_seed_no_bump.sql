-- Hand-written: the details row's first insert (its seed, written by the first read of a database
-- without it) changes no hours: before it, the booking engine read the same first-start week. So
-- only a change or removal of the row moves every day's availability (drizzle/0006); an insert
-- no longer empties every process's kept listings and month answers.
DROP TRIGGER "site_details_bump_availability" ON "site_details";--> statement-breakpoint
CREATE TRIGGER "site_details_bump_availability" AFTER UPDATE OR DELETE OR TRUNCATE ON "site_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();
