-- Hand-written (custom migration, issue 37): a technician was called a "worker" in the
-- database's names too (docs/architecture.md#words). Renamed in place, every row kept: the
-- busy days' table, the columns, their indexes, keys and checks, and the function that rebuilds
-- the busy days. The functions and triggers that name them are replaced by their files'
-- current text (drizzle/functions/, docs/architecture.md#data); the exclusion constraints
-- (appointments_no_overlap, slot_holds_no_overlap) follow their column's new name by themselves.
ALTER TABLE "worker_busy_days" RENAME TO "technician_busy_days";--> statement-breakpoint
ALTER TABLE "technician_busy_days" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER TABLE "technician_busy_days" RENAME CONSTRAINT "worker_busy_days_worker_day_pk" TO "technician_busy_days_technician_day_pk";--> statement-breakpoint
ALTER TABLE "appointment_types" RENAME COLUMN "workers" TO "technicians";--> statement-breakpoint
ALTER TABLE "appointment_types" RENAME CONSTRAINT "appointment_types_workers" TO "appointment_types_technicians";--> statement-breakpoint
ALTER TABLE "appointments" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER INDEX "appointments_worker_starts_at" RENAME TO "appointments_technician_starts_at";--> statement-breakpoint
ALTER TABLE "report_days" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER TABLE "report_days" RENAME CONSTRAINT "report_days_day_worker_pk" TO "report_days_day_technician_pk";--> statement-breakpoint
ALTER TABLE "report_months" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER TABLE "report_months" RENAME CONSTRAINT "report_months_day_worker_pk" TO "report_months_day_technician_pk";--> statement-breakpoint
ALTER TABLE "closed_days" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER INDEX "closed_days_date_worker" RENAME TO "closed_days_date_technician";--> statement-breakpoint
ALTER TABLE "closed_days" RENAME CONSTRAINT "closed_days_worker_length" TO "closed_days_technician_length";--> statement-breakpoint
ALTER TABLE "hold_firsts" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER TABLE "slot_holds" RENAME COLUMN "worker" TO "technician";--> statement-breakpoint
ALTER INDEX "slot_holds_worker_starts_at" RENAME TO "slot_holds_technician_starts_at";--> statement-breakpoint
-- PostgreSQL 18 (PGlite) names a NOT NULL constraint after its table and column, as a new
-- database would have them now; PostgreSQL 15 keeps none, and this renames nothing there.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE contype = 'n' AND conname ~ 'worker' AND connamespace = 'public'::regnamespace
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.tbl, c.conname,
      replace(c.conname, 'worker', 'technician'));
  END LOOP;
