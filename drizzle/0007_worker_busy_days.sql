CREATE TABLE "worker_busy_days" (
	"worker" text NOT NULL,
	"day" date NOT NULL,
	"starts" double precision[] NOT NULL,
	"ends" double precision[] NOT NULL,
	CONSTRAINT "worker_busy_days_worker_day_pk" PRIMARY KEY("worker","day")
);
--> statement-breakpoint
-- Hand-written below (drizzle cannot declare functions or triggers): the slot listing reads a
-- worker's booked times of a day from one row here instead of from every appointment
-- (docs/decisions/013-slot-listing-cache.md). Kept by the trigger that stamps the availability
-- versions (drizzle/0006), so no writer can forget it.
-- A worker's rows for `days` (UTC days), rebuilt from the appointments. Always called after
-- bump_availability(days) in the same transaction: every writer of these days holds their version
-- rows' locks until it commits, so two transactions never rebuild the same row at once, and this
-- statement's snapshot, taken after the lock, sees every earlier committed change.
CREATE FUNCTION "refresh_worker_busy_days"(w text, days date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "worker_busy_days" WHERE "worker" = w AND "day" = ANY(days);
  INSERT INTO "worker_busy_days" ("worker", "day", "starts", "ends")
  SELECT w, d.day, b.starts, b.ends
  FROM (SELECT DISTINCT unnest(days) AS day) AS d
  -- One lookup per day in the exclusion constraint's GiST index (drizzle/0003), as the listing did.
  CROSS JOIN LATERAL (
    SELECT array_agg(date_part('epoch', a.starts_at) ORDER BY a.starts_at, a.ends_at) AS starts,
      array_agg(date_part('epoch', a.ends_at) ORDER BY a.starts_at, a.ends_at) AS ends
    FROM "appointments" AS a
    WHERE a.worker = w AND a.status = 'booked'
      AND tstzrange(a.starts_at, a.ends_at, '[)') &&
        tstzrange(d.day::timestamp AT TIME ZONE 'UTC', (d.day + 1)::timestamp AT TIME ZONE 'UTC', '[)')
  ) AS b
  WHERE b.starts IS NOT NULL;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointments_bump_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    days := "appointment_days"(NEW.starts_at, NEW.ends_at);
  ELSIF TG_OP = 'DELETE' THEN
    days := "appointment_days"(OLD.starts_at, OLD.ends_at);
  ELSE
    days := "appointment_days"(OLD.starts_at, OLD.ends_at) || "appointment_days"(NEW.starts_at, NEW.ends_at);
  END IF;
  PERFORM "bump_availability"(days);
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_worker_busy_days"(NEW.worker, days);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_worker_busy_days"(OLD.worker, days);
  ELSE
    PERFORM "refresh_worker_busy_days"(OLD.worker, days);
    IF NEW.worker <> OLD.worker THEN
      PERFORM "refresh_worker_busy_days"(NEW.worker, days);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "appointments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "worker_busy_days";
  PERFORM "bump_availability"(ARRAY['-infinity'::date]);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "appointments_truncate_bump_availability" ON "appointments";--> statement-breakpoint
CREATE TRIGGER "appointments_truncate_bump_availability"
  AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_truncated"();--> statement-breakpoint
-- The appointments already stored.
INSERT INTO "worker_busy_days" ("worker", "day", "starts", "ends")
SELECT a.worker, d.day,
  array_agg(date_part('epoch', a.starts_at) ORDER BY a.starts_at, a.ends_at),
  array_agg(date_part('epoch', a.ends_at) ORDER BY a.starts_at, a.ends_at)
FROM "appointments" AS a
CROSS JOIN LATERAL unnest("appointment_days"(a.starts_at, a.ends_at)) AS d(day)
WHERE a.status = 'booked'
  AND tstzrange(a.starts_at, a.ends_at, '[)') &&
    tstzrange(d.day::timestamp AT TIME ZONE 'UTC', (d.day + 1)::timestamp AT TIME ZONE 'UTC', '[)')
GROUP BY a.worker, d.day;
