-- Hand-written (custom migration, issue 37): the current text of every SQL function and trigger
-- is drizzle/functions/*.sql, applied by the app after the migrations whenever those files
-- changed (app/services/db/sql-functions.server.ts, docs/architecture.md#data). Here:
-- - sql_function_files: the hash of the files last applied, so an unchanged start skips them.
-- - salon_time_zone(), forgotten_customer_key() and customer_key(email, phone): what drizzle/0032
--   and 0034 wrote out ('America/Chicago' 13 times, 'forgotten@invalid', the customer key's
--   expression 11 times), now written once (drizzle/functions/salon_constants.sql and
--   customer_key.sql, checked against the TypeScript code by
--   tests/integration/sql-functions.test.ts), and the report's functions that wrote them, as
--   their files have them now. Inlined by the planner: the same plans and figures as before.
CREATE TABLE "sql_function_files" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "sql_function_files_one_row" CHECK ("sql_function_files"."id" = 1)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "salon_time_zone"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'America/Chicago'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "forgotten_customer_key"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'forgotten@invalid'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_key"(email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(lower(trim(email)), 'tel:' || phone)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_add"(minus "appointments"[], plus "appointments"[]) RETURNS void
LANGUAGE sql AS $$
  WITH d AS (
    SELECT (a.starts_at AT TIME ZONE salon_time_zone())::date AS day, a.worker,
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
    SELECT * FROM d ORDER BY day, worker
    ON CONFLICT ("day", "worker") DO UPDATE SET "booked" = t.booked + excluded.booked,
      "completed" = t.completed + excluded.completed, "no_shows" = t.no_shows + excluded.no_shows,
      "cancelled" = t.cancelled + excluded.cancelled, "charged" = t.charged + excluded.charged,
      "charged_cents" = t.charged_cents + excluded.charged_cents,
      "tip_cents" = t.tip_cents + excluded.tip_cents,
      "booked_seconds" = t.booked_seconds + excluded.booked_seconds)
  INSERT INTO "report_months" AS t
  SELECT date_trunc('month', day)::date, worker, sum(booked), sum(completed), sum(no_shows),
    sum(cancelled), sum(charged), sum(charged_cents), sum(tip_cents), sum(booked_seconds)
  FROM d GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("day", "worker") DO UPDATE SET "booked" = t.booked + excluded.booked,
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
CREATE OR REPLACE FUNCTION "report_refresh_clients"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sorted text[] := array(SELECT DISTINCT k FROM unnest(keys) AS k
    WHERE k <> forgotten_customer_key() ORDER BY 1);
  i integer := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(20261127, b.bucket)
  FROM (SELECT DISTINCT hashtext(k) & 127 AS bucket FROM unnest(sorted) AS k ORDER BY 1) AS b;
  WHILE i <= coalesce(array_length(sorted, 1), 0) LOOP
    PERFORM "report_refresh_client_group"(sorted[i:i + 49]);
    i := i + 50;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_refresh_client_group"(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone "report_visits"[];
  fresh "report_visits"[];
BEGIN
  WITH d AS (DELETE FROM "report_visits" WHERE "k" = ANY(keys) RETURNING *)
  SELECT array_agg(d::"report_visits") INTO gone FROM d;
  WITH client_rows AS (
    SELECT customer_key(a.email, a.phone) AS k, a.visit_id, a.starts_at,
      a.ends_at, a.created_at, a.channel, a.status = 'booked' AS kept,
      a.status = 'booked' AND a.visit_status = 'completed' AS done
    FROM "appointments" AS a
    WHERE customer_key(a.email, a.phone) = ANY(keys) AND a.pending_until IS NULL),
  -- What was booked after each start: the least created_at of the kept rows starting later.
  later AS (SELECT *, min(created_at) FILTER (WHERE kept) OVER (PARTITION BY k ORDER BY starts_at
      RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE GROUP) AS booked_after
    FROM client_rows),
  visits AS (SELECT k, visit_id,
      min(created_at) FILTER (WHERE channel = 'online') AS online_at,
      range_agg(daterange((created_at AT TIME ZONE salon_time_zone())::date,
        (created_at AT TIME ZONE salon_time_zone())::date, '[]'))
        FILTER (WHERE channel = 'online') AS online_days,
      min(starts_at) FILTER (WHERE done) AS done_start,
      max(ends_at) FILTER (WHERE done) AS done_end,
      max(starts_at) FILTER (WHERE kept) AS last_start,
      -- Only grows with the start: the visit's greatest is the value at its last start.
      max(coalesce(booked_after, 'infinity')) FILTER (WHERE kept) AS booked_after
    FROM later GROUP BY k, visit_id),
  made AS (INSERT INTO "report_visits" ("k", "visit_id", "online_day", "done_day", "rebooked",
      "online_later")
    SELECT v.k, v.visit_id, (v.online_at AT TIME ZONE salon_time_zone())::date,
      (v.done_start AT TIME ZONE salon_time_zone())::date,
      v.done_start IS NOT NULL AND (v.booked_after <= v.done_end + interval '24 hours'
        -- Another visit's rows between this one's first completed start and its last start.
        OR (v.last_start > v.done_start AND EXISTS (SELECT 1 FROM "appointments" AS b
          WHERE customer_key(b.email, b.phone) = v.k
            AND b.visit_id <> v.visit_id AND b.status = 'booked' AND b.pending_until IS NULL
            AND b.starts_at > v.done_start AND b.starts_at <= v.last_start
            AND b.created_at <= v.done_end + interval '24 hours'))),
      -- Its rows booked online on later dates than the first (a visit is counted once).
      nullif(v.online_days - datemultirange(daterange((v.online_at AT TIME ZONE salon_time_zone())::date,
        (v.online_at AT TIME ZONE salon_time_zone())::date, '[]')), '{}')
    FROM visits AS v WHERE v.online_at IS NOT NULL OR v.done_start IS NOT NULL
    RETURNING *)
  SELECT array_agg(made::"report_visits") INTO fresh FROM made;
  PERFORM "report_count_visits"(gone, fresh);
  DELETE FROM "report_clients" WHERE "k" = ANY(keys);
  INSERT INTO "report_clients" ("k", "first_kept", "kept_days", "done_days", "back_days")
  WITH client_rows AS (
    SELECT customer_key(a.email, a.phone) AS k, a.visit_id, a.starts_at,
      (a.starts_at AT TIME ZONE salon_time_zone())::date AS day, a.visit_status = 'completed' AS done
    FROM "appointments" AS a
    WHERE customer_key(a.email, a.phone) = ANY(keys)
      AND a.status = 'booked' AND a.pending_until IS NULL),
  -- A completed row is followed within 90 days by a completed one of another visit when the
  -- completed rows in (start, start + 90 days] outnumber its own visit's there.
  done_rows AS (SELECT k, day,
      count(*) OVER (PARTITION BY k ORDER BY starts_at
        RANGE BETWEEN CURRENT ROW AND interval '90 days' FOLLOWING EXCLUDE GROUP)
      > count(*) OVER (PARTITION BY k, visit_id ORDER BY starts_at
        RANGE BETWEEN CURRENT ROW AND interval '90 days' FOLLOWING EXCLUDE GROUP) AS back,
      starts_at = min(starts_at) OVER (PARTITION BY k, day) AS first_of_day
    FROM client_rows WHERE done),
  done_days AS (SELECT k, range_agg(daterange(day, day, '[]')) AS done_days,
      range_agg(daterange(day, day, '[]')) FILTER (WHERE first_of_day AND back) AS back_days
    FROM done_rows GROUP BY k)
  SELECT c.k, c.first_kept, c.kept_days, coalesce(d.done_days, '{}'), coalesce(d.back_days, '{}')
  FROM (SELECT k, min(starts_at) AS first_kept, range_agg(daterange(day, day, '[]')) AS kept_days
    FROM client_rows GROUP BY k) AS c
  LEFT JOIN done_days AS d USING (k);
END $$;
--> statement-breakpoint
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
  WHERE (o.starts_at, o.ends_at, o.worker, o.type_name, o.channel, o.status, o.pending_until,
      o.visit_status, o.charged_cents, o.tip_cents, o.price_cents, o.cancelled_at, o.email,
      o.phone, o.visit_id, o.created_at)
    IS DISTINCT FROM (n.starts_at, n.ends_at, n.worker, n.type_name, n.channel, n.status,
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
CREATE OR REPLACE FUNCTION "report_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_forget_all"();
  PERFORM "report_add"('{}', array(SELECT a FROM "appointments" AS a));
  PERFORM "report_refresh_clients"(array(
    SELECT DISTINCT customer_key(a.email, a.phone) FROM "appointments" AS a));
END $$;