END $$;
--> statement-breakpoint
-- drizzle/functions/refresh_technician_busy_days.sql
-- The slot listing reads a technician's booked times of a day from one row of technician_busy_days
-- instead of from every appointment (docs/decisions/013-slot-listing-cache.md). A technician's rows
-- for `days` (UTC days), rebuilt from the appointments, clean-up included (blocked_until).
-- Always called after bump_availability(days) in the same transaction: every writer of these days
-- holds their version rows' locks until it commits, so two transactions never rebuild the same
-- row at once, and this statement's snapshot, taken after the lock, sees every earlier committed
-- change. Since drizzle/0007; blocked_until since 0017.
CREATE OR REPLACE FUNCTION "refresh_technician_busy_days"(w text, days date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "technician_busy_days" WHERE "technician" = w AND "day" = ANY(days);
  INSERT INTO "technician_busy_days" ("technician", "day", "starts", "ends")
  SELECT w, d.day, b.starts, b.ends
  FROM (SELECT DISTINCT unnest(days) AS day) AS d
  CROSS JOIN LATERAL (
    SELECT array_agg(date_part('epoch', a.starts_at) ORDER BY a.starts_at, a.blocked_until) AS starts,
      array_agg(date_part('epoch', a.blocked_until) ORDER BY a.starts_at, a.blocked_until) AS ends
    FROM "appointments" AS a
    WHERE a.technician = w AND a.status = 'booked'
      AND tstzrange(a.starts_at, a.blocked_until, '[)') &&
        tstzrange(d.day::timestamp AT TIME ZONE 'UTC', (d.day + 1)::timestamp AT TIME ZONE 'UTC', '[)')
  ) AS b
  WHERE b.starts IS NOT NULL;
$$;
--> statement-breakpoint
-- drizzle/functions/appointments_bump_availability.sql
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "appointments_bump_availability"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "technician", "starts_at", "ends_at", "buffer_min", "blocked_until" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_bump_availability"();
--> statement-breakpoint
-- drizzle/functions/appointments_truncated.sql
-- Emptying the appointments empties the technician busy days and moves every day's availability.
-- Since drizzle/0007 (0006's trigger, given this function).
CREATE OR REPLACE FUNCTION "appointments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "technician_busy_days";
  PERFORM "bump_availability"(ARRAY['-infinity'::date]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "appointments_truncate_bump_availability"
  AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "appointments_truncated"();
--> statement-breakpoint
-- drizzle/functions/month_listing_data.sql
-- What the day listing reads for one date (app/services/booking/slot-listing.server.ts), for every
-- date of a month, as one JSON value: the availability version of the month's UTC days, the
-- services and add-ons asked for, closed days and days off, the salon's week and special hours,
-- the technicians' own hours, holds, and each technician's booked times per UTC day as the bounds of
-- technician_busy_days.busy (busy_ranges) in one text. A PL/pgSQL function because its statement is
-- planned once per connection and kept: sent as a statement, PGlite planned it on every request
-- (about a third of its cost, docs/performance.md, "/schedule/days").
-- app/services/booking/month-data.server.ts reads it. Since drizzle/0033.
CREATE OR REPLACE FUNCTION "month_listing_data"(p_type_ids uuid[], p_first text, p_last text,
  p_start timestamptz, p_end timestamptz, p_version_first date, p_version_last date)
  RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  ws text[];
BEGIN
  -- Every technician of the services: a requested one is among them (the listing checks).
  SELECT coalesce(array_agg(DISTINCT w.name), '{}') INTO ws
  FROM "appointment_types" AS t CROSS JOIN LATERAL unnest(t.technicians) AS w(name)
  WHERE t.id = ANY(p_type_ids);
  RETURN json_build_object(
    'version', (SELECT coalesce(max(v.version), 0) FROM "availability_versions" AS v
      WHERE v.day BETWEEN p_version_first AND p_version_last OR v.day = '-infinity'),
    'types', (SELECT json_agg(json_build_object('id', t.id, 'durationMin', t.duration_min,
        'daysOfWeek', t.days_of_week, 'startTime', t.start_time, 'endTime', t.end_time,
        'technicians', t.technicians, 'bufferMin', t.buffer_min, 'sideBySide', t.side_by_side,
        'addOn', t.add_on))
      FROM "appointment_types" AS t WHERE t.id = ANY(p_type_ids)),
    'closed', (SELECT json_agg(json_build_object('date', c.date, 'technician', c.technician))
      FROM "closed_days" AS c WHERE c.date BETWEEN p_first AND p_last),
    'hours', (SELECT s.hours FROM "site_details" AS s WHERE s.id = 1),
    'special', (SELECT json_agg(json_build_object('fromDate', sp.from_date, 'toDate', sp.to_date,
        'closed', sp.closed, 'opens', sp.opens, 'closes', sp.closes) ORDER BY sp.created_at)
      FROM "special_hours" AS sp WHERE sp.from_date <= p_last AND sp.to_date >= p_first),
    'technicianHours', (SELECT json_object_agg(th.name, th.hours) FROM "technicians" AS th
      WHERE th.name = ANY(ws) AND th.hours IS NOT NULL),
    'holds', (SELECT json_agg(json_build_object('technician', h.technician,
        'start', date_part('epoch', h.starts_at), 'end', date_part('epoch', h.ends_at),
        'expires', date_part('epoch', h.expires_at), 'holder', h.holder))
      FROM "slot_holds" AS h
      WHERE h.technician = ANY(ws) AND h.starts_at < p_end AND h.ends_at > p_start),
    'busy', (SELECT json_agg(json_build_array(b.technician, b.day,
        (SELECT string_agg(date_part('epoch', lower(r)) || ',' || date_part('epoch', upper(r)), ',')
          FROM unnest(b.busy) AS r)))
      FROM "technician_busy_days" AS b
      WHERE b.technician = ANY(ws)
        AND b.day BETWEEN (p_start AT TIME ZONE 'UTC')::date AND (p_end AT TIME ZONE 'UTC')::date)
  );
END $$;
--> statement-breakpoint
-- drizzle/functions/report_add.sql
-- The report's figures per salon date (docs/product.md#reports, docs/performance.md, "Reports over
-- a year"): the appointments' part of each salon date's figures, `minus` taken away, `plus`
-- added, in one pass (a move's old and new rows summed per key, upserted once), each table's rows
-- upserted in key order, so two writers never wait for each other's rows crosswise. A salon date
-- is the date of an instant on the salon's clock (salon_time_zone()). Called by the statement
-- triggers of report_appointments.sql, in the writer's own transaction. Since drizzle/0032; the
-- zone from salon_time_zone() since 0036.
CREATE OR REPLACE FUNCTION "report_add"(minus "appointments"[], plus "appointments"[]) RETURNS void
LANGUAGE sql AS $$
  WITH d AS (
    SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date AS day, a.technician,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked'), 0) AS booked,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked' AND a.visit_status = 'completed'),
        0) AS completed,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked' AND a.visit_status = 'no_show'),
        0) AS no_shows,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'cancelled'), 0) AS cancelled,
      coalesce(sum(a.delta) FILTER (WHERE a.status = 'booked' AND a.visit_status = 'completed'
        AND a.charged_cents IS NOT NULL), 0) AS charged,
      coalesce(sum(a.delta * a.charged_cents) FILTER (WHERE a.status = 'booked'
        AND a.visit_status = 'completed'), 0) AS charged_cents,
      coalesce(sum(a.delta * a.tip_cents) FILTER (WHERE a.status = 'booked'
        AND a.visit_status = 'completed'), 0) AS tip_cents,
      coalesce(sum(a.delta * extract(epoch FROM a.ends_at - a.starts_at)) FILTER (
        WHERE a.status = 'booked'), 0) AS booked_seconds
    FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
    WHERE a.pending_until IS NULL
    GROUP BY 1, 2),
  by_day AS (INSERT INTO "report_days" AS t
    SELECT * FROM d ORDER BY day, technician
    ON CONFLICT ("day", "technician") DO UPDATE SET "booked" = t.booked + excluded.booked,
      "completed" = t.completed + excluded.completed, "no_shows" = t.no_shows + excluded.no_shows,
      "cancelled" = t.cancelled + excluded.cancelled, "charged" = t.charged + excluded.charged,
      "charged_cents" = t.charged_cents + excluded.charged_cents,
      "tip_cents" = t.tip_cents + excluded.tip_cents,
      "booked_seconds" = t.booked_seconds + excluded.booked_seconds)
  INSERT INTO "report_months" AS t
  SELECT date_trunc('month', day)::date, technician, sum(booked), sum(completed), sum(no_shows),
    sum(cancelled), sum(charged), sum(charged_cents), sum(tip_cents), sum(booked_seconds)
  FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "technician") DO UPDATE SET "booked" = t.booked + excluded.booked,
    "completed" = t.completed + excluded.completed, "no_shows" = t.no_shows + excluded.no_shows,
    "cancelled" = t.cancelled + excluded.cancelled, "charged" = t.charged + excluded.charged,
    "charged_cents" = t.charged_cents + excluded.charged_cents,
    "tip_cents" = t.tip_cents + excluded.tip_cents,
    "booked_seconds" = t.booked_seconds + excluded.booked_seconds;
  INSERT INTO "report_day_counts" AS t ("day", "kind", "name", "count", "cents")
  SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date, f.kind, f.name,
    sum(a.delta), coalesce(sum(a.delta * f.cents), 0)
  FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
  CROSS JOIN LATERAL (VALUES ('service', a.type_name,
      CASE WHEN a.visit_status = 'completed' THEN a.charged_cents END),
    ('channel', a.channel, NULL::integer),
    (CASE WHEN a.visit_status = 'completed' AND a.charged_cents IS NOT NULL THEN 'charged' END,
      '', a.charged_cents),
    (CASE WHEN a.visit_status IS NULL THEN 'unmarked' END, '', a.price_cents)) AS f(kind, name, cents)
  WHERE a.status = 'booked' AND a.pending_until IS NULL AND f.kind IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "name") DO UPDATE SET "count" = t.count + excluded.count,
    "cents" = t.cents + excluded.cents;
  INSERT INTO "report_cancellations" AS t ("day", "lead_ms", "count")
  SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date,
    floor(extract(epoch FROM a.starts_at - a.cancelled_at) * 1000)::bigint, sum(a.delta)
  FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
  WHERE a.status = 'cancelled' AND a.pending_until IS NULL AND a.cancelled_at IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "lead_ms") DO UPDATE SET "count" = t.count + excluded.count;
  -- Each appointment's seconds split over the wall-clock hours it spans, as the report did.
  INSERT INTO "report_hours" AS t ("day", "hour", "appointments", "seconds")
  SELECT w.day::date, h.hour, sum(w.delta),
    sum(w.delta * extract(epoch FROM least(w.le, w.day + (h.hour + 1) * interval '1 hour')
      - greatest(w.ls, w.day + h.hour * interval '1 hour')))
  FROM (SELECT a.starts_at AT TIME ZONE salon_time_zone() AS ls,
      a.ends_at AT TIME ZONE salon_time_zone() AS le,
      date_trunc('day', a.starts_at AT TIME ZONE salon_time_zone()) AS day, a.delta
    FROM (SELECT *, -1 AS delta FROM unnest(minus) UNION ALL SELECT *, 1 FROM unnest(plus)) AS a
    WHERE a.status = 'booked' AND a.pending_until IS NULL) AS w
  CROSS JOIN LATERAL generate_series(extract(hour FROM w.ls)::int,
    extract(hour FROM w.le - interval '1 microsecond')::int) AS h(hour)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "hour") DO UPDATE SET "appointments" = t.appointments + excluded.appointments,
    "seconds" = t.seconds + excluded.seconds;
