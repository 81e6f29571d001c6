CREATE TABLE "availability_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle cannot declare sequences' uses, functions or triggers): the slot
-- listing cache (app/services/slot-listing-cache.server.ts) keeps a day's listing while the
-- versions of that day's rows stay the same. Triggers, so no writer can forget it.
-- A sequence, not counters: emptied and refilled (tests, a restore) the values never repeat.
CREATE SEQUENCE "availability_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_availability"(days date[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "availability_versions" AS v ("day", "version")
  SELECT d.day, nextval('availability_version_seq')
  FROM (SELECT DISTINCT unnest(days) AS day) AS d
  -- One order for every writer: two transactions never wait on each other's rows in a cycle.
  ORDER BY d.day
  ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
$$;--> statement-breakpoint
-- The UTC days an appointment touches (a listing reads the UTC days of its salon day).
CREATE FUNCTION "appointment_days"(starts_at timestamptz, ends_at timestamptz) RETURNS date[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(d::date) FROM generate_series(
    (starts_at AT TIME ZONE 'UTC')::date, (ends_at AT TIME ZONE 'UTC')::date, interval '1 day'
  ) AS d;
$$;--> statement-breakpoint
CREATE FUNCTION "appointments_bump_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_availability"("appointment_days"(NEW.starts_at, NEW.ends_at));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_availability"("appointment_days"(OLD.starts_at, OLD.ends_at));
  ELSE
    PERFORM "bump_availability"(
      "appointment_days"(OLD.starts_at, OLD.ends_at) || "appointment_days"(NEW.starts_at, NEW.ends_at)
    );
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_bump_availability"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "worker", "starts_at", "ends_at" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_bump_availability"();--> statement-breakpoint
-- Changes that can touch any day: closed days, the services (workers, durations), emptying.
CREATE FUNCTION "bump_availability_everywhere"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_availability"(ARRAY['-infinity'::date]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "closed_days_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();--> statement-breakpoint
CREATE TRIGGER "appointment_types_bump_availability"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointment_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();--> statement-breakpoint
CREATE TRIGGER "appointments_truncate_bump_availability"
  AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_availability_everywhere"();