$$;
--> statement-breakpoint
-- drizzle/functions/report_appointments.sql
-- The statement triggers on appointments that keep the report's figures (docs/product.md#reports)
-- in each change's own transaction (docs/performance.md, "Reports over a year"): the rows
-- inserted, deleted or changed go to report_add, their clients to report_refresh_clients; an
-- update counts only the rows whose counted columns changed (a reminder stamp or a token changes
-- none), and recounts their clients only when what report_refresh_client_group reads changed (a
-- technician renamed changes none). Emptying the table empties the figures. Since drizzle/0032;
-- the clients' keys from customer_key() since 0036.
CREATE OR REPLACE FUNCTION "report_appointments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_add"('{}', array(SELECT n::"appointments" FROM new_rows AS n));
  PERFORM "report_refresh_clients"(array(
    SELECT DISTINCT customer_key(n.email, n.phone) FROM new_rows AS n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_appointments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_add"(array(SELECT o::"appointments" FROM old_rows AS o), '{}');
  PERFORM "report_refresh_clients"(array(
    SELECT DISTINCT customer_key(o.email, o.phone) FROM old_rows AS o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_appointments_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before "appointments"[];
  after "appointments"[];
BEGIN
  SELECT array_agg(o::"appointments"), array_agg(n::"appointments") INTO before, after
  FROM old_rows AS o JOIN new_rows AS n USING (id)
  WHERE (o.starts_at, o.ends_at, o.technician, o.type_name, o.channel, o.status, o.pending_until,
      o.visit_status, o.charged_cents, o.tip_cents, o.price_cents, o.cancelled_at, o.email,
      o.phone, o.visit_id, o.created_at)
    IS DISTINCT FROM (n.starts_at, n.ends_at, n.technician, n.type_name, n.channel, n.status,
      n.pending_until, n.visit_status, n.charged_cents, n.tip_cents, n.price_cents,
      n.cancelled_at, n.email, n.phone, n.visit_id, n.created_at);
  IF before IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM "report_add"(before, after);
  PERFORM "report_refresh_clients"(array(
    SELECT c.k FROM old_rows AS o JOIN new_rows AS n USING (id)
    CROSS JOIN LATERAL (VALUES (customer_key(o.email, o.phone)),
      (customer_key(n.email, n.phone))) AS c(k)
    WHERE (o.starts_at, o.ends_at, o.created_at, o.channel, o.status, o.pending_until,
        o.visit_status, o.email, o.phone, o.visit_id)
      IS DISTINCT FROM (n.starts_at, n.ends_at, n.created_at, n.channel, n.status,
        n.pending_until, n.visit_status, n.email, n.phone, n.visit_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_appointments_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_forget_all"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_inserted" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_inserted"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_updated" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_updated"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_deleted" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_deleted"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_appointments_truncated" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_appointments_truncated"();
--> statement-breakpoint
DROP FUNCTION "refresh_worker_busy_days"(text, date[]);
